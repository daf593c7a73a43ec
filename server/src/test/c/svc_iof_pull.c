/* a tool for the IO forwarding tests of caching, buffering and refused pulls.
 * Usage: svc_iof_pull SERVER_URI NSPACE|spawn CHANNELS COUNT [DIRECTIVE...]
 *   NSPACE "spawn": first spawns a job (PMIx_Spawn of "true" with PMIX_FWD_STDOUT true, PMIX_FWD_STDERR
 *                   false) and pulls from it
 *   CHANNELS: out, err, diag or a comma list of them
 *   COUNT: how many pieces of output to wait for (at most 30 s)
 *   DIRECTIVE: csize=N (PMIX_IOF_CACHE_SIZE), old (PMIX_IOF_DROP_OLDEST), new (PMIX_IOF_DROP_NEWEST),
 *              bsize=N (PMIX_IOF_BUFFERING_SIZE), btime=N (PMIX_IOF_BUFFERING_TIME)
 * Prints "pull rc=<status>", then each piece as "iof <ns>:<rank> ch=<channel> [<data>] end=<0|1>" (the data
 * without its trailing newline; end=1 when PMIX_IOF_COMPLETE came with it), "got <n>", and after the
 * deregistration (with a callback: the blocking form of libpmix 4.2.2 is broken) "deregister rc=<status>".
 * A PMIX_ERR_IOF_FAILURE event (output lost to a full cache) is printed as "iof failure <job> <channels>". */
#include <pmix_tool.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int received = 0;
static int done = 0;
static pmix_status_t done_status;
static size_t pull_id;

static void on_done(pmix_status_t status, void *cbdata)
{
    (void) cbdata;
    pthread_mutex_lock(&lock);
    done_status = status;
    done = 1;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

static void on_registered(pmix_status_t status, size_t id, void *cbdata)
{
    (void) cbdata;
    pthread_mutex_lock(&lock);
    done_status = status;
    pull_id = id;
    done = 1;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

static void on_output(size_t id, pmix_iof_channel_t channel, pmix_proc_t *source, pmix_byte_object_t *payload,
                      pmix_info_t info[], size_t ninfo)
{
    int len = (int) payload->size;
    int end = 0;
    size_t n;
    (void) id;
    for (n = 0; n < ninfo; n++) {
        if (PMIX_CHECK_KEY(&info[n], PMIX_IOF_COMPLETE) && PMIX_INFO_TRUE(&info[n])) {
            end = 1;
        }
    }
    while (len > 0 && (payload->bytes[len - 1] == '\n' || payload->bytes[len - 1] == '\0')) {
        len--;
    }
    printf("iof %s:%u ch=%d [%.*s] end=%d\n", source->nspace, source->rank, (int) channel, len,
           NULL == payload->bytes ? "" : payload->bytes, end);
    fflush(stdout);
    pthread_mutex_lock(&lock);
    received++;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

static void on_failure(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[],
                       size_t ninfo, pmix_info_t results[], size_t nresults,
                       pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    size_t n;
    const char *job = "?";
    char channels[64] = "";
    (void) id;
    (void) status;
    (void) source;
    (void) results;
    (void) nresults;
    for (n = 0; n < ninfo; n++) {
        if (PMIX_CHECK_KEY(&info[n], PMIX_EVENT_AFFECTED_PROC) && PMIX_PROC == info[n].value.type) {
            job = info[n].value.data.proc->nspace;
        } else if (PMIX_CHECK_KEY(&info[n], PMIX_FWD_STDOUT)) {
            strcat(channels, " stdout");
        } else if (PMIX_CHECK_KEY(&info[n], PMIX_FWD_STDERR)) {
            strcat(channels, " stderr");
        } else if (PMIX_CHECK_KEY(&info[n], PMIX_FWD_STDDIAG)) {
            strcat(channels, " stddiag");
        }
    }
    printf("iof failure %s%s\n", job, channels);
    if (NULL != cbfunc) {
        cbfunc(PMIX_SUCCESS, NULL, 0, NULL, NULL, cbdata);
    }
}

/* waits (at most 30 s) for the callback; returns its status */
static pmix_status_t await_done(void)
{
    struct timespec deadline;
    pmix_status_t rc;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 30;
    pthread_mutex_lock(&lock);
    while (!done) {
        if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) {
            break;
        }
    }
    rc = done ? done_status : PMIX_ERR_TIMEOUT;
    done = 0;
    pthread_mutex_unlock(&lock);
    return rc;
}

int main(int argc, char **argv)
{
    pmix_proc_t me, src;
    pmix_info_t info, dirs[8];
    pmix_status_t rc;
    pmix_iof_channel_t channels = 0;
    struct timespec deadline;
    char nspace[PMIX_MAX_NSLEN + 1];
    size_t ndirs = 0;
    int want, i;
    uint32_t u;
    bool yes = true;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 5) {
        fprintf(stderr, "usage: svc_iof_pull SERVER_URI NSPACE|spawn CHANNELS COUNT [DIRECTIVE...]\n");
        return 2;
    }
    if (strstr(argv[3], "out")) {
        channels |= PMIX_FWD_STDOUT_CHANNEL;
    }
    if (strstr(argv[3], "err")) {
        channels |= PMIX_FWD_STDERR_CHANNEL;
    }
    if (strstr(argv[3], "diag")) {
        channels |= PMIX_FWD_STDDIAG_CHANNEL;
    }
    want = atoi(argv[4]);
    for (i = 5; i < argc && ndirs < 8; i++) {
        if (0 == strncmp(argv[i], "csize=", 6)) {
            u = (uint32_t) atoi(argv[i] + 6);
            PMIX_INFO_LOAD(&dirs[ndirs++], PMIX_IOF_CACHE_SIZE, &u, PMIX_UINT32);
        } else if (0 == strcmp(argv[i], "old")) {
            PMIX_INFO_LOAD(&dirs[ndirs++], PMIX_IOF_DROP_OLDEST, &yes, PMIX_BOOL);
        } else if (0 == strcmp(argv[i], "new")) {
            PMIX_INFO_LOAD(&dirs[ndirs++], PMIX_IOF_DROP_NEWEST, &yes, PMIX_BOOL);
        } else if (0 == strncmp(argv[i], "bsize=", 6)) {
            u = (uint32_t) atoi(argv[i] + 6);
            PMIX_INFO_LOAD(&dirs[ndirs++], PMIX_IOF_BUFFERING_SIZE, &u, PMIX_UINT32);
        } else if (0 == strncmp(argv[i], "btime=", 6)) {
            u = (uint32_t) atoi(argv[i] + 6);
            PMIX_INFO_LOAD(&dirs[ndirs++], PMIX_IOF_BUFFERING_TIME, &u, PMIX_UINT32);
        } else {
            fprintf(stderr, "unknown directive %s\n", argv[i]);
            return 2;
        }
    }
    PMIX_INFO_LOAD(&info, PMIX_SERVER_URI, argv[1], PMIX_STRING);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, &info, 1))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("tool %s:%u\n", me.nspace, me.rank);
    {
        pmix_status_t code = PMIX_ERR_IOF_FAILURE;
        PMIx_Register_event_handler(&code, 1, NULL, 0, on_failure, NULL, NULL);
    }
    if (0 == strcmp(argv[2], "spawn")) {
        pmix_app_t app;
        pmix_info_t fwd[2];
        bool no = false;
        PMIX_APP_CONSTRUCT(&app);
        app.cmd = strdup("true");
        app.maxprocs = 1;
        /* a tool gets every output channel it does not turn off: stdout on, stderr off */
        PMIX_INFO_LOAD(&fwd[0], PMIX_FWD_STDOUT, &yes, PMIX_BOOL);
        PMIX_INFO_LOAD(&fwd[1], PMIX_FWD_STDERR, &no, PMIX_BOOL);
        rc = PMIx_Spawn(fwd, 2, &app, 1, nspace);
        printf("spawn rc=%d %s\n", rc, nspace);
        if (PMIX_SUCCESS != rc) {
            PMIx_tool_finalize();
            return 3;
        }
    } else {
        pmix_strncpy(nspace, argv[2], PMIX_MAX_NSLEN);
    }
    PMIX_LOAD_PROCID(&src, nspace, PMIX_RANK_WILDCARD);
    rc = PMIx_IOF_pull(&src, 1, 0 == ndirs ? NULL : dirs, ndirs, channels, on_output, on_registered, NULL);
    if (PMIX_SUCCESS == rc) {
        rc = await_done();
    }
    printf("pull rc=%d\n", rc);
    if (PMIX_SUCCESS != rc) {
        PMIx_tool_finalize();
        return 0;
    }
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 30;
    pthread_mutex_lock(&lock);
    while (received < want) {
        if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) {
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    printf("got %d\n", received);
    rc = PMIx_IOF_deregister(pull_id, NULL, 0, on_done, NULL);
    if (PMIX_SUCCESS == rc) {
        rc = await_done();
    }
    printf("deregister rc=%d\n", rc);
    PMIx_tool_finalize();
    return 0;
}
