/*
 * A libpmix tool for the job-control tests (cli/src/test/java/org/pmix4j/cli/cleanup/JobControlTest).
 * Usage: jobctl_tool LAUNCHER_PID NSPACE RANK|* ACTION...
 * Connects to the `pmix4j run` whose pid is given (PMIX_SERVER_PIDINFO: libpmix finds the launcher's
 * rendezvous file under TMPDIR), then makes one PMIx_Job_control call per ACTION on {NSPACE, RANK} (or
 * the whole namespace for '*'): kill, terminate, pause, resume, signal:<n>, checkpoint. Prints
 * "TOOL <action> rc=<status>" for each.
 */
#include <pmix_tool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    pmix_proc_t me, target;
    pmix_info_t info;
    pmix_info_t *results;
    size_t nresults;
    pmix_status_t rc;
    pid_t server;
    bool yes = true;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 5) {
        fprintf(stderr, "usage: jobctl_tool LAUNCHER_PID NSPACE RANK|* ACTION...\n");
        return 2;
    }
    server = (pid_t) atoi(argv[1]);
    PMIX_INFO_LOAD(&info, PMIX_SERVER_PIDINFO, &server, PMIX_PID);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, &info, 1))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_INFO_DESTRUCT(&info);
    PMIX_LOAD_PROCID(&target, argv[2], 0 == strcmp(argv[3], "*") ? PMIX_RANK_WILDCARD : (pmix_rank_t) atoi(argv[3]));
    for (int i = 4; i < argc; i++) {
        const char *a = argv[i];
        if (0 == strcmp(a, "kill")) {
            PMIX_INFO_LOAD(&info, PMIX_JOB_CTRL_KILL, &yes, PMIX_BOOL);
        } else if (0 == strcmp(a, "terminate")) {
            PMIX_INFO_LOAD(&info, PMIX_JOB_CTRL_TERMINATE, &yes, PMIX_BOOL);
        } else if (0 == strcmp(a, "pause")) {
            PMIX_INFO_LOAD(&info, PMIX_JOB_CTRL_PAUSE, &yes, PMIX_BOOL);
        } else if (0 == strcmp(a, "resume")) {
            PMIX_INFO_LOAD(&info, PMIX_JOB_CTRL_RESUME, &yes, PMIX_BOOL);
        } else if (0 == strncmp(a, "signal:", 7)) {
            int sig = atoi(a + 7);
            PMIX_INFO_LOAD(&info, PMIX_JOB_CTRL_SIGNAL, &sig, PMIX_INT);
        } else if (0 == strcmp(a, "checkpoint")) {
            PMIX_INFO_LOAD(&info, PMIX_JOB_CTRL_CHECKPOINT, "tool-ckpt", PMIX_STRING);
        } else {
            fprintf(stderr, "unknown action %s\n", a);
            return 2;
        }
        results = NULL;
        nresults = 0;
        rc = PMIx_Job_control(&target, 1, &info, 1, &results, &nresults);
        PMIX_INFO_DESTRUCT(&info);
        if (NULL != results) {
            PMIX_INFO_FREE(results, nresults);
        }
        printf("TOOL %s rc=%d\n", a, rc);
    }
    PMIx_tool_finalize();
    return 0;
}
