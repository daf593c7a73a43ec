/*
 * dbg_cospawn: a debugger's front end that starts an application with its debugger daemons in one
 * PMIx_Spawn (the tools chapter's co-spawn), for DebuggerDaemonsTest.
 *
 *   dbg_cospawn SESSION_DIR DVM_PID RELEASE_FILE NP per-proc|per-node|none N DAEMON APP [APP_ARGS...]
 *
 * Connects to the DVM as a tool, registers for PMIX_EVENT_JOB_END and spawns, with PMIX_NOTIFY_COMPLETION (and,
 * when DBG_COSPAWN_PAUSE is "init" or "exec" in the environment, PMIX_DEBUG_STOP_IN_INIT or _ON_EXEC),
 * two applications: NP processes of APP, and DAEMON RELEASE_FILE with PMIX_DEBUGGER_DAEMONS and
 * PMIX_DEBUG_DAEMONS_PER_PROC or _PER_NODE N in its own info. Then:
 *   "spawned STATUS NS"            what the spawn answered (must be the application's namespace)
 *   "app-size S"                   the application's PMIX_JOB_SIZE (the daemons not counted)
 *   "namespaces LIST"              PMIx_Query_info PMIX_QUERY_NAMESPACES
 *   "daemons DNS target TNS:RANK"  the namespace whose job data's PMIX_DEBUG_TARGET names the application
 *   "daemons-size S"               its PMIX_JOB_SIZE
 *   "daemons-proctable N"          the rows of its PMIX_QUERY_PROC_TABLE (qualifier PMIX_NSPACE)
 * pulls the daemons' stdout (printed as it comes), creates RELEASE_FILE (the daemons end once it exists),
 * waits for the daemons' end ("job-end DNS exit C"), terminates the application (PMIx_Job_control
 * PMIX_JOB_CTRL_TERMINATE) and waits for its end ("job-end NS exit C"); 60 s at most in all.
 * Exit 0 when all of that happened and the daemons ended with 0; 1 tool_init, 2 spawn refused, 3 no daemon
 * namespace, 4 a job did not end, 5 the daemons' code was not 0.
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

static void on_output(size_t id, pmix_iof_channel_t channel, pmix_proc_t *source, pmix_byte_object_t *payload,
                      pmix_info_t info[], size_t ninfo)
{
    (void) id; (void) channel; (void) source; (void) info; (void) ninfo;
    if (NULL != payload && NULL != payload->bytes) {
        pthread_mutex_lock(&lock);
        fwrite(payload->bytes, 1, payload->size, stdout);
        fflush(stdout);
        pthread_mutex_unlock(&lock);
    }
}

static uint32_t job_size(const char *ns)
{
    pmix_proc_t job;
    pmix_value_t *val = NULL;
    uint32_t size = 0;
    PMIX_LOAD_PROCID(&job, ns, PMIX_RANK_WILDCARD);
    if (PMIX_SUCCESS == PMIx_Get(&job, PMIX_JOB_SIZE, NULL, 0, &val)) {
        size = val->data.uint32;
        PMIX_VALUE_RELEASE(val);
    }
    return size;
}

/* the rows of the proctable of ns (PMIX_QUERY_PROC_TABLE with PMIX_NSPACE), or -1 */
static long proctable_rows(const char *ns)
{
    pmix_query_t q;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    pmix_status_t arc;
    long rows = -1;
    PMIX_QUERY_CONSTRUCT(&q);
    PMIX_ARGV_APPEND(arc, q.keys, PMIX_QUERY_PROC_TABLE);
    (void) arc;
    PMIX_QUERY_QUALIFIERS_CREATE(&q, 1);
    PMIX_INFO_LOAD(&q.qualifiers[0], PMIX_NSPACE, ns, PMIX_STRING);
    if (PMIX_SUCCESS == PMIx_Query_info(&q, 1, &results, &nresults)) {
        for (size_t i = 0; i < nresults; i++) {
            if (PMIX_CHECK_KEY(&results[i], PMIX_QUERY_PROC_TABLE) && PMIX_DATA_ARRAY == results[i].value.type) {
                rows = (long) results[i].value.data.darray->size;
            }
        }
        PMIX_INFO_FREE(results, nresults);
    }
    PMIX_QUERY_DESTRUCT(&q);
    return rows;
}

/* the namespaces running, comma-separated, into out */
static void namespaces(char *out, size_t len)
{
    pmix_query_t q;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    pmix_status_t arc;
    out[0] = '\0';
    PMIX_QUERY_CONSTRUCT(&q);
    PMIX_ARGV_APPEND(arc, q.keys, PMIX_QUERY_NAMESPACES);
    (void) arc;
    if (PMIX_SUCCESS == PMIx_Query_info(&q, 1, &results, &nresults)) {
        for (size_t i = 0; i < nresults; i++) {
            if (PMIX_CHECK_KEY(&results[i], PMIX_QUERY_NAMESPACES) && PMIX_STRING == results[i].value.type) {
                snprintf(out, len, "%s", results[i].value.data.string);
            }
        }
        PMIX_INFO_FREE(results, nresults);
    }
    PMIX_QUERY_DESTRUCT(&q);
}

int main(int argc, char **argv)
{
    pmix_proc_t me, daemons;
    pmix_info_t info[2], jinfo[2], dinfo[2];
    pmix_app_t apps[2];
    pmix_status_t rc, code = PMIX_EVENT_JOB_END;
    pmix_nspace_t ns;
    char dns[PMIX_MAX_NSLEN + 1] = "";
    bool yes = true;
    struct timespec deadline;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 9) {
        fprintf(stderr, "usage: dbg_cospawn SESSION_DIR DVM_PID RELEASE_FILE NP per-proc|per-node|none N DAEMON APP"
                        " [APP_ARGS...]\n");
        return 2;
    }
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 60;
    pid_t pid = (pid_t) atoi(argv[2]);
    PMIX_INFO_LOAD(&info[0], PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    PMIX_INFO_LOAD(&info[1], PMIX_SERVER_TMPDIR, argv[1], PMIX_STRING);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, info, 2))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIx_Register_event_handler(&code, 1, NULL, 0, on_event, NULL, NULL);

    PMIX_APP_CONSTRUCT(&apps[0]);
    apps[0].cmd = strdup(argv[8]);
    apps[0].argv = calloc(argc - 7, sizeof(char *));
    for (int i = 8; i < argc; i++) apps[0].argv[i - 8] = strdup(argv[i]);
    apps[0].maxprocs = atoi(argv[4]);

    uint16_t n = (uint16_t) atoi(argv[6]);
    size_t ndinfo = 0;
    PMIX_INFO_LOAD(&dinfo[ndinfo++], PMIX_DEBUGGER_DAEMONS, &yes, PMIX_BOOL);
    if (0 == strcmp(argv[5], "per-proc")) {
        PMIX_INFO_LOAD(&dinfo[ndinfo++], PMIX_DEBUG_DAEMONS_PER_PROC, &n, PMIX_UINT16);
    } else if (0 == strcmp(argv[5], "per-node")) {
        PMIX_INFO_LOAD(&dinfo[ndinfo++], PMIX_DEBUG_DAEMONS_PER_NODE, &n, PMIX_UINT16);
    }
    PMIX_APP_CONSTRUCT(&apps[1]);
    apps[1].cmd = strdup(argv[7]);
    apps[1].argv = calloc(3, sizeof(char *));
    apps[1].argv[0] = strdup(argv[7]);
    apps[1].argv[1] = strdup(argv[3]);
    apps[1].maxprocs = 1;
    apps[1].info = dinfo;
    apps[1].ninfo = ndinfo;

    PMIX_INFO_LOAD(&jinfo[0], PMIX_NOTIFY_COMPLETION, &yes, PMIX_BOOL);
    size_t njinfo = 1;
    const char *pause = getenv("DBG_COSPAWN_PAUSE");
    if (NULL != pause) {
        /* a pause for the application; the Standard: it does not apply to the daemons */
        PMIX_INFO_LOAD(&jinfo[1], 0 == strcmp(pause, "exec") ? PMIX_DEBUG_STOP_ON_EXEC : PMIX_DEBUG_STOP_IN_INIT,
                       &yes, PMIX_BOOL);
        njinfo = 2;
    }
    rc = PMIx_Spawn(jinfo, njinfo, apps, 2, ns);
    printf("spawned %s %s\n", PMIx_Error_string(rc), PMIX_SUCCESS == rc ? ns : "-");
    if (PMIX_SUCCESS != rc) {
        PMIx_tool_finalize();
        return 2;
    }
    printf("app-size %u\n", job_size(ns));

    /* which of the running namespaces debugs ours: the one whose PMIX_DEBUG_TARGET names it */
    char list[8192];
    namespaces(list, sizeof list);
    printf("namespaces %s\n", list);
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); NULL != tok; tok = strtok_r(NULL, ",", &save)) {
        if (0 == strncmp(tok, ns, PMIX_MAX_NSLEN)) continue;
        pmix_proc_t job;
        pmix_value_t *val = NULL;
        PMIX_LOAD_PROCID(&job, tok, PMIX_RANK_WILDCARD);
        pmix_status_t grc = PMIx_Get(&job, PMIX_DEBUG_TARGET, NULL, 0, &val);
        if (PMIX_SUCCESS != grc) printf("get %s %s\n", tok, PMIx_Error_string(grc));
        if (PMIX_SUCCESS == grc) {
            if (PMIX_PROC == val->type && 0 == strncmp(val->data.proc->nspace, ns, PMIX_MAX_NSLEN)) {
                PMIX_LOAD_NSPACE(dns, tok);
                printf("daemons %s target %s:%s\n", dns, val->data.proc->nspace,
                       PMIX_RANK_WILDCARD == val->data.proc->rank ? "*" : "?");
            }
            PMIX_VALUE_RELEASE(val);
        }
    }
    int status = 0;
    if ('\0' == dns[0]) {
        printf("no daemon namespace\n");
        status = 3;
    } else {
        printf("daemons-size %u\n", job_size(dns));
        printf("daemons-proctable %ld\n", proctable_rows(dns));
        PMIX_LOAD_PROCID(&daemons, dns, PMIX_RANK_WILDCARD);
        rc = PMIx_IOF_pull(&daemons, 1, NULL, 0, PMIX_FWD_STDOUT_CHANNEL, on_output, NULL, NULL);
        if (rc < 0) printf("pull %s\n", PMIx_Error_string(rc));
    }
    FILE *f = fopen(argv[3], "w");
    if (NULL != f) fclose(f);
    if ('\0' != dns[0]) {
        int end = await_end(dns, &deadline);
        pthread_mutex_lock(&lock);
        printf("job-end %s exit %d\n", dns, end);
        pthread_mutex_unlock(&lock);
        status = -1000 == end ? 4 : 0 != end ? 5 : 0;
    }
    pmix_proc_t app;
    pmix_info_t term;
    PMIX_LOAD_PROCID(&app, ns, PMIX_RANK_WILDCARD);
    PMIX_INFO_LOAD(&term, PMIX_JOB_CTRL_TERMINATE, &yes, PMIX_BOOL);
    pmix_info_t *jcres = NULL;
    size_t njcres = 0;
    rc = PMIx_Job_control(&app, 1, &term, 1, &jcres, &njcres);
    if (PMIX_SUCCESS != rc) printf("terminate %s\n", PMIx_Error_string(rc));
    int end = await_end(ns, &deadline);
    printf("job-end %s exit %d\n", ns, end);
    if (-1000 == end && 0 == status) status = 4;
    PMIx_tool_finalize();
    return status;
}
