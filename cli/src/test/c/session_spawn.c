/*
 * session_spawn: a PMIx tool that asks a running `pmix4j dvm` to start a job in a session and waits for
 * its end.
 *
 *   session_spawn SESSION_DIR DVM_PID SESSION_ID NP PROGRAM [ARGS...]
 *
 * Connects to the DVM (PMIX_SERVER_PIDINFO = DVM_PID, PMIX_SERVER_TMPDIR = SESSION_DIR), registers for
 * PMIX_EVENT_JOB_END, PMIx_Spawn's NP processes of PROGRAM with PMIX_SESSION_ID = SESSION_ID ("-": none)
 * and PMIX_NOTIFY_COMPLETION, and waits (30 s at most) for that job's end. Prints "spawned <status name>
 * <nspace>" and "job-end <nspace> exit <code>". Exit 0 when the job ran and ended with code 0; 1 tool_init
 * failed, 2 the spawn was refused, 3 no job-end event, 4 the job's exit code was not 0.
 */
#include <pmix_tool.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static char spawned[PMIX_MAX_NSLEN + 1];
static int ended = 0, exit_code = -1;
/* a job that ends before PMIx_Spawn returns here ends before its namespace is known: kept until then */
#define EARLY 16
static char early_ns[EARLY][PMIX_MAX_NSLEN + 1];
static int early_code[EARLY], nearly = 0;

static void on_event(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                     pmix_info_t results[], size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id; (void) status; (void) results; (void) nresults;
    const char *ns = source->nspace;
    int code = 0;
    for (size_t i = 0; i < ninfo; i++) {
        if (PMIX_CHECK_KEY(&info[i], PMIX_EVENT_AFFECTED_PROC)) {
            ns = info[i].value.data.proc->nspace;
        } else if (PMIX_CHECK_KEY(&info[i], PMIX_EXIT_CODE)) {
            code = info[i].value.data.integer;
        } else if (PMIX_CHECK_KEY(&info[i], PMIX_JOB_TERM_STATUS) && 0 == code) {
            code = info[i].value.data.status;
        }
    }
    pthread_mutex_lock(&lock);
    if ('\0' != spawned[0] && 0 == strncmp(ns, spawned, PMIX_MAX_NSLEN)) {
        printf("job-end %s exit %d\n", ns, code);
        ended = 1;
        exit_code = code;
        pthread_cond_broadcast(&cond);
    } else if ('\0' == spawned[0] && nearly < EARLY) {
        PMIX_LOAD_NSPACE(early_ns[nearly], ns);
        early_code[nearly++] = code;
    }
    pthread_mutex_unlock(&lock);
    if (cbfunc) cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t info[2], jinfo[2];
    size_t njinfo = 1;
    pmix_app_t app;
    pmix_status_t rc, code = PMIX_EVENT_JOB_END;
    pmix_nspace_t ns;
    bool yes = true;
    struct timespec deadline;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 6) {
        fprintf(stderr, "usage: session_spawn SESSION_DIR DVM_PID SESSION_ID NP PROGRAM [ARGS...]\n");
        return 2;
    }
    pid_t pid = (pid_t) atoi(argv[2]);
    PMIX_INFO_LOAD(&info[0], PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    PMIX_INFO_LOAD(&info[1], PMIX_SERVER_TMPDIR, argv[1], PMIX_STRING);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, info, 2))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    rc = PMIx_Register_event_handler(&code, 1, NULL, 0, on_event, NULL, NULL);
    if (rc < 0) {
        fprintf(stderr, "register failed: %s\n", PMIx_Error_string(rc));
    }
    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(argv[5]);
    app.argv = calloc(argc - 4, sizeof(char *));
    for (int i = 5; i < argc; i++) app.argv[i - 5] = strdup(argv[i]);
    app.maxprocs = atoi(argv[4]);
    PMIX_INFO_LOAD(&jinfo[0], PMIX_NOTIFY_COMPLETION, &yes, PMIX_BOOL);
    if (0 != strcmp(argv[3], "-")) {
        uint32_t sid = (uint32_t) strtoul(argv[3], NULL, 10);
        PMIX_INFO_LOAD(&jinfo[1], PMIX_SESSION_ID, &sid, PMIX_UINT32);
        njinfo = 2;
    }
    rc = PMIx_Spawn(jinfo, njinfo, &app, 1, ns);
    printf("spawned %s %s\n", PMIx_Error_string(rc), PMIX_SUCCESS == rc ? ns : "-");
    if (PMIX_SUCCESS != rc) {
        PMIx_tool_finalize();
        return 2;
    }
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 30;
    pthread_mutex_lock(&lock);
    PMIX_LOAD_NSPACE(spawned, ns);
    for (int i = 0; i < nearly; i++) {
        if (0 == strncmp(early_ns[i], spawned, PMIX_MAX_NSLEN)) {
            printf("job-end %s exit %d\n", spawned, early_code[i]);
            ended = 1;
            exit_code = early_code[i];
        }
    }
    while (!ended) {
        if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) break;
    }
    int got = ended, code_seen = exit_code;
    pthread_mutex_unlock(&lock);
    PMIx_tool_finalize();
    if (!got) {
        printf("no job-end event for %s\n", ns);
        return 3;
    }
    return code_seen == 0 ? 0 : 4;
}
