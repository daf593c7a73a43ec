/* a tool that forwards standard input with PMIx_IOF_push, for the stdin forwarding tests.
 * Usage: svc_iof_push SERVER_URI|pid:PID NSPACE RANK|all MODE [TEXT...]
 *   MODE "blocking": pushes each TEXT with the blocking call, then a push of no bytes (the end of input),
 *                    then one TEXT more (refused: the input has ended); prints "push rc=<status>" for each
 *   MODE "callback": the same with a callback (pmix_op_cbfunc_t) for each push
 *   MODE "stdin":    PMIx_IOF_push(PMIX_IOF_PUSH_STDIN): libpmix itself reads this tool's stdin and sends
 *                    it; waits (at most 30 s) for the server's PMIX_ERR_IOF_COMPLETE event, which says the
 *                    input reached the targets and ended, and prints "stdin complete"
 * Any PMIX_ERR_IOF_FAILURE event is printed as "iof failure". */
#include <pmix_tool.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int done = 0;
static int complete = 0;
static pmix_status_t cb_status;

static void on_pushed(pmix_status_t status, void *cbdata)
{
    (void) cbdata;
    pthread_mutex_lock(&lock);
    cb_status = status;
    done = 1;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

static void on_event(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                     pmix_info_t results[], size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc,
                     void *cbdata)
{
    (void) id;
    (void) info;
    (void) ninfo;
    (void) results;
    (void) nresults;
    if (PMIX_ERR_IOF_COMPLETE == status) {
        printf("stdin complete from %s:%u\n", source->nspace, source->rank);
        pthread_mutex_lock(&lock);
        complete = 1;
        pthread_cond_broadcast(&cond);
        pthread_mutex_unlock(&lock);
    } else if (PMIX_ERR_IOF_FAILURE == status) {
        printf("iof failure\n");
    }
    if (NULL != cbfunc) {
        cbfunc(PMIX_SUCCESS, NULL, 0, NULL, NULL, cbdata);
    }
}

static pmix_status_t push(pmix_proc_t *target, const char *text, int callback)
{
    pmix_byte_object_t bo;
    struct timespec deadline;
    pmix_status_t rc;

    bo.bytes = (char *) text;
    bo.size = NULL == text ? 0 : strlen(text);
    if (!callback) {
        return PMIx_IOF_push(target, 1, &bo, NULL, 0, NULL, NULL);
    }
    done = 0;
    rc = PMIx_IOF_push(target, 1, &bo, NULL, 0, on_pushed, NULL);
    if (PMIX_SUCCESS != rc) {
        return rc;
    }
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 30;
    pthread_mutex_lock(&lock);
    while (!done) {
        if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) {
            break;
        }
    }
    rc = done ? cb_status : PMIX_ERR_TIMEOUT;
    pthread_mutex_unlock(&lock);
    return rc;
}

int main(int argc, char **argv)
{
    pmix_proc_t me, target;
    pmix_info_t info;
    pmix_status_t rc, codes[2] = {PMIX_ERR_IOF_COMPLETE, PMIX_ERR_IOF_FAILURE};
    struct timespec deadline;
    int i, callback;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 5) {
        fprintf(stderr, "usage: svc_iof_push SERVER_URI NSPACE RANK|all blocking|callback|stdin [TEXT...]\n");
        return 2;
    }
    if (0 == strncmp(argv[1], "pid:", 4)) {
        pid_t pid = (pid_t) atoi(argv[1] + 4);
        PMIX_INFO_LOAD(&info, PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    } else {
        PMIX_INFO_LOAD(&info, PMIX_SERVER_URI, argv[1], PMIX_STRING);
    }
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, &info, 1))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("tool %s:%u\n", me.nspace, me.rank);
    PMIX_LOAD_PROCID(&target, argv[2], 0 == strcmp(argv[3], "all") ? PMIX_RANK_WILDCARD : (pmix_rank_t) atoi(argv[3]));
    rc = PMIx_Register_event_handler(codes, 2, NULL, 0, on_event, NULL, NULL);
    if (rc < 0) {
        printf("register rc=%d\n", rc);
    }

    if (0 == strcmp(argv[4], "stdin")) {
        PMIX_INFO_LOAD(&info, PMIX_IOF_PUSH_STDIN, NULL, PMIX_BOOL);
        rc = PMIx_IOF_push(&target, 1, NULL, &info, 1, NULL, NULL);
        printf("push stdin rc=%d\n", rc);
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += 30;
        pthread_mutex_lock(&lock);
        while (!complete) {
            if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) {
                break;
            }
        }
        pthread_mutex_unlock(&lock);
        printf("%s\n", complete ? "stdin complete" : "stdin not complete");
    } else {
        callback = 0 == strcmp(argv[4], "callback");
        for (i = 5; i < argc; i++) {
            printf("push rc=%d\n", push(&target, argv[i], callback));
        }
        printf("end rc=%d\n", push(&target, NULL, callback));
        printf("after end rc=%d\n", push(&target, "too late\n", callback));
    }
    PMIx_tool_finalize();
    return 0;
}
