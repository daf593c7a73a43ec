/*
 * iof_format: a PMIx tool that spawns a job asking for PMIX_IOF_TAG_OUTPUT and has libpmix write the job's
 * forwarded output to the tool's own stdout and stderr, for comparison with the Java tool library.
 *
 *   iof_format SERVER_PID DIR NAME
 *
 * Spawns one process of "/bin/sh DIR/job.sh DIR/NAME.go" with PMIX_FWD_STDOUT, PMIX_FWD_STDERR and
 * PMIX_IOF_TAG_OUTPUT (libpmix 4.2.2 formats what it writes by the spawn's job info: it clears the flags of
 * the init info and ignores a pull's), writes the job's nspace into DIR/NAME.ns, pulls the job's output a
 * second time with a handler that prints nothing and watches for the lines "last" (stdout) and "errlast"
 * (stderr), creates DIR/NAME.go (the job waits for it), waits for both lines (30 s at most) and finalizes.
 * Exit 0, 1 when tool_init failed, 2 on bad arguments, 3 when the spawn or pull failed, 4 when the lines
 * never came.
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
static int seen_out = 0;
static int seen_err = 0;

static void on_output(size_t id, pmix_iof_channel_t channel, pmix_proc_t *source, pmix_byte_object_t *payload,
                      pmix_info_t info[], size_t ninfo)
{
    (void) id;
    (void) source;
    (void) info;
    (void) ninfo;
    if (NULL == payload->bytes) {
        return;
    }
    pthread_mutex_lock(&lock);
    if ((PMIX_FWD_STDOUT_CHANNEL & channel) && NULL != memmem(payload->bytes, payload->size, "last\n", 5)) {
        seen_out = 1;
    }
    if ((PMIX_FWD_STDERR_CHANNEL & channel) && NULL != memmem(payload->bytes, payload->size, "errlast\n", 8)) {
        seen_err = 1;
    }
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

static void write_file(const char *dir, const char *name, const char *suffix, const char *text)
{
    char path[4096];
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s%s", dir, name, suffix);
    f = fopen(path, "w");
    if (NULL != f) {
        fputs(text, f);
        fclose(f);
    }
}

int main(int argc, char **argv)
{
    pmix_proc_t me, src;
    pmix_info_t init, job[3];
    pmix_app_t app;
    pmix_nspace_t ns;
    pmix_status_t rc;
    struct timespec deadline;
    char script[4096], marker[4096];
    bool yes = true;
    int ok;

    if (argc != 4) {
        fprintf(stderr, "usage: iof_format SERVER_PID DIR NAME\n");
        return 2;
    }
    pid_t pid = (pid_t) atoi(argv[1]);
    PMIX_INFO_LOAD(&init, PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, &init, 1))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    snprintf(script, sizeof(script), "%s/job.sh", argv[2]);
    snprintf(marker, sizeof(marker), "%s/%s.go", argv[2], argv[3]);
    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup("/bin/sh");
    app.argv = calloc(4, sizeof(char *));
    app.argv[0] = strdup("/bin/sh");
    app.argv[1] = strdup(script);
    app.argv[2] = strdup(marker);
    app.maxprocs = 1;
    PMIX_INFO_LOAD(&job[0], PMIX_FWD_STDOUT, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&job[1], PMIX_FWD_STDERR, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&job[2], PMIX_IOF_TAG_OUTPUT, &yes, PMIX_BOOL);
    rc = PMIx_Spawn(job, 3, &app, 1, ns);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "spawn failed: %s\n", PMIx_Error_string(rc));
        PMIx_tool_finalize();
        return 3;
    }
    write_file(argv[2], argv[3], ".ns", ns);
    PMIX_LOAD_PROCID(&src, ns, PMIX_RANK_WILDCARD);
    rc = PMIx_IOF_pull(&src, 1, NULL, 0, PMIX_FWD_STDOUT_CHANNEL | PMIX_FWD_STDERR_CHANNEL, on_output, NULL, NULL);
    if (rc < 0) {
        fprintf(stderr, "pull failed: %s\n", PMIx_Error_string(rc));
        PMIx_tool_finalize();
        return 3;
    }
    write_file(argv[2], argv[3], ".go", "");
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 30;
    pthread_mutex_lock(&lock);
    while (!seen_out || !seen_err) {
        if (0 != pthread_cond_timedwait(&cond, &lock, &deadline)) {
            break;
        }
    }
    ok = seen_out && seen_err;
    pthread_mutex_unlock(&lock);
    PMIx_tool_finalize();
    if (!ok) {
        fprintf(stderr, "the last lines never came\n");
        return 4;
    }
    return 0;
}
