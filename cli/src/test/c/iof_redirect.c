/*
 * iof_redirect: a PMIx tool that pulls a running job's stdout from pmix4j run or the DVM, to see that the
 * runtime stops printing what the tool takes (PMIX_IOF_REDIRECT, the default) or goes on (PMIX_IOF_COPY).
 *
 *   iof_redirect SERVER_PID NSPACE DIR MODE
 *
 * MODE: redirect (no directive), copy (PMIX_IOF_COPY true), leave (as redirect, but the tool then exits
 * without deregistering). Pulls NSPACE's stdout (all ranks) with a handler that prints each piece as
 * "got [<data>]" (without its trailing newline), creates DIR/go1 once the pull is registered, waits (30 s at
 * most) for the line "during-pull", then deregisters (printing "deregister rc=<status>") and creates DIR/go2,
 * or with leave just finalizes. Exit 0, 1 when tool_init failed, 2 on bad arguments, 3 when the pull failed,
 * 4 when "during-pull" never came.
 */
#define _GNU_SOURCE
#include <pmix_tool.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int seen = 0;
static int done = 0;
static pmix_status_t done_status;

static void on_done(pmix_status_t status, void *cbdata)
{
    (void) cbdata;
    pthread_mutex_lock(&lock);
    done_status = status;
    done = 1;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

static void on_output(size_t id, pmix_iof_channel_t channel, pmix_proc_t *source, pmix_byte_object_t *payload,
                      pmix_info_t info[], size_t ninfo)
{
    int len = (int) payload->size;
    (void) id;
    (void) channel;
    (void) source;
    (void) info;
    (void) ninfo;
    if (NULL == payload->bytes) {
        return;
    }
    while (len > 0 && (payload->bytes[len - 1] == '\n' || payload->bytes[len - 1] == '\0')) {
        len--;
    }
    printf("got [%.*s]\n", len, payload->bytes);
    fflush(stdout);
    pthread_mutex_lock(&lock);
    if (NULL != memmem(payload->bytes, payload->size, "during-pull", 11)) {
        seen = 1;
    }
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

/* waits (30 s at most) until *flag is set; returns it */
static int await_flag(volatile int *flag)
{
    struct timespec deadline;
    int r;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 30;
    pthread_mutex_lock(&lock);
    while (!*flag) {
        if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) {
            break;
        }
    }
    r = *flag;
    pthread_mutex_unlock(&lock);
    return r;
}

static void touch(const char *dir, const char *name)
{
    char path[4096];
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    f = fopen(path, "w");
    if (NULL != f) {
        fclose(f);
    }
}

int main(int argc, char **argv)
{
    pmix_proc_t me, src;
    pmix_info_t info, dir;
    pmix_status_t rc;
    size_t ndirs = 0;
    bool yes = true;
    int leave;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc != 5 || (strcmp(argv[4], "redirect") && strcmp(argv[4], "copy") && strcmp(argv[4], "leave"))) {
        fprintf(stderr, "usage: iof_redirect SERVER_PID NSPACE DIR redirect|copy|leave\n");
        return 2;
    }
    leave = 0 == strcmp(argv[4], "leave");
    pid_t pid = (pid_t) atoi(argv[1]);
    PMIX_INFO_LOAD(&info, PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, &info, 1))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    if (0 == strcmp(argv[4], "copy")) {
        PMIX_INFO_LOAD(&dir, PMIX_IOF_COPY, &yes, PMIX_BOOL);
        ndirs = 1;
    }
    PMIX_LOAD_PROCID(&src, argv[2], PMIX_RANK_WILDCARD);
    /* the blocking form answers our id of the request (>= 0) or an error */
    rc = PMIx_IOF_pull(&src, 1, ndirs ? &dir : NULL, ndirs, PMIX_FWD_STDOUT_CHANNEL, on_output, NULL, NULL);
    printf("pull rc=%s\n", rc < 0 ? PMIx_Error_string(rc) : "SUCCESS");
    if (rc < 0) {
        PMIx_tool_finalize();
        return 3;
    }
    touch(argv[3], "go1");
    if (!await_flag(&seen)) {
        printf("during-pull never came\n");
        PMIx_tool_finalize();
        return 4;
    }
    if (leave) {
        printf("leaving\n");
        PMIx_tool_finalize();
        return 0;
    }
    rc = PMIx_IOF_deregister((size_t) rc, NULL, 0, on_done, NULL);
    if (PMIX_SUCCESS == rc) {
        rc = await_flag(&done) ? done_status : PMIX_ERR_TIMEOUT;
    }
    printf("deregister rc=%s\n", PMIx_Error_string(rc));
    touch(argv[3], "go2");
    PMIx_tool_finalize();
    return 0;
}
