/*
 * alloc_tool: a libpmix 4.2.2 tool that asks a PMIx server (pmix4j sched, or a DVM) for an allocation, or
 * releases one, with PMIx_Allocation_request.
 *
 *   alloc_tool URI new SLOTS SECONDS [WAIT]   PMIX_ALLOC_NEW of SLOTS slots (PMIX_ALLOC_NUM_CPUS) for SECONDS
 *                                             (PMIX_ALLOC_TIME), waiting at most WAIT s (PMIX_TIMEOUT); prints
 *                                             "granted <session id> <alloc id>" then holds the session until
 *                                             its stdin ends, or "refused <status name>"
 *   alloc_tool URI release ID                 PMIX_ALLOC_RELEASE of session ID; prints "release <status name>"
 *   alloc_tool URI extend ID SECONDS          PMIX_ALLOC_EXTEND of session ID by SECONDS (PMIX_ALLOC_TIME); prints
 *                                             "extend <status name>"
 *
 * URI is the server's PMIx URI (PMIX_SERVER_URI), so that a tool of another user needs no file of the
 * server's. Exit 0 when the request succeeded, 1 when tool_init failed, 2 on bad arguments, 3 refused.
 */
#include <pmix_tool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int find_u32(pmix_info_t *info, size_t n, const char *key, uint32_t *out)
{
    for (size_t i = 0; i < n; i++) {
        if (0 == strcmp(info[i].key, key) && PMIX_UINT32 == info[i].value.type) {
            *out = info[i].value.data.uint32;
            return 1;
        }
    }
    return 0;
}

static const char *find_string(pmix_info_t *info, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++) {
        if (0 == strcmp(info[i].key, key) && PMIX_STRING == info[i].value.type) {
            return info[i].value.data.string;
        }
    }
    return "?";
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t init, ask[3], *results = NULL;
    size_t nresults = 0, nask = 0;
    pmix_status_t rc;
    char line[256];

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 4 || (0 == strcmp(argv[2], "new") && argc < 5)) {
        fprintf(stderr, "usage: alloc_tool URI new SLOTS SECONDS [WAIT] | release ID | extend ID SECONDS\n");
        return 2;
    }
    PMIX_INFO_LOAD(&init, PMIX_SERVER_URI, argv[1], PMIX_STRING);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, &init, 1))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    if (0 == strcmp(argv[2], "new")) {
        uint64_t slots = strtoull(argv[3], NULL, 10);
        uint32_t seconds = (uint32_t) strtoul(argv[4], NULL, 10);
        int wait = argc > 5 ? atoi(argv[5]) : 0;
        PMIX_INFO_LOAD(&ask[nask], PMIX_ALLOC_NUM_CPUS, &slots, PMIX_UINT64);
        nask++;
        PMIX_INFO_LOAD(&ask[nask], PMIX_ALLOC_TIME, &seconds, PMIX_UINT32);
        nask++;
        if (wait > 0) {
            PMIX_INFO_LOAD(&ask[nask], PMIX_TIMEOUT, &wait, PMIX_INT);
            nask++;
        }
        rc = PMIx_Allocation_request(PMIX_ALLOC_NEW, ask, nask, &results, &nresults);
        if (PMIX_SUCCESS != rc) {
            printf("refused %s\n", PMIx_Error_string(rc));
            PMIx_tool_finalize();
            return 3;
        }
        uint32_t id = 0;
        find_u32(results, nresults, PMIX_SESSION_ID, &id);
        printf("granted %u %s\n", id, find_string(results, nresults, PMIX_ALLOC_ID));
        /* the session lives with this connection: hold it until told to let go */
        while (NULL != fgets(line, sizeof(line), stdin)) {
        }
        PMIx_tool_finalize();
        return 0;
    }
    if (0 == strcmp(argv[2], "release")) {
        uint32_t id = (uint32_t) strtoul(argv[3], NULL, 10);
        PMIX_INFO_LOAD(&ask[0], PMIX_SESSION_ID, &id, PMIX_UINT32);
        rc = PMIx_Allocation_request(PMIX_ALLOC_RELEASE, ask, 1, &results, &nresults);
        printf("release %s\n", PMIx_Error_string(rc));
        PMIx_tool_finalize();
        return PMIX_SUCCESS == rc ? 0 : 3;
    }
    if (0 == strcmp(argv[2], "extend") && argc > 4) {
        uint32_t id = (uint32_t) strtoul(argv[3], NULL, 10);
        uint32_t seconds = (uint32_t) strtoul(argv[4], NULL, 10);
        PMIX_INFO_LOAD(&ask[0], PMIX_SESSION_ID, &id, PMIX_UINT32);
        PMIX_INFO_LOAD(&ask[1], PMIX_ALLOC_TIME, &seconds, PMIX_UINT32);
        rc = PMIx_Allocation_request(PMIX_ALLOC_EXTEND, ask, 2, &results, &nresults);
        printf("extend %s\n", PMIx_Error_string(rc));
        PMIx_tool_finalize();
        return PMIX_SUCCESS == rc ? 0 : 3;
    }
    fprintf(stderr, "alloc_tool: unknown operation %s\n", argv[2]);
    PMIx_tool_finalize();
    return 2;
}
