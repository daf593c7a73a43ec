/*
 * init_and_exit: a libpmix client for lifecycle tests (failed runs, signals, cleanup).
 *
 *   init_and_exit [--fail-rank R --code C] [--sleep SECONDS]
 *
 * PMIx_Init, then prints "ready <nspace>:<rank>" (flushed). The process whose rank is R exits at once
 * with status C without finalizing (a crashed rank); every other one sleeps SECONDS (default 0), then
 * finalizes and exits 0. Exit 1 when PMIx_Init fails, 3 when PMIx_Finalize does.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    long fail_rank = -1, code = 0, secs = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (0 == strcmp(argv[i], "--fail-rank")) fail_rank = atol(argv[i + 1]);
        else if (0 == strcmp(argv[i], "--code")) code = atol(argv[i + 1]);
        else if (0 == strcmp(argv[i], "--sleep")) secs = atol(argv[i + 1]);
    }
    pmix_proc_t me;
    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("ready %s:%u\n", me.nspace, me.rank);
    fflush(stdout);
    if ((long) me.rank == fail_rank) {
        fprintf(stderr, "rank %u exits with status %ld without finalizing\n", me.rank, code);
        _exit((int) code);
    }
    if (secs > 0) sleep((unsigned) secs);
    rc = PMIx_Finalize(NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_Finalize failed: %s\n", PMIx_Error_string(rc));
        return 3;
    }
    return 0;
}
