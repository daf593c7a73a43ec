/*
 * debug_spawn: a debugger's launch, as a libpmix 4.2.2 tool does it against a running pmix4j runtime.
 *
 *   debug_spawn init|exec|app RUNTIME_PID NPROCS PROGRAM [ARGS...]
 *
 * Connects to the runtime (PMIX_SERVER_PIDINFO; the rendezvous files are under TMPDIR), checks through
 * PMIX_QUERY_ATTRIBUTE_SUPPORT that the host supports the pause for PMIx_Spawn ("attr PMIX_DEBUG_STOP_... yes|no")
 * and prints PMIX_QUERY_DEBUG_SUPPORT ("debug-support KEY,KEY..."),
 * registers for PMIX_READY_FOR_DEBUG and PMIX_EVENT_JOB_END, and spawns NPROCS copies of PROGRAM paused
 * (PMIX_DEBUG_STOP_IN_INIT, _ON_EXEC or _IN_APP) with PMIX_NOTIFY_COMPLETION and PMIX_FWD_STDOUT. When the
 * runtime says the job is ready it prints
 *   ready NSPACE
 *   proc RANK pid PID host HOST
 * (one line per process, from PMIX_QUERY_PROC_TABLE), then waits for a line on stdin (a debugger attaches
 * meanwhile), sends PMIX_DEBUGGER_RELEASE to the job (PMIX_RANGE_CUSTOM, the namespace with rank WILDCARD),
 * prints "released", and waits (60 s at most) for the job's end: "job-end NSPACE status S". The processes'
 * stdout is forwarded to ours (libpmix 4.2.2 writes what a spawn with PMIX_FWD_STDOUT forwards to the tool's
 * stdout itself; a pull would add a second copy through its handler). Exit 0 when all this happened, 1 when the tool could not connect, 2 when the
 * spawn was refused, 3 on a time limit.
 */
#include <pmix_tool.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static char ready_ns[PMIX_MAX_NSLEN + 1];
static char ended_ns[PMIX_MAX_NSLEN + 1];
static int ended_status;

static void on_event(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[],
                     size_t ninfo, pmix_info_t results[], size_t nresults,
                     pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    const char *ns = NULL;
    int term = 0;
    for (size_t n = 0; n < ninfo; n++) {
        if (PMIX_CHECK_KEY(&info[n], PMIX_NSPACE) && PMIX_STRING == info[n].value.type) {
            ns = info[n].value.data.string;
        } else if (PMIX_CHECK_KEY(&info[n], PMIX_EVENT_AFFECTED_PROC) && NULL == ns) {
            ns = info[n].value.data.proc->nspace;
        } else if (PMIX_CHECK_KEY(&info[n], PMIX_JOB_TERM_STATUS)) {
            term = info[n].value.data.status;
        }
    }
    pthread_mutex_lock(&lock);
    if (NULL != ns) {
        if (PMIX_READY_FOR_DEBUG == status) {
            snprintf(ready_ns, sizeof(ready_ns), "%s", ns);
        } else if (PMIX_EVENT_JOB_END == status) {
            snprintf(ended_ns, sizeof(ended_ns), "%s", ns);
            ended_status = term;
        }
    }
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
    if (NULL != cbfunc) {
        cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
    }
}

/* waits until the slot names NSPACE (or any job when nspace is empty): 0 when it did */
static int await(char *slot, const char *nspace, int seconds)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += seconds;
    int rc = 0;
    pthread_mutex_lock(&lock);
    while ('\0' == slot[0] || ('\0' != nspace[0] && 0 != strcmp(slot, nspace))) {
        if (0 != pthread_cond_timedwait(&cond, &lock, &until)) {
            rc = -1;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

static const char *supported(const char *key)
{
    pmix_query_t q;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    pmix_status_t rc_unused __attribute__((unused));
    PMIX_QUERY_CONSTRUCT(&q);
    PMIX_ARGV_APPEND(rc_unused, q.keys, PMIX_QUERY_ATTRIBUTE_SUPPORT);
    PMIX_QUERY_QUALIFIERS_CREATE(&q, 1);
    PMIX_INFO_LOAD(&q.qualifiers[0], PMIX_HOST_ATTRIBUTES, "PMIx_Spawn", PMIX_STRING);
    const char *answer = "no";
    if (PMIX_SUCCESS == PMIx_Query_info(&q, 1, &results, &nresults)) {
        for (size_t n = 0; n < nresults; n++) {
            if (PMIX_DATA_ARRAY != results[n].value.type || NULL == results[n].value.data.darray) {
                continue;
            }
            pmix_data_array_t *d = results[n].value.data.darray;
            if (PMIX_INFO != d->type) {
                continue;
            }
            pmix_info_t *fns = (pmix_info_t *) d->array;
            for (size_t f = 0; f < d->size; f++) {
                if (PMIX_DATA_ARRAY != fns[f].value.type || PMIX_REGATTR != fns[f].value.data.darray->type) {
                    continue;
                }
                pmix_regattr_t *attrs = (pmix_regattr_t *) fns[f].value.data.darray->array;
                for (size_t a = 0; a < fns[f].value.data.darray->size; a++) {
                    if (NULL != attrs[a].name && 0 == strcmp(attrs[a].name, key)) {
                        answer = "yes";
                    }
                }
            }
        }
    }
    return answer;
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t info;
    if (argc < 5) {
        fprintf(stderr, "usage: debug_spawn init|exec|app RUNTIME_PID NPROCS PROGRAM [ARGS...]\n");
        return 2;
    }
    const char *mode = argv[1];
    const char *key = 0 == strcmp(mode, "exec") ? PMIX_DEBUG_STOP_ON_EXEC
                      : 0 == strcmp(mode, "app") ? PMIX_DEBUG_STOP_IN_APP : PMIX_DEBUG_STOP_IN_INIT;
    const char *name = 0 == strcmp(mode, "exec") ? "PMIX_DEBUG_STOP_ON_EXEC"
                       : 0 == strcmp(mode, "app") ? "PMIX_DEBUG_STOP_IN_APP" : "PMIX_DEBUG_STOP_IN_INIT";
    pid_t pid = (pid_t) atoi(argv[2]);
    PMIX_INFO_LOAD(&info, PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    if (PMIX_SUCCESS != PMIx_tool_init(&me, &info, 1)) {
        fprintf(stderr, "PMIx_tool_init failed\n");
        return 1;
    }
    printf("attr %s %s\n", name, supported(name));
    {
        pmix_query_t dq;
        pmix_status_t r __attribute__((unused));
        pmix_info_t *res = NULL;
        size_t nres = 0;
        PMIX_QUERY_CONSTRUCT(&dq);
        PMIX_ARGV_APPEND(r, dq.keys, PMIX_QUERY_DEBUG_SUPPORT);
        if (PMIX_SUCCESS == PMIx_Query_info(&dq, 1, &res, &nres) && 0 < nres && PMIX_STRING == res[0].value.type) {
            printf("debug-support %s\n", res[0].value.data.string);
        } else {
            printf("debug-support none\n");
        }
    }
    fflush(stdout);

    pmix_status_t codes[2] = {PMIX_READY_FOR_DEBUG, PMIX_EVENT_JOB_END};
    PMIx_Register_event_handler(codes, 2, NULL, 0, on_event, NULL, NULL);

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
    pmix_info_t jinfo[3];
    PMIX_INFO_LOAD(&jinfo[0], key, NULL, PMIX_BOOL);
    PMIX_INFO_LOAD(&jinfo[1], PMIX_NOTIFY_COMPLETION, NULL, PMIX_BOOL);
    PMIX_INFO_LOAD(&jinfo[2], PMIX_FWD_STDOUT, NULL, PMIX_BOOL);
    char nspace[PMIX_MAX_NSLEN + 1];
    pmix_status_t rc = PMIx_Spawn(jinfo, 3, &app, 1, nspace);
    if (PMIX_SUCCESS != rc) {
        printf("spawn %s\n", PMIx_Error_string(rc));
        PMIx_tool_finalize();
        return 2;
    }
    pmix_proc_t all;
    PMIX_LOAD_PROCID(&all, nspace, PMIX_RANK_WILDCARD);
    if (0 != await(ready_ns, nspace, 60)) {
        printf("no ready-for-debug for %s\n", nspace);
        PMIx_tool_finalize();
        return 3;
    }
    printf("ready %s\n", nspace);

    pmix_query_t q;
    pmix_status_t rc_unused __attribute__((unused));
    PMIX_QUERY_CONSTRUCT(&q);
    PMIX_ARGV_APPEND(rc_unused, q.keys, PMIX_QUERY_PROC_TABLE);
    PMIX_QUERY_QUALIFIERS_CREATE(&q, 1);
    PMIX_INFO_LOAD(&q.qualifiers[0], PMIX_NSPACE, nspace, PMIX_STRING);
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    if (PMIX_SUCCESS == PMIx_Query_info(&q, 1, &results, &nresults)) {
        for (size_t n = 0; n < nresults; n++) {
            if (PMIX_DATA_ARRAY == results[n].value.type && PMIX_PROC_INFO == results[n].value.data.darray->type) {
                pmix_proc_info_t *p = (pmix_proc_info_t *) results[n].value.data.darray->array;
                for (size_t i = 0; i < results[n].value.data.darray->size; i++) {
                    printf("proc %u pid %d host %s\n", p[i].proc.rank, (int) p[i].pid, p[i].hostname);
                }
            }
        }
    }
    fflush(stdout);

    char line[64];
    if (NULL == fgets(line, sizeof(line), stdin)) {
        printf("no go-ahead on stdin\n");
    }
    pmix_info_t rel[2];
    pmix_data_array_t targets = {.type = PMIX_PROC, .size = 1, .array = &all};
    PMIX_INFO_LOAD(&rel[0], PMIX_EVENT_CUSTOM_RANGE, &targets, PMIX_DATA_ARRAY);
    PMIX_INFO_LOAD(&rel[1], PMIX_EVENT_NON_DEFAULT, NULL, PMIX_BOOL);
    rc = PMIx_Notify_event(PMIX_DEBUGGER_RELEASE, &me, PMIX_RANGE_CUSTOM, rel, 2, NULL, NULL);
    printf("released %s\n", PMIx_Error_string(rc));
    fflush(stdout);
    if (0 != await(ended_ns, nspace, 60)) {
        printf("no job end for %s\n", nspace);
        PMIx_tool_finalize();
        return 3;
    }
    printf("job-end %s status %s\n", nspace, PMIx_Error_string(ended_status));
    fflush(stdout);
    PMIx_tool_finalize();
    return 0;
}
