/*
 * Real-client peer of the job-control tests (cli/src/test/java/org/pmix4j/cli/cleanup/JobControlTest).
 * Runs under `pmix4j run -n 2`. Every rank prints "READY <rank> <pid> <nspace>" and counts SIGUSR1
 * (its handler writes "R<rank> got USR1"). Modes (argv[1]):
 *
 *   ranks    rank 0, with PMIx_Job_control on rank 1 and on the whole job: signal rank 1 (SIGUSR1),
 *            pause rank 1 (and read its state from /proc/<pid>/stat: 'T' when stopped), resume it, pause
 *            it again and resume the whole job, signal the whole job (rank 0 too), ask for checkpoint,
 *            restart and provision (not supported by `pmix4j run`), then kill rank 1 and wait for the
 *            launcher to stop the job. Rank 1 just waits to be killed.
 *   killjob  rank 0 kills the whole job, itself included (termjob: terminates it).
 *   pausejob rank 0 pauses the whole job, itself included, and says so once something resumed it; then
 *            waits like the others.
 *   pausenow as pausejob, but at once after PMIx_Init, before any fence: under `-n 32` the launcher is
 *            still starting the last ranks, and the pause must reach them too.
 *   wait     every rank waits (at most 60 s) to be paused, signalled or killed by a tool.
 *
 * Rank 0 prints one line per step: "STEP <name> rc=<status> [state=<c>] [...]".
 */
#include <errno.h>
#include <pmix.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t usr1 = 0;
static char usr1_line[64];

static void on_usr1(int sig)
{
    (void) sig;
    usr1++;
    (void) !write(1, usr1_line, strlen(usr1_line));
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (0 != nanosleep(&ts, &ts) && EINTR == errno) {
    }
}

/* the state letter of /proc/<pid>/stat ('R', 'S', 'T', 'Z' ...), '-' when the process is gone */
static char state_of(pid_t pid)
{
    char path[64], buf[512], *rp;
    FILE *f;
    size_t n;
    snprintf(path, sizeof(path), "/proc/%d/stat", (int) pid);
    if (NULL == (f = fopen(path, "r"))) {
        return '-';
    }
    n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[n] = '\0';
    rp = strrchr(buf, ')');
    return (NULL == rp || rp[1] == '\0') ? '?' : rp[2];
}

/* waits up to 5 s for the state to become (want != 0) or stop being (want == 0) 'c' */
static char await_state(pid_t pid, char c, int want)
{
    char s = state_of(pid);
    for (int i = 0; i < 250 && ((s == c) != want); i++) {
        sleep_ms(20);
        s = state_of(pid);
    }
    return s;
}

static pmix_status_t ctl(const pmix_proc_t *target, const char *key, const void *value, pmix_data_type_t type)
{
    pmix_info_t info;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    pmix_status_t rc;
    PMIX_INFO_LOAD(&info, key, value, type);
    rc = PMIx_Job_control(target, 1, &info, 1, &results, &nresults);
    PMIX_INFO_DESTRUCT(&info);
    if (NULL != results) {
        PMIX_INFO_FREE(results, nresults);
    }
    return rc;
}

int main(int argc, char **argv)
{
    pmix_proc_t me, r1, job;
    pmix_value_t val, *pv = NULL;
    pmix_info_t coll;
    pmix_status_t rc;
    uint32_t mypid = (uint32_t) getpid();
    pid_t pid1 = 0;
    bool yes = true;
    int sig = SIGUSR1;
    const char *mode = argc > 1 ? argv[1] : "wait";

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    snprintf(usr1_line, sizeof(usr1_line), "R%u got USR1\n", me.rank);
    signal(SIGUSR1, on_usr1);
    printf("READY %u %d %s\n", me.rank, (int) getpid(), me.nspace);
    if (0 == me.rank && 0 == strcmp(mode, "pausenow")) {
        pmix_proc_t all;
        PMIX_LOAD_PROCID(&all, me.nspace, PMIX_RANK_WILDCARD);
        rc = ctl(&all, PMIX_JOB_CTRL_PAUSE, &yes, PMIX_BOOL);
        printf("STEP pause-now rc=%d resumed\n", rc);
    }

    PMIX_VALUE_LOAD(&val, &mypid, PMIX_UINT32);
    PMIx_Put(PMIX_GLOBAL, "jctest.pid", &val);
    PMIx_Commit();
    PMIX_INFO_LOAD(&coll, PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
    if (PMIX_SUCCESS != (rc = PMIx_Fence(NULL, 0, &coll, 1))) {
        fprintf(stderr, "fence failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_LOAD_PROCID(&r1, me.nspace, 1);
    PMIX_LOAD_PROCID(&job, me.nspace, PMIX_RANK_WILDCARD);
    if (PMIX_SUCCESS == PMIx_Get(&r1, "jctest.pid", NULL, 0, &pv) && NULL != pv) {
        pid1 = (pid_t) pv->data.uint32;
        PMIX_VALUE_RELEASE(pv);
    }

    if (0 == me.rank && 0 == strcmp(mode, "ranks")) {
        char s;
        rc = ctl(&r1, PMIX_JOB_CTRL_SIGNAL, &sig, PMIX_INT);
        printf("STEP signal-rank rc=%d\n", rc);

        rc = ctl(&r1, PMIX_JOB_CTRL_PAUSE, &yes, PMIX_BOOL);
        s = await_state(pid1, 'T', 1);
        printf("STEP pause-rank rc=%d state=%c mine=%c\n", rc, s, state_of(getpid()));

        rc = ctl(&r1, PMIX_JOB_CTRL_RESUME, &yes, PMIX_BOOL);
        s = await_state(pid1, 'T', 0);
        printf("STEP resume-rank rc=%d state=%c\n", rc, s);

        /* paused again, then resumed with the whole job (rank 0 runs anyway) */
        ctl(&r1, PMIX_JOB_CTRL_PAUSE, &yes, PMIX_BOOL);
        s = await_state(pid1, 'T', 1);
        rc = ctl(&job, PMIX_JOB_CTRL_RESUME, &yes, PMIX_BOOL);
        printf("STEP resume-job rc=%d before=%c state=%c\n", rc, s, await_state(pid1, 'T', 0));

        int before = usr1;
        rc = ctl(&job, PMIX_JOB_CTRL_SIGNAL, &sig, PMIX_INT);
        for (int i = 0; i < 250 && usr1 == before; i++) {
            sleep_ms(20);
        }
        printf("STEP signal-job rc=%d self=%s\n", rc, usr1 > before ? "yes" : "no");

        rc = ctl(&r1, PMIX_JOB_CTRL_CHECKPOINT, "ckpt-1", PMIX_STRING);
        printf("STEP checkpoint rc=%d\n", rc);
        rc = ctl(&r1, PMIX_JOB_CTRL_RESTART, "ckpt-1", PMIX_STRING);
        printf("STEP restart rc=%d\n", rc);
        rc = ctl(&job, PMIX_JOB_CTRL_PROVISION, "node[1-2]", PMIX_STRING);
        printf("STEP provision rc=%d\n", rc);

        /* the launcher then stops the job, rank 0 too, maybe before this line is printed */
        rc = ctl(&r1, PMIX_JOB_CTRL_KILL, &yes, PMIX_BOOL);
        printf("STEP kill-rank rc=%d\n", rc);
        sleep_ms(30000);
        printf("STEP survived\n");
        PMIx_Finalize(NULL, 0);
        return 0;
    }
    if (0 == me.rank && (0 == strcmp(mode, "killjob") || 0 == strcmp(mode, "termjob"))) {
        rc = ctl(&job, 'k' == mode[0] ? PMIX_JOB_CTRL_KILL : PMIX_JOB_CTRL_TERMINATE, &yes, PMIX_BOOL);
        printf("STEP %s rc=%d\n", mode, rc);
        sleep_ms(30000);
        printf("STEP survived\n");
        PMIx_Finalize(NULL, 0);
        return 0;
    }
    if (0 == me.rank && 0 == strcmp(mode, "pausejob")) {
        /* stops this process too: something else (the test's tool) must resume the job */
        rc = ctl(&job, PMIX_JOB_CTRL_PAUSE, &yes, PMIX_BOOL);
        printf("STEP pause-job rc=%d resumed\n", rc);
    }
    /* everybody else waits to be acted upon */
    sleep_ms(60000);
    printf("R%u timed out\n", me.rank);
    PMIx_Finalize(NULL, 0);
    return 0;
}
