/* a tool for the IO forwarding tests. Usage: svc_tool SERVER_URI NSPACE COUNT
 * Connects to the server, pulls the stdout and stderr of NSPACE, waits for COUNT pieces of output
 * (at most 30 s), prints each as "iof <ns>:<rank> ch=<channel> [<data without newline>]", then
 * deregisters and finalizes. Output the server sends for its own IO (request id 0) goes to stdout
 * by libpmix itself. */
#include <pmix_tool.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int received = 0;
static int dereg_done = 0;
static pmix_status_t dereg_status;

/* PMIx_IOF_deregister must be given a callback: the blocking form of libpmix 4.2.2 frees its own wait
 * object twice (msgcbfunc releases it while the caller still waits on it) and hangs or crashes */
static void on_deregistered(pmix_status_t status, void *cbdata)
{
    (void) cbdata;
    pthread_mutex_lock(&lock);
    dereg_status = status;
    dereg_done = 1;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

static void on_output(size_t id, pmix_iof_channel_t channel, pmix_proc_t *source, pmix_byte_object_t *payload,
                      pmix_info_t info[], size_t ninfo)
{
    int len = (int) payload->size;
    (void) info;
    (void) ninfo;
    while (len > 0 && (payload->bytes[len - 1] == '\n' || payload->bytes[len - 1] == '\0')) {
        len--;
    }
    printf("iof %s:%u ch=%d id=%zu [%.*s]\n", source->nspace, source->rank, (int) channel, id, len, payload->bytes);
    fflush(stdout);
    pthread_mutex_lock(&lock);
    received++;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

int main(int argc, char **argv)
{
    pmix_proc_t me, src;
    pmix_info_t info;
    pmix_status_t rc;
    struct timespec deadline;
    int want;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 4) {
        fprintf(stderr, "usage: svc_tool SERVER_URI NSPACE COUNT\n");
        return 2;
    }
    want = atoi(argv[3]);
    PMIX_INFO_LOAD(&info, PMIX_SERVER_URI, argv[1], PMIX_STRING);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, &info, 1))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("tool %s:%u\n", me.nspace, me.rank);
    PMIX_LOAD_PROCID(&src, argv[2], PMIX_RANK_WILDCARD);
    rc = PMIx_IOF_pull(&src, 1, NULL, 0, PMIX_FWD_STDOUT_CHANNEL | PMIX_FWD_STDERR_CHANNEL, on_output, NULL, NULL);
    printf("pull rc=%d\n", rc);
    if (rc < 0) {
        PMIx_tool_finalize();
        return 3;
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
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 10;
    printf("got %d\n", received);
    rc = PMIx_IOF_deregister((size_t) rc, NULL, 0, on_deregistered, NULL);
    if (PMIX_SUCCESS == rc) {
        pthread_mutex_lock(&lock);
        while (!dereg_done) {
            if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) {
                break;
            }
        }
        rc = dereg_done ? dereg_status : PMIX_ERR_TIMEOUT;
        pthread_mutex_unlock(&lock);
    }
    printf("deregister rc=%d\n", rc);
    PMIx_tool_finalize();
    return 0;
}
