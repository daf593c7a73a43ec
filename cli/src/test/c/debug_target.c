/*
 * debug_target: a PMIx client for a debugger to attach to.
 *
 *   debug_target [SECONDS]
 *
 * Has a global `answer`, 42 until PMIx_Init has returned, then 7: a debugger that attaches while the process
 * waits at exec or in PMIx_Init reads 42. When its job data has PMIX_DEBUG_STOP_IN_APP, it pauses itself
 * after PMIx_Init as the Standard leaves to the application: `answer` becomes 43, it registers for
 * PMIX_DEBUGGER_RELEASE, says PMIX_READY_FOR_DEBUG (range RM, with PMIX_BREAKPOINT "debug-target") and waits
 * for the release (SECONDS at most, 120 by default). Prints "rank R answer A paused-in-app yes|no" and exits 0;
 * 3 when the release did not come in time.
 */
#include <pmix.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

volatile int answer = 42;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int released;

static void release_fn(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[],
                       size_t ninfo, pmix_info_t results[], size_t nresults,
                       pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    pthread_mutex_lock(&lock);
    released = 1;
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&lock);
    if (NULL != cbfunc) {
        cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
    }
}

int main(int argc, char **argv)
{
    pmix_proc_t me, wildcard;
    pmix_value_t *val = NULL;
    int limit = argc > 1 ? atoi(argv[1]) : 120;
    int paused = 0;

    if (PMIX_SUCCESS != PMIx_Init(&me, NULL, 0)) {
        fprintf(stderr, "PMIx_Init failed\n");
        return 1;
    }
    answer = 7;
    PMIX_LOAD_PROCID(&wildcard, me.nspace, PMIX_RANK_WILDCARD);
    pmix_info_t optional;
    PMIX_INFO_LOAD(&optional, PMIX_OPTIONAL, NULL, PMIX_BOOL);
    if (PMIX_SUCCESS == PMIx_Get(&wildcard, PMIX_DEBUG_STOP_IN_APP, &optional, 1, &val)) {
        PMIX_VALUE_RELEASE(val);
        paused = 1;
        answer = 43;
        pmix_status_t code = PMIX_DEBUGGER_RELEASE;
        PMIx_Register_event_handler(&code, 1, NULL, 0, release_fn, NULL, NULL);
        pmix_info_t ready[2];
        PMIX_INFO_LOAD(&ready[0], PMIX_EVENT_NON_DEFAULT, NULL, PMIX_BOOL);
        PMIX_INFO_LOAD(&ready[1], PMIX_BREAKPOINT, "debug-target", PMIX_STRING);
        PMIx_Notify_event(PMIX_READY_FOR_DEBUG, &me, PMIX_RANGE_RM, ready, 2, NULL, NULL);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += limit;
        pthread_mutex_lock(&lock);
        while (!released) {
            if (0 != pthread_cond_timedwait(&cond, &lock, &until)) {
                break;
            }
        }
        int ok = released;
        pthread_mutex_unlock(&lock);
        if (!ok) {
            fprintf(stderr, "rank %u: no release within %d s\n", me.rank, limit);
            PMIx_Finalize(NULL, 0);
            return 3;
        }
        answer = 7;
    }
    printf("rank %u answer %d paused-in-app %s\n", me.rank, answer, paused ? "yes" : "no");
    fflush(stdout);
    PMIx_Finalize(NULL, 0);
    return 0;
}
