/*
 * alloc_client: a PMIx client of a job under the DVM that asks for an allocation (PMIx_Allocation_request,
 * which the DVM forwards to the node's scheduler) and launches into the new session.
 *
 *   alloc_client SLOTS SECONDS DIR PROGRAM
 *
 * Asks for SLOTS slots for SECONDS (PMIX_ALLOC_NUM_CPUS, PMIX_ALLOC_TIME) and prints "granted <session id>"
 * or "refused <status name>"; then spawns SLOTS + 1 processes of PROGRAM into the session (PMIX_SESSION_ID:
 * more than it holds) and prints "oversized <status name>", then SLOTS processes (each given DIR as its
 * argument) and prints "spawned <status name>"; then waits (60 s at most) for the file DIR/done and finalizes. Exit 0 when the
 * allocation was granted, 1 when PMIx_Init failed, 2 on bad arguments, 3 refused.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pmix_status_t spawn_into(uint32_t sid, const char *program, const char *arg, int np)
{
    pmix_app_t app;
    pmix_info_t directive;
    pmix_nspace_t ns;
    pmix_status_t rc;

    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(program);
    app.argv = calloc(3, sizeof(char *));
    app.argv[0] = strdup(program);
    app.argv[1] = strdup(arg);
    app.maxprocs = np;
    PMIX_INFO_LOAD(&directive, PMIX_SESSION_ID, &sid, PMIX_UINT32);
    rc = PMIx_Spawn(&directive, 1, &app, 1, ns);
    PMIX_APP_DESTRUCT(&app);
    return rc;
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t ask[2], *results = NULL;
    size_t nresults = 0;
    pmix_status_t rc;
    char done[4096];
    uint32_t sid = 0;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc != 5) {
        fprintf(stderr, "usage: alloc_client SLOTS SECONDS DIR PROGRAM\n");
        return 2;
    }
    if (PMIX_SUCCESS != PMIx_Init(&me, NULL, 0)) {
        fprintf(stderr, "PMIx_Init failed\n");
        return 1;
    }
    uint64_t slots = strtoull(argv[1], NULL, 10);
    uint32_t seconds = (uint32_t) strtoul(argv[2], NULL, 10);
    PMIX_INFO_LOAD(&ask[0], PMIX_ALLOC_NUM_CPUS, &slots, PMIX_UINT64);
    PMIX_INFO_LOAD(&ask[1], PMIX_ALLOC_TIME, &seconds, PMIX_UINT32);
    rc = PMIx_Allocation_request(PMIX_ALLOC_NEW, ask, 2, &results, &nresults);
    if (PMIX_SUCCESS != rc) {
        printf("refused %s\n", PMIx_Error_string(rc));
        PMIx_Finalize(NULL, 0);
        return 3;
    }
    for (size_t i = 0; i < nresults; i++) {
        if (0 == strcmp(results[i].key, PMIX_SESSION_ID) && PMIX_UINT32 == results[i].value.type) {
            sid = results[i].value.data.uint32;
        }
    }
    printf("granted %u\n", sid);
    printf("oversized %s\n", PMIx_Error_string(spawn_into(sid, argv[4], argv[3], (int) slots + 1)));
    printf("spawned %s\n", PMIx_Error_string(spawn_into(sid, argv[4], argv[3], (int) slots)));
    snprintf(done, sizeof(done), "%s/done", argv[3]);
    for (int i = 0; i < 600 && 0 != access(done, F_OK); i++) {
        usleep(100000);
    }
    PMIx_Finalize(NULL, 0);
    return 0;
}
