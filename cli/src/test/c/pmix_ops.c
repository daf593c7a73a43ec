/*
 * pmix_ops: a libpmix client for the launcher's service tests (RunServicesTest).
 *
 *   pmix_ops spawn      rank 0 registers for PMIX_EVENT_JOB_END, PMIx_Spawn's 2 copies of this program
 *                       ("pmix_ops child") with PMIX_NOTIFY_COMPLETION and waits for the job's end
 *   pmix_ops child      prints PMIX_SPAWNED and PMIX_PARENT_ID, and a line to stdout and one to stderr
 *   pmix_ops query      PMIx_Query_info: PMIX_QUERY_NAMESPACES, PMIX_QUERY_PROC_TABLE, PMIX_JOB_SIZE and
 *                       PMIX_NUM_NODES of its job, PMIX_QUERY_SPAWN_SUPPORT
 *   pmix_ops log        PMIx_Log to PMIX_LOG_STDOUT, PMIX_LOG_STDERR and PMIX_LOG_SYSLOG
 *   pmix_ops serve KEY  for libpmix's tools (LibpmixToolsTest): registers for event 5000, publishes KEY
 *                       (range session), prints "serving", and waits (60 s at most) for the event, which
 *                       pevent sends; prints "event 5000 from <nspace>" when it comes (exit 3 if not)
 *
 * Output: one line per result, "<what> <details>"; "spawn-job-end <nspace> term <PMIX_JOB_TERM_STATUS> exit
 * <PMIX_EXIT_CODE>" (-1: absent) when the child job's end is notified. Exit 0 on success, 1 init, 2 an API call failed, 3 no
 * job-end event in 30 s (or, for serve, no event 5000 in 60 s).
 */
#include <pmix.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static pmix_nspace_t child_ns;
static int ended = 0;

static void on_end(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                   pmix_info_t results[], size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id; (void) status; (void) results; (void) nresults;
    const char *ns = source->nspace;
    int code = -1, term = -1;
    for (size_t i = 0; i < ninfo; i++) {
        if (PMIX_CHECK_KEY(&info[i], PMIX_EVENT_AFFECTED_PROC)) ns = info[i].value.data.proc->nspace;
        else if (PMIX_CHECK_KEY(&info[i], PMIX_EXIT_CODE)) code = info[i].value.data.integer;
        else if (PMIX_CHECK_KEY(&info[i], PMIX_JOB_TERM_STATUS)) term = info[i].value.data.status;
    }
    pthread_mutex_lock(&lock);
    printf("spawn-job-end %s term %d exit %d\n", ns, term, code);
    ended = 1;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
    if (cbfunc) cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
}

static int do_spawn(pmix_proc_t *me, const char *self)
{
    pmix_status_t code = PMIX_EVENT_JOB_END, rc;
    pmix_app_t app;
    pmix_info_t jinfo;
    bool yes = true;
    struct timespec deadline;

    if (me->rank != 0) {
        return 0;
    }
    rc = PMIx_Register_event_handler(&code, 1, NULL, 0, on_end, NULL, NULL);
    if (rc < 0) {
        printf("register %s\n", PMIx_Error_string(rc));
        return 2;
    }
    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(self);
    app.argv = calloc(3, sizeof(char *));
    app.argv[0] = strdup(self);
    app.argv[1] = strdup("child");
    app.maxprocs = 2;
    PMIX_INFO_LOAD(&jinfo, PMIX_NOTIFY_COMPLETION, &yes, PMIX_BOOL);
    rc = PMIx_Spawn(&jinfo, 1, &app, 1, child_ns);
    printf("spawn %s %s\n", PMIx_Error_string(rc), PMIX_SUCCESS == rc ? child_ns : "-");
    if (PMIX_SUCCESS != rc) return 2;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 30;
    pthread_mutex_lock(&lock);
    while (!ended) {
        if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) break;
    }
    int got = ended;
    pthread_mutex_unlock(&lock);
    return got ? 0 : 3;
}

static int do_child(pmix_proc_t *me)
{
    pmix_value_t *val;
    pmix_status_t rc;
    rc = PMIx_Get(me, PMIX_SPAWNED, NULL, 0, &val);
    printf("child %u spawned %s %s\n", me->rank, PMIx_Error_string(rc),
           PMIX_SUCCESS == rc ? (val->data.flag ? "true" : "false") : "-");
    if (PMIX_SUCCESS == rc) PMIX_VALUE_RELEASE(val);
    rc = PMIx_Get(me, PMIX_PARENT_ID, NULL, 0, &val);
    printf("child %u parent %s %s:%u\n", me->rank, PMIx_Error_string(rc),
           PMIX_SUCCESS == rc ? val->data.proc->nspace : "-", PMIX_SUCCESS == rc ? val->data.proc->rank : 0);
    if (PMIX_SUCCESS == rc) PMIX_VALUE_RELEASE(val);
    fprintf(stderr, "child %u on stderr\n", me->rank);
    return 0;
}

static void print_value(const char *key, pmix_value_t *v)
{
    switch (v->type) {
    case PMIX_STRING: printf("query %s %s\n", key, v->data.string); break;
    case PMIX_UINT32: printf("query %s %u\n", key, v->data.uint32); break;
    case PMIX_BOOL: printf("query %s %s\n", key, v->data.flag ? "true" : "false"); break;
    case PMIX_DATA_ARRAY: {
        pmix_data_array_t *da = v->data.darray;
        printf("query %s array of %zu type %d\n", key, da->size, (int) da->type);
        if (PMIX_PROC_INFO == da->type) {
            pmix_proc_info_t *pi = (pmix_proc_info_t *) da->array;
            for (size_t i = 0; i < da->size; i++) {
                printf("query proc %s:%u host %s pid %d exe %s\n", pi[i].proc.nspace, pi[i].proc.rank,
                       pi[i].hostname, (int) pi[i].pid, pi[i].executable_name);
            }
        } else if (PMIX_INFO == da->type) {
            pmix_info_t *in = (pmix_info_t *) da->array;
            for (size_t i = 0; i < da->size; i++) {
                printf("query %s item %s\n", key, in[i].key);
            }
        }
        break;
    }
    default: printf("query %s type %d\n", key, (int) v->type); break;
    }
}

static int one_query(const char *key, pmix_info_t *quals, size_t nquals)
{
    pmix_query_t q;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    PMIX_QUERY_CONSTRUCT(&q);
    pmix_status_t arc;
    PMIX_ARGV_APPEND(arc, q.keys, key);
    (void) arc;
    q.qualifiers = quals;
    q.nqual = nquals;
    pmix_status_t rc = PMIx_Query_info(&q, 1, &results, &nresults);
    printf("query-status %s %s\n", key, PMIx_Error_string(rc));
    for (size_t i = 0; i < nresults; i++) {
        print_value(results[i].key, &results[i].value);
    }
    q.qualifiers = NULL;
    q.nqual = 0;
    PMIX_QUERY_DESTRUCT(&q);
    if (NULL != results) PMIX_INFO_FREE(results, nresults);
    return PMIX_SUCCESS == rc ? 0 : 2;
}

static int do_query(pmix_proc_t *me)
{
    pmix_info_t qual[1];
    int bad = 0;
    bad |= one_query(PMIX_QUERY_NAMESPACES, NULL, 0);
    PMIX_INFO_LOAD(&qual[0], PMIX_NSPACE, me->nspace, PMIX_STRING);
    bad |= one_query(PMIX_QUERY_PROC_TABLE, qual, 1);
    bad |= one_query(PMIX_JOB_SIZE, qual, 1);
    bad |= one_query(PMIX_NUM_NODES, qual, 1);
    bad |= one_query(PMIX_QUERY_SPAWN_SUPPORT, NULL, 0);
    return bad;
}

static int do_log(pmix_proc_t *me)
{
    pmix_info_t data[3];
    char s[3][128];
    snprintf(s[0], sizeof(s[0]), "log-to-stdout from %u", me->rank);
    snprintf(s[1], sizeof(s[1]), "log-to-stderr from %u", me->rank);
    snprintf(s[2], sizeof(s[2]), "log-to-syslog from %u", me->rank);
    PMIX_INFO_LOAD(&data[0], PMIX_LOG_STDOUT, s[0], PMIX_STRING);
    PMIX_INFO_LOAD(&data[1], PMIX_LOG_STDERR, s[1], PMIX_STRING);
    PMIX_INFO_LOAD(&data[2], PMIX_LOG_SYSLOG, s[2], PMIX_STRING);
    pmix_status_t rc = PMIx_Log(data, 3, NULL, 0);
    printf("log %u %s\n", me->rank, PMIx_Error_string(rc));
    return PMIX_SUCCESS == rc ? 0 : 2;
}

static pmix_status_t POKE = 5000;

static void on_poke(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                    pmix_info_t results[], size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id; (void) info; (void) ninfo; (void) results; (void) nresults;
    pthread_mutex_lock(&lock);
    printf("event %d from %s\n", status, source->nspace);
    ended = 1;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
    if (cbfunc) cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
}

static int do_serve(const char *key)
{
    pmix_status_t rc = PMIx_Register_event_handler(&POKE, 1, NULL, 0, on_poke, NULL, NULL);
    if (rc < 0) {
        printf("register %s\n", PMIx_Error_string(rc));
        return 2;
    }
    pmix_info_t data[2];
    pmix_data_range_t range = PMIX_RANGE_SESSION;
    PMIX_INFO_LOAD(&data[0], key, "published by pmix_ops", PMIX_STRING);
    PMIX_INFO_LOAD(&data[1], PMIX_RANGE, &range, PMIX_DATA_RANGE);
    rc = PMIx_Publish(data, 2);
    if (PMIX_SUCCESS != rc) {
        printf("publish %s\n", PMIx_Error_string(rc));
        return 2;
    }
    printf("serving\n");
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 60;
    pthread_mutex_lock(&lock);
    while (!ended && 0 == pthread_cond_timedwait(&cond, &lock, &deadline)) {
    }
    int got = ended;
    pthread_mutex_unlock(&lock);
    return got ? 0 : 3;
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    int rc = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 2) {
        fprintf(stderr, "usage: pmix_ops spawn|child|query|log|serve KEY\n");
        return 2;
    }
    if (PMIX_SUCCESS != PMIx_Init(&me, NULL, 0)) {
        fprintf(stderr, "PMIx_Init failed\n");
        return 1;
    }
    if (0 == strcmp(argv[1], "spawn")) rc = do_spawn(&me, argv[0]);
    else if (0 == strcmp(argv[1], "child")) rc = do_child(&me);
    else if (0 == strcmp(argv[1], "query")) rc = do_query(&me);
    else if (0 == strcmp(argv[1], "log")) rc = do_log(&me);
    else if (0 == strcmp(argv[1], "serve") && argc > 2) rc = do_serve(argv[2]);
    PMIx_Finalize(NULL, 0);
    return rc;
}
