/* tries, as a client or a tool, everything that acts on another job, for the authorisation tests.
 * Usage: authz_probe client|tool VICTIM_NSPACE [SERVER_URI]
 * (a client takes its server from the environment, a tool from SERVER_URI)
 * Prints one line per attempt, "<name> rc=N", N being the status the server answered:
 *   jobctl      PMIx_Job_control PMIX_JOB_CTRL_KILL of VICTIM:*
 *   signal      PMIx_Job_control PMIX_JOB_CTRL_SIGNAL 9 of VICTIM:0
 *   cleanup     PMIx_Job_control PMIX_REGISTER_CLEANUP_DIR of VICTIM:*
 *   pull        PMIx_IOF_pull of VICTIM:* (stdout, stderr)
 *   push        PMIx_IOF_push of bytes to VICTIM:0 (with a callback: the blocking form of 4.2.2 is broken)
 *   proctable   PMIx_Query_info PMIX_QUERY_PROC_TABLE of VICTIM
 *   jobsize     PMIx_Query_info PMIX_JOB_SIZE of VICTIM (answered from the server's own data)
 *   get         PMIx_Get PMIX_JOB_SIZE of VICTIM:* (with PMIX_GET_REFRESH_CACHE, so that it asks the server)
 *   namespaces  PMIx_Query_info PMIX_QUERY_NAMESPACES, and "  namespaces=<list>" when it succeeded
 *   notify      PMIx_Notify_event PMIX_ERR_PROC_ABORTED to VICTIM:* (PMIX_RANGE_CUSTOM), affecting VICTIM:0
 *   spawn       PMIx_Spawn of /bin/true with PMIX_DEBUG_TARGET VICTIM:*
 *   ownjobctl   PMIx_Job_control PMIX_JOB_CTRL_KILL of the caller's own namespace (its own job: allowed)
 *   abort       (client only) PMIx_Abort of VICTIM:0
 * authz_probe spawner - SERVER_URI: a tool that spawns /bin/true, then kills the job it had spawned (its user
 * owns it): prints "spawned rc=N" and "spawnedctl rc=N". */
#include <pmix.h>
#include <pmix_tool.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int pushed = 0;
static pmix_status_t push_status;

static void on_pushed(pmix_status_t status, void *cbdata)
{
    (void) cbdata;
    pthread_mutex_lock(&lock);
    push_status = status;
    pushed = 1;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

static int deregistered = 0;

/* PMIx_IOF_deregister needs a callback: its blocking form in libpmix 4.2.2 frees its wait object twice */
static void on_deregistered(pmix_status_t status, void *cbdata)
{
    (void) status;
    (void) cbdata;
    pthread_mutex_lock(&lock);
    deregistered = 1;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

static int notified = 0;
static pmix_status_t notify_status;

static void on_notified(pmix_status_t status, void *cbdata)
{
    (void) cbdata;
    pthread_mutex_lock(&lock);
    notify_status = status;
    notified = 1;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

static void on_output(size_t id, pmix_iof_channel_t channel, pmix_proc_t *source, pmix_byte_object_t *payload,
                      pmix_info_t info[], size_t ninfo)
{
    (void) id; (void) channel; (void) info; (void) ninfo;
    printf("LEAK output of %s:%u: %.*s\n", source->nspace, source->rank, (int) payload->size, payload->bytes);
    fflush(stdout);
}

static void jobctl(const char *name, pmix_proc_t *target, const char *key, void *value, pmix_data_type_t type)
{
    pmix_info_t dir;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    pmix_status_t rc;
    PMIX_INFO_LOAD(&dir, key, value, type);
    rc = PMIx_Job_control(target, 1, &dir, 1, &results, &nresults);
    printf("%s rc=%d\n", name, rc);
    if (NULL != results) {
        PMIX_INFO_FREE(results, nresults);
    }
}

static void query(const char *name, const char *key, const char *nspace)
{
    pmix_query_t *q;
    pmix_info_t *results = NULL;
    size_t nresults = 0, i;
    pmix_status_t rc;
    PMIX_QUERY_CREATE(q, 1);
    PMIX_ARGV_APPEND(rc, q[0].keys, key);
    if (NULL != nspace) {
        PMIX_QUERY_QUALIFIERS_CREATE(&q[0], 1);
        PMIX_INFO_LOAD(&q[0].qualifiers[0], PMIX_NSPACE, nspace, PMIX_STRING);
    }
    rc = PMIx_Query_info(q, 1, &results, &nresults);
    printf("%s rc=%d\n", name, rc);
    for (i = 0; PMIX_SUCCESS == rc && i < nresults; i++) {
        if (PMIX_STRING == results[i].value.type) {
            printf("  %s=%s\n", name, results[i].value.data.string);
        }
    }
    if (NULL != results) {
        PMIX_INFO_FREE(results, nresults);
    }
    PMIX_QUERY_FREE(q, 1);
}

int main(int argc, char **argv)
{
    pmix_proc_t me, victim, rank0, own;
    pmix_info_t info, dbg;
    pmix_status_t rc;
    pmix_byte_object_t bo;
    pmix_app_t *app;
    pmix_value_t *val;
    pmix_info_t *evinfo;
    char nspace[PMIX_MAX_NSLEN + 1];
    struct timespec deadline;
    bool yes = true;
    int sig = SIGKILL;
    int is_tool;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 3 || (0 != strcmp(argv[1], "client") && 0 != strcmp(argv[1], "tool")
                      && 0 != strcmp(argv[1], "spawner"))) {
        fprintf(stderr, "usage: authz_probe client|tool|spawner VICTIM_NSPACE [SERVER_URI]\n");
        return 2;
    }
    is_tool = 0 != strcmp(argv[1], "client");
    if (is_tool) {
        if (argc < 4) {
            fprintf(stderr, "authz_probe tool needs SERVER_URI\n");
            return 2;
        }
        PMIX_INFO_LOAD(&info, PMIX_SERVER_URI, argv[3], PMIX_STRING);
        rc = PMIx_tool_init(&me, &info, 1);
    } else {
        rc = PMIx_Init(&me, NULL, 0);
    }
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("ready %s:%u\n", me.nspace, me.rank);
    if (0 == strcmp(argv[1], "spawner")) {
        PMIX_APP_CREATE(app, 1);
        app->cmd = strdup("/bin/true");
        PMIX_ARGV_APPEND(rc, app->argv, "/bin/true");
        app->maxprocs = 1;
        rc = PMIx_Spawn(NULL, 0, app, 1, nspace);
        printf("spawned rc=%d\n", rc);
        PMIX_APP_FREE(app, 1);
        PMIX_LOAD_PROCID(&victim, nspace, PMIX_RANK_WILDCARD);
        jobctl("spawnedctl", &victim, PMIX_JOB_CTRL_KILL, &yes, PMIX_BOOL);
        PMIx_tool_finalize();
        return 0;
    }
    PMIX_LOAD_PROCID(&victim, argv[2], PMIX_RANK_WILDCARD);
    PMIX_LOAD_PROCID(&rank0, argv[2], 0);

    jobctl("jobctl", &victim, PMIX_JOB_CTRL_KILL, &yes, PMIX_BOOL);
    jobctl("signal", &rank0, PMIX_JOB_CTRL_SIGNAL, &sig, PMIX_INT);
    jobctl("cleanup", &victim, PMIX_REGISTER_CLEANUP_DIR, "/tmp/authz-probe-never", PMIX_STRING);

    rc = PMIx_IOF_pull(&victim, 1, NULL, 0, PMIX_FWD_STDOUT_CHANNEL | PMIX_FWD_STDERR_CHANNEL, on_output, NULL, NULL);
    printf("pull rc=%d\n", rc < 0 ? rc : 0);
    if (rc >= 0 && PMIX_SUCCESS == PMIx_IOF_deregister((size_t) rc, NULL, 0, on_deregistered, NULL)) {
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += 30;
        pthread_mutex_lock(&lock);
        while (!deregistered) {
            if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) {
                break;
            }
        }
        pthread_mutex_unlock(&lock);
    }

    bo.bytes = "injected\n";
    bo.size = strlen(bo.bytes);
    rc = PMIx_IOF_push(&rank0, 1, &bo, NULL, 0, on_pushed, NULL);
    if (PMIX_SUCCESS == rc) {
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += 30;
        pthread_mutex_lock(&lock);
        while (!pushed) {
            if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) {
                break;
            }
        }
        rc = pushed ? push_status : PMIX_ERR_TIMEOUT;
        pthread_mutex_unlock(&lock);
    }
    printf("push rc=%d\n", rc);

    query("proctable", PMIX_QUERY_PROC_TABLE, argv[2]);
    query("jobsize", PMIX_JOB_SIZE, argv[2]);
    query("namespaces", PMIX_QUERY_NAMESPACES, NULL);

    PMIX_INFO_LOAD(&dbg, PMIX_GET_REFRESH_CACHE, &yes, PMIX_BOOL);
    val = NULL;
    rc = PMIx_Get(&victim, PMIX_JOB_SIZE, &dbg, 1, &val);
    printf("get rc=%d\n", rc);
    if (NULL != val) {
        PMIX_VALUE_RELEASE(val);
    }

    PMIX_INFO_CREATE(evinfo, 2);
    PMIX_INFO_LOAD(&evinfo[0], PMIX_EVENT_CUSTOM_RANGE, &victim, PMIX_PROC);
    PMIX_INFO_LOAD(&evinfo[1], PMIX_EVENT_AFFECTED_PROC, &rank0, PMIX_PROC);
    rc = PMIx_Notify_event(PMIX_ERR_PROC_ABORTED, NULL, PMIX_RANGE_CUSTOM, evinfo, 2, on_notified, NULL);
    if (PMIX_SUCCESS == rc) {
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += 30;
        pthread_mutex_lock(&lock);
        while (!notified) {
            if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) {
                break;
            }
        }
        rc = notified ? notify_status : PMIX_ERR_TIMEOUT;
        pthread_mutex_unlock(&lock);
    }
    printf("notify rc=%d\n", rc);
    PMIX_INFO_FREE(evinfo, 2);

    PMIX_APP_CREATE(app, 1);
    app->cmd = strdup("/bin/true");
    PMIX_ARGV_APPEND(rc, app->argv, "/bin/true");
    app->maxprocs = 1;
    PMIX_INFO_LOAD(&dbg, PMIX_DEBUG_TARGET, &victim, PMIX_PROC);
    rc = PMIx_Spawn(&dbg, 1, app, 1, nspace);
    printf("spawn rc=%d\n", rc);
    PMIX_APP_FREE(app, 1);

    PMIX_LOAD_PROCID(&own, me.nspace, PMIX_RANK_WILDCARD);
    jobctl("ownjobctl", &own, PMIX_JOB_CTRL_KILL, &yes, PMIX_BOOL);

    if (!is_tool) {
        rc = PMIx_Abort(1, "authz probe", &rank0, 1);
        printf("abort rc=%d\n", rc);
        PMIx_Finalize(NULL, 0);
    } else {
        PMIx_tool_finalize();
    }
    return 0;
}
