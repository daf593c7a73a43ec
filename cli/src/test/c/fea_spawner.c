/*
 * fea_spawner: a PMIx tool that launches a job through a fork/exec agent and looks at it while it runs.
 *
 *   fea_spawner SESSION_DIR|- LAUNCHER_PID AGENT NP GO_FILE PROGRAM [ARGS...]
 *
 * Connects to the launcher (PMIX_SERVER_PIDINFO = LAUNCHER_PID, and PMIX_SERVER_TMPDIR = SESSION_DIR unless
 * "-"), registers for PMIX_EVENT_JOB_END and PMIx_Spawn's NP processes of PROGRAM with PMIX_FORKEXEC_AGENT =
 * AGENT and PMIX_NOTIFY_COMPLETION (and PMIX_DEBUG_STOP_IN_INIT when FEA_STOP_IN_INIT is set in the
 * environment: the job then waits in PMIx_Init for PMIX_DEBUGGER_RELEASE, from `pmix4j debug release`). Prints "spawned <status> <nspace>", then queries PMIX_QUERY_NAMESPACES
 * and prints "namespaces <list>" and, for every other namespace listed, its PMIX_QUERY_PROC_TABLE as
 * "proctable <nspace> rank <r> pid <pid> exe <executable>" lines; creates GO_FILE (the application may wait for it) and waits (60 s at
 * most) for the job's end: "job-end <nspace> exit <code>". The job's output comes to the tool (a tool's
 * default) and is printed by libpmix. Exit 0 when the job was spawned and ended with code 0; 1 tool_init
 * failed, 2 spawn failed, 3 no job-end event, 4 the job's exit code was not 0, 5 the query failed.
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
    }
    pthread_mutex_unlock(&lock);
    if (cbfunc) cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t info[2], jinfo[3];
    pmix_app_t app;
    pmix_status_t rc, code = PMIX_EVENT_JOB_END;
    pmix_nspace_t ns;
    bool yes = true;
    size_t ninfo = 1;
    struct timespec deadline;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 7) {
        fprintf(stderr, "usage: fea_spawner SESSION_DIR|- LAUNCHER_PID AGENT NP GO_FILE PROGRAM [ARGS...]\n");
        return 2;
    }
    pid_t pid = (pid_t) atoi(argv[2]);
    PMIX_INFO_LOAD(&info[0], PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    if (0 != strcmp(argv[1], "-")) {
        PMIX_INFO_LOAD(&info[1], PMIX_SERVER_TMPDIR, argv[1], PMIX_STRING);
        ninfo = 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, info, ninfo))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIx_Register_event_handler(&code, 1, NULL, 0, on_event, NULL, NULL);

    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(argv[6]);
    app.argv = calloc(argc - 5, sizeof(char *));
    for (int i = 6; i < argc; i++) app.argv[i - 6] = strdup(argv[i]);
    app.maxprocs = atoi(argv[4]);
    size_t njinfo = 2;
    PMIX_INFO_LOAD(&jinfo[0], PMIX_FORKEXEC_AGENT, argv[3], PMIX_STRING);
    PMIX_INFO_LOAD(&jinfo[1], PMIX_NOTIFY_COMPLETION, &yes, PMIX_BOOL);
    if (NULL != getenv("FEA_STOP_IN_INIT")) {
        PMIX_INFO_LOAD(&jinfo[2], PMIX_DEBUG_STOP_IN_INIT, &yes, PMIX_BOOL);
        njinfo = 3;
    }
    rc = PMIx_Spawn(jinfo, njinfo, &app, 1, ns);
    printf("spawned %s %s\n", PMIx_Error_string(rc), PMIX_SUCCESS == rc ? ns : "-");
    if (PMIX_SUCCESS != rc) {
        PMIx_tool_finalize();
        return 2;
    }
    pthread_mutex_lock(&lock);
    PMIX_LOAD_NSPACE(spawned, ns);
    pthread_mutex_unlock(&lock);

    pmix_query_t *q;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    PMIX_QUERY_CREATE(q, 1);
    PMIX_ARGV_APPEND(rc, q[0].keys, PMIX_QUERY_NAMESPACES);
    rc = PMIx_Query_info(q, 1, &results, &nresults);
    if (PMIX_SUCCESS != rc || 0 == nresults || PMIX_STRING != results[0].value.type) {
        printf("query failed: %s\n", PMIx_Error_string(rc));
        PMIx_tool_finalize();
        return 5;
    }
    printf("namespaces %s\n", results[0].value.data.string);
    /* the process table of every other namespace: the agents' job among them */
    char *names = strdup(results[0].value.data.string), *save = NULL;
    for (char *other = strtok_r(names, ",", &save); NULL != other; other = strtok_r(NULL, ",", &save)) {
        if (0 == strcmp(other, ns)) {
            continue;
        }
        pmix_info_t *table = NULL;
        size_t ntable = 0;
        PMIX_QUERY_CREATE(q, 1);
        PMIX_ARGV_APPEND(rc, q[0].keys, PMIX_QUERY_PROC_TABLE);
        PMIX_INFO_CREATE(q[0].qualifiers, 1);
        q[0].nqual = 1;
        PMIX_INFO_LOAD(&q[0].qualifiers[0], PMIX_NSPACE, other, PMIX_STRING);
        rc = PMIx_Query_info(q, 1, &table, &ntable);
        if (PMIX_SUCCESS != rc || 0 == ntable || PMIX_DATA_ARRAY != table[0].value.type) {
            printf("proctable %s %s\n", other, PMIx_Error_string(rc));
            continue;
        }
        pmix_proc_info_t *rows = (pmix_proc_info_t *) table[0].value.data.darray->array;
        for (size_t i = 0; i < table[0].value.data.darray->size; i++) {
            printf("proctable %s rank %u pid %d exe %s\n", rows[i].proc.nspace, rows[i].proc.rank,
                   (int) rows[i].pid, rows[i].executable_name);
        }
    }
    free(names);
    FILE *go = fopen(argv[5], "w");
    if (NULL != go) fclose(go);

    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 60;
    pthread_mutex_lock(&lock);
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
