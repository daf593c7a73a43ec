/*
 * dbg_attach: a debugger's front end attaching to a running job (the tools chapter's co-location), for
 * DebuggerDaemonsTest.
 *
 *   dbg_attach SESSION_DIR DVM_PID TARGET_NS RANK|all per-proc|per-node|none N DAEMON [ARGS...]
 *
 * Connects to the DVM as a tool (PMIX_SERVER_PIDINFO, PMIX_SERVER_TMPDIR; or, when SESSION_DIR is
 * "file:URI_FILE", PMIX_SERVER_URI with it and DVM_PID unused), registers for PMIX_EVENT_JOB_END
 * and PMIx_Spawn's DAEMON with job info PMIX_DEBUGGER_DAEMONS, PMIX_DEBUG_TARGET (TARGET_NS with RANK, or
 * rank WILDCARD for "all"), PMIX_DEBUG_DAEMONS_PER_PROC or _PER_NODE N (uint16; "none": neither; "both":
 * both, which must be refused) and PMIX_NOTIFY_COMPLETION; the daemons' output comes to it (a tool's spawn
 * forwards it). Prints "spawned STATUS NS", "daemons-size S" (the daemon job's PMIX_JOB_SIZE), then waits
 * (60 s at most) for the daemon job's end: "job-end NS exit CODE".
 * Exit 0 when the daemons were spawned and ended with 0; 1 tool_init failed, 2 spawn refused, 3 no job-end,
 * 4 the daemon job's code was not 0.
 */
#include <pmix_tool.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
#define MAX_ENDED 32
static char ended[MAX_ENDED][PMIX_MAX_NSLEN + 1];
static int codes[MAX_ENDED], nended = 0;

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
    if (nended < MAX_ENDED) {
        PMIX_LOAD_NSPACE(ended[nended], ns);
        codes[nended++] = code;
    }
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
    if (cbfunc) cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
}

/* waits (until deadline) for the end of ns; its code, or -1000 when it did not end */
static int await_end(const char *ns, struct timespec *deadline)
{
    int code = -1000;
    pthread_mutex_lock(&lock);
    for (;;) {
        for (int i = 0; i < nended; i++) {
            if (0 == strncmp(ended[i], ns, PMIX_MAX_NSLEN)) code = codes[i];
        }
        if (code != -1000 || 0 != pthread_cond_timedwait(&cond, &lock, deadline)) break;
    }
    pthread_mutex_unlock(&lock);
    return code;
}

int main(int argc, char **argv)
{
    pmix_proc_t me, target, daemons;
    pmix_info_t info[2], jinfo[5];
    pmix_app_t app;
    pmix_status_t rc, code = PMIX_EVENT_JOB_END;
    pmix_nspace_t ns;
    pmix_value_t *val = NULL;
    bool yes = true;
    struct timespec deadline;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 8) {
        fprintf(stderr, "usage: dbg_attach SESSION_DIR DVM_PID TARGET_NS RANK|all per-proc|per-node|none|both N"
                        " DAEMON [ARGS...]\n");
        return 2;
    }
    pid_t pid = (pid_t) atoi(argv[2]);
    size_t ninfo = 2;
    if (0 == strncmp(argv[1], "file:", 5)) {
        /* a DVM on several hosts: by its URI file (--report-uri), PMIX_SERVER_URI "file:PATH" */
        PMIX_INFO_LOAD(&info[0], PMIX_SERVER_URI, argv[1], PMIX_STRING);
        ninfo = 1;
    } else {
        PMIX_INFO_LOAD(&info[0], PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
        PMIX_INFO_LOAD(&info[1], PMIX_SERVER_TMPDIR, argv[1], PMIX_STRING);
    }
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, info, ninfo))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIx_Register_event_handler(&code, 1, NULL, 0, on_event, NULL, NULL);

    PMIX_LOAD_PROCID(&target, argv[3], 0 == strcmp(argv[4], "all") ? PMIX_RANK_WILDCARD : (pmix_rank_t) atoi(argv[4]));
    uint16_t n = (uint16_t) atoi(argv[6]);
    size_t njinfo = 0;
    PMIX_INFO_LOAD(&jinfo[njinfo++], PMIX_DEBUGGER_DAEMONS, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&jinfo[njinfo++], PMIX_DEBUG_TARGET, &target, PMIX_PROC);
    PMIX_INFO_LOAD(&jinfo[njinfo++], PMIX_NOTIFY_COMPLETION, &yes, PMIX_BOOL);
    if (0 == strcmp(argv[5], "per-proc") || 0 == strcmp(argv[5], "both")) {
        PMIX_INFO_LOAD(&jinfo[njinfo++], PMIX_DEBUG_DAEMONS_PER_PROC, &n, PMIX_UINT16);
    }
    if (0 == strcmp(argv[5], "per-node") || 0 == strcmp(argv[5], "both")) {
        PMIX_INFO_LOAD(&jinfo[njinfo++], PMIX_DEBUG_DAEMONS_PER_NODE, &n, PMIX_UINT16);
    }
    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(argv[7]);
    app.argv = calloc(argc - 6, sizeof(char *));
    for (int i = 7; i < argc; i++) app.argv[i - 7] = strdup(argv[i]);
    app.maxprocs = 1; /* the placement, not maxprocs, says how many */
    rc = PMIx_Spawn(jinfo, njinfo, &app, 1, ns);
    printf("spawned %s %s\n", PMIx_Error_string(rc), PMIX_SUCCESS == rc ? ns : "-");
    if (PMIX_SUCCESS != rc) {
        PMIx_tool_finalize();
        return 2;
    }
    PMIX_LOAD_PROCID(&daemons, ns, PMIX_RANK_WILDCARD);
    if (PMIX_SUCCESS == PMIx_Get(&daemons, PMIX_JOB_SIZE, NULL, 0, &val)) {
        printf("daemons-size %u\n", val->data.uint32);
        PMIX_VALUE_RELEASE(val);
    }
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 60;
    int end = await_end(ns, &deadline);
    if (-1000 == end) {
        printf("no job-end event for %s\n", ns);
        PMIx_tool_finalize();
        return 3;
    }
    printf("job-end %s exit %d\n", ns, end);
    PMIx_tool_finalize();
    return 0 == end ? 0 : 4;
}
