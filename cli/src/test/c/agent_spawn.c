/*
 * agent_spawn: a libpmix 4.2.2 tool that spawns a job through an exec agent into a running pmix4j runtime.
 *
 *   agent_spawn RUNTIME_PID AGENT NPROCS PROGRAM [ARGS...]
 *
 * Connects (PMIX_SERVER_PIDINFO; rendezvous files under TMPDIR), spawns NPROCS copies of PROGRAM with
 * PMIX_EXEC_AGENT = AGENT, PMIX_NOTIFY_COMPLETION and PMIX_FWD_STDOUT/STDERR (libpmix writes the forwarded
 * output to ours), waits (60 s at most) for the job's end and prints "spawned NSPACE" and
 * "job-end NSPACE status S". Exit 0 then, 1 when the tool could not connect, 2 when the spawn was refused
 * ("spawn STATUS" printed), 3 on the time limit.
 */
#include <pmix_tool.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static char ended_ns[PMIX_MAX_NSLEN + 1];
static int ended_status;

static void on_end(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                   pmix_info_t results[], size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    pthread_mutex_lock(&lock);
    for (size_t n = 0; n < ninfo; n++) {
        if (PMIX_CHECK_KEY(&info[n], PMIX_EVENT_AFFECTED_PROC)) {
            snprintf(ended_ns, sizeof(ended_ns), "%s", info[n].value.data.proc->nspace);
        } else if (PMIX_CHECK_KEY(&info[n], PMIX_JOB_TERM_STATUS)) {
            ended_status = info[n].value.data.status;
        }
    }
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
    if (NULL != cbfunc) {
        cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
    }
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t info;
    if (argc < 5) {
        fprintf(stderr, "usage: agent_spawn RUNTIME_PID AGENT NPROCS PROGRAM [ARGS...]\n");
        return 2;
    }
    pid_t pid = (pid_t) atoi(argv[1]);
    PMIX_INFO_LOAD(&info, PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    if (PMIX_SUCCESS != PMIx_tool_init(&me, &info, 1)) {
        fprintf(stderr, "PMIx_tool_init failed\n");
        return 1;
    }
    pmix_status_t code = PMIX_EVENT_JOB_END;
    PMIx_Register_event_handler(&code, 1, NULL, 0, on_end, NULL, NULL);
    pmix_app_t app;
    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(argv[4]);
    app.argv = calloc(argc - 3, sizeof(char *));
    for (int i = 4; i < argc; i++) {
        app.argv[i - 4] = strdup(argv[i]);
    }
    app.maxprocs = atoi(argv[3]);
    char cwd[4096];
    if (NULL != getcwd(cwd, sizeof(cwd))) {
        app.cwd = strdup(cwd);
    }
    pmix_info_t jinfo[4];
    PMIX_INFO_LOAD(&jinfo[0], PMIX_EXEC_AGENT, argv[2], PMIX_STRING);
    PMIX_INFO_LOAD(&jinfo[1], PMIX_NOTIFY_COMPLETION, NULL, PMIX_BOOL);
    PMIX_INFO_LOAD(&jinfo[2], PMIX_FWD_STDOUT, NULL, PMIX_BOOL);
    PMIX_INFO_LOAD(&jinfo[3], PMIX_FWD_STDERR, NULL, PMIX_BOOL);
    char nspace[PMIX_MAX_NSLEN + 1];
    pmix_status_t rc = PMIx_Spawn(jinfo, 4, &app, 1, nspace);
    if (PMIX_SUCCESS != rc) {
        printf("spawn %s\n", PMIx_Error_string(rc));
        PMIx_tool_finalize();
        return 2;
    }
    printf("spawned %s\n", nspace);
    fflush(stdout);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 60;
    int ok = 1;
    pthread_mutex_lock(&lock);
    while (0 != strcmp(ended_ns, nspace)) {
        if (0 != pthread_cond_timedwait(&cond, &lock, &until)) {
            ok = 0;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    if (!ok) {
        printf("no job end for %s\n", nspace);
        PMIx_tool_finalize();
        return 3;
    }
    printf("job-end %s status %s\n", nspace, PMIx_Error_string(ended_status));
    fflush(stdout);
    PMIx_tool_finalize();
    return 0;
}
