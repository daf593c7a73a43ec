/* A tool that asks for a fixed name. Usage: tool_fixed_id SERVER_URI [NSPACE RANK]
 * Connects to the server with PMIX_TOOL_NSPACE/PMIX_TOOL_RANK when given (else lets the server name it),
 * prints "init rc=<status> <name> <name of the status>", then, when connected, stays so until its stdin
 * ends, and finalizes. Exits 0 when connected, 1 when PMIx_tool_init failed. */
#include <pmix_tool.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t info[3];
    size_t ninfo = 1;
    pmix_rank_t rank;
    pmix_status_t rc;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc != 2 && argc != 4) {
        fprintf(stderr, "usage: tool_fixed_id SERVER_URI [NSPACE RANK]\n");
        return 2;
    }
    PMIX_INFO_LOAD(&info[0], PMIX_SERVER_URI, argv[1], PMIX_STRING);
    if (argc == 4) {
        rank = (pmix_rank_t) strtoul(argv[3], NULL, 10);
        PMIX_INFO_LOAD(&info[1], PMIX_TOOL_NSPACE, argv[2], PMIX_STRING);
        PMIX_INFO_LOAD(&info[2], PMIX_TOOL_RANK, &rank, PMIX_PROC_RANK);
        ninfo = 3;
    }
    rc = PMIx_tool_init(&me, info, ninfo);
    if (PMIX_SUCCESS != rc) {
        printf("init rc=%d - %s\n", rc, PMIx_Error_string(rc));
        return 1;
    }
    printf("init rc=0 %s:%u\n", me.nspace, me.rank);
    while (EOF != getchar()) {
    }
    PMIx_tool_finalize();
    printf("finalized\n");
    return 0;
}
