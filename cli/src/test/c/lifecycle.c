/*
 * lifecycle: a libpmix client for the launcher's failure tests (RunFailuresTest).
 *
 *   lifecycle abort RANK STATUS MESSAGE   RANK calls PMIx_Abort(STATUS, MESSAGE) for its job after 0.3 s;
 *                                         the others wait in a fence over the job
 *   lifecycle die RANK                    the others enter a fence over the job, print its status and wait
 *                                         to be stopped; RANK sleeps 0.5 s (so that they are inside), then
 *                                         kills itself with SIGKILL without entering it
 *   lifecycle die-exit RANK               the same, but the others exit 5 as soon as their fence fails
 *   lifecycle drop RANK                   as die, but RANK closes its connection (exits with status 0
 *                                         without finalizing) instead of dying by a signal
 *   lifecycle nofinalize RANK             RANK exits 0 without PMIx_Finalize; the others finalize
 *
 * Output: "ready <rank> <pid>" after PMIx_Init, "FENCE <rank> <status>" when a fence returns,
 * "ABORT-RETURNED <rank> <status>" should PMIx_Abort return. A rank whose fence succeeded (which must not
 * happen in these modes) finalizes and exits 6.
 */
#include <pmix.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    pmix_proc_t me, wild;
    pmix_status_t rc;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 3) {
        fprintf(stderr, "usage: lifecycle abort|die|drop|nofinalize RANK [STATUS MESSAGE]\n");
        return 2;
    }
    const char *mode = argv[1];
    uint32_t victim = (uint32_t) atoi(argv[2]);
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("ready %u %d\n", me.rank, (int) getpid());
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);

    if (0 == strcmp(mode, "nofinalize")) {
        if (me.rank == victim) {
            return 0;
        }
        PMIx_Finalize(NULL, 0);
        return 0;
    }
    if (me.rank == victim) {
        if (0 == strcmp(mode, "abort") && argc > 4) {
            usleep(300000);
            rc = PMIx_Abort(atoi(argv[3]), argv[4], NULL, 0);
            printf("ABORT-RETURNED %u %s\n", me.rank, PMIx_Error_string(rc));
            sleep(30); /* the launcher stops us */
            return 7;
        }
        usleep(500000);
        if (0 == strncmp(mode, "die", 3)) {
            raise(SIGKILL);
        }
        _exit(0); /* drop: the connection closes, no finalize */
    }
    rc = PMIx_Fence(&wild, 1, NULL, 0);
    printf("FENCE %u %s\n", me.rank, PMIx_Error_string(rc));
    if (PMIX_SUCCESS != rc) {
        if (0 == strcmp(mode, "die-exit")) {
            return 5;
        }
        sleep(30); /* the launcher stops us */
        return 5;
    }
    PMIx_Finalize(NULL, 0);
    return 6;
}
