/*
 * launch_probe: the PMIx client of the launcher tests. It connects (PMIx_Init), reports what the launcher
 * gave it, one line per fact, each prefixed "rank R ":
 *   rank R size S appnum A lrank L      job size, application number, local rank (from PMIx_Get)
 *   rank R cpus LIST                     the CPUs it may run on (sched_getaffinity, hwloc list syntax)
 *   rank R cpuset SET locality LOC       its PMIX_CPUSET and PMIX_LOCALITY_STRING ("none" when absent)
 *   rank R policies MAPBY RANKBY BINDTO  the job's PMIX_MAPBY, PMIX_RANKBY, PMIX_BINDTO
 *   rank R cwd DIR                       its working directory (--cwd)
 *   rank R env NAME=VALUE|NAME unset     for each --env NAME
 * then does what it was asked, on every rank or only on the one named by --on RANK:
 *   --sleep SECONDS   sleep before ending (after reporting "rank R ready"), printing "rank R got SIGUSR1"
 *                     (SIGUSR2) when one arrives
 *   --ticks           while sleeping, print "rank R tick N" every 100 ms
 *   --ignore-term     ignore SIGTERM and SIGINT (only SIGKILL stops it)
 *   --partial TEXT    write TEXT to stdout without a newline (and flush it)
 *   --exit CODE       exit with CODE after PMIx_Finalize
 *   --abort CODE      PMIx_Abort(CODE)
 *   --kill SIGNAL     kill itself with SIGNAL (no finalize)
 *   --no-finalize     exit 0 without PMIx_Finalize
 * Options given before --on apply to every rank; --on RANK makes the following ones apply to RANK only.
 */
#define _GNU_SOURCE
#include <pmix.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void affinity(char *buf, size_t len)
{
    cpu_set_t set;
    int first = -1, prev = -2;
    size_t n = 0;
    buf[0] = '\0';
    CPU_ZERO(&set);
    if (0 != sched_getaffinity(0, sizeof(set), &set)) {
        snprintf(buf, len, "error");
        return;
    }
    for (int c = 0; c <= CPU_SETSIZE; c++) {
        int in = c < CPU_SETSIZE && CPU_ISSET(c, &set);
        if (in && prev == c - 1) {
            prev = c;
            continue;
        }
        if (first >= 0 && n < len) {
            n += snprintf(buf + n, len - n, "%s%d", n > 0 ? "," : "", first);
            if (prev > first && n < len) {
                n += snprintf(buf + n, len - n, "-%d", prev);
            }
        }
        first = in ? c : -1;
        prev = in ? c : -2;
    }
}

static void get_string(const pmix_proc_t *p, const char *key, char *buf, size_t len)
{
    pmix_value_t *v = NULL;
    pmix_info_t info;
    PMIX_INFO_LOAD(&info, PMIX_OPTIONAL, NULL, PMIX_BOOL);
    if (PMIX_SUCCESS == PMIx_Get(p, key, &info, 1, &v) && NULL != v && PMIX_STRING == v->type
        && NULL != v->data.string) {
        snprintf(buf, len, "%s", v->data.string);
    } else {
        snprintf(buf, len, "none");
    }
    if (NULL != v) {
        PMIX_VALUE_RELEASE(v);
    }
}

static long get_number(const pmix_proc_t *p, const char *key)
{
    pmix_value_t *v = NULL;
    long r = -1;
    if (PMIX_SUCCESS == PMIx_Get(p, key, NULL, 0, &v) && NULL != v) {
        switch (v->type) {
        case PMIX_UINT16: r = v->data.uint16; break;
        case PMIX_UINT32: r = v->data.uint32; break;
        case PMIX_INT: r = v->data.integer; break;
        case PMIX_UINT: r = v->data.uint; break;
        default: break;
        }
        PMIX_VALUE_RELEASE(v);
    }
    return r;
}

static volatile sig_atomic_t got_usr1, got_usr2;

static void on_usr(int sig)
{
    if (SIGUSR1 == sig) {
        got_usr1++;
    } else {
        got_usr2++;
    }
}

int main(int argc, char **argv)
{
    pmix_proc_t me, wild;
    char buf[4096], loc[1024];
    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "launch_probe: PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 99;
    }
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    unsigned r = me.rank;
    printf("rank %u size %ld appnum %ld lrank %ld\n", r, get_number(&wild, PMIX_JOB_SIZE),
           get_number(&me, PMIX_APPNUM), get_number(&me, PMIX_LOCAL_RANK));
    affinity(buf, sizeof(buf));
    printf("rank %u cpus %s\n", r, buf);
    get_string(&me, PMIX_CPUSET, buf, sizeof(buf));
    get_string(&me, PMIX_LOCALITY_STRING, loc, sizeof(loc));
    printf("rank %u cpuset %s locality %s\n", r, buf, loc);
    {
        char m[256], k[256], b[256];
        get_string(&wild, PMIX_MAPBY, m, sizeof(m));
        get_string(&wild, PMIX_RANKBY, k, sizeof(k));
        get_string(&wild, PMIX_BINDTO, b, sizeof(b));
        printf("rank %u policies %s %s %s\n", r, m, k, b);
    }

    signal(SIGUSR1, on_usr);
    signal(SIGUSR2, on_usr);
    int ticks = 0, seen1 = 0, seen2 = 0;
    int mine = 1, sleep_s = 0, exit_code = 0, abort_code = -1, kill_sig = 0, finalize = 1;
    const char *partial = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : "";
        if (0 == strcmp(a, "--on")) {
            mine = (unsigned) atoi(val) == r;
            i++;
        } else if (0 == strcmp(a, "--cwd")) {
            printf("rank %u cwd %s\n", r, NULL != getcwd(buf, sizeof(buf)) ? buf : "?");
        } else if (0 == strcmp(a, "--env")) {
            const char *e = getenv(val);
            if (NULL == e) {
                printf("rank %u env %s unset\n", r, val);
            } else {
                printf("rank %u env %s=%s\n", r, val, e);
            }
            i++;
        } else if (!mine) {
            i += strcmp(a, "--no-finalize") != 0 && strcmp(a, "--ticks") != 0 && strcmp(a, "--ignore-term") != 0;
        } else if (0 == strcmp(a, "--sleep")) {
            sleep_s = atoi(val);
            i++;
        } else if (0 == strcmp(a, "--partial")) {
            partial = val;
            i++;
        } else if (0 == strcmp(a, "--exit")) {
            exit_code = atoi(val);
            i++;
        } else if (0 == strcmp(a, "--abort")) {
            abort_code = atoi(val);
            i++;
        } else if (0 == strcmp(a, "--kill")) {
            kill_sig = atoi(val);
            i++;
        } else if (0 == strcmp(a, "--no-finalize")) {
            finalize = 0;
        } else if (0 == strcmp(a, "--ticks")) {
            ticks = 1;
        } else if (0 == strcmp(a, "--ignore-term")) {
            signal(SIGTERM, SIG_IGN);
            signal(SIGINT, SIG_IGN);
        } else {
            fprintf(stderr, "launch_probe: unknown argument %s\n", a);
            return 98;
        }
    }
    printf("rank %u ready\n", r);
    fflush(stdout);
    if (NULL != partial) {
        fputs(partial, stdout);
        fflush(stdout);
    }
    for (int t = 0; t < sleep_s * 10; t++) {
        usleep(100000);
        if (ticks) {
            printf("rank %u tick %d\n", r, t);
        }
        for (; seen1 < got_usr1; seen1++) {
            printf("rank %u got SIGUSR1\n", r);
        }
        for (; seen2 < got_usr2; seen2++) {
            printf("rank %u got SIGUSR2\n", r);
        }
        fflush(stdout);
    }
    if (abort_code >= 0) {
        PMIx_Abort(abort_code, "launch_probe asked to abort", NULL, 0);
        sleep(30); /* the launcher kills us */
        return 97;
    }
    if (kill_sig > 0) {
        kill(getpid(), kill_sig);
        sleep(30);
        return 96;
    }
    if (finalize && PMIX_SUCCESS != (rc = PMIx_Finalize(NULL, 0))) {
        fprintf(stderr, "launch_probe: PMIx_Finalize failed: %s\n", PMIx_Error_string(rc));
        return 95;
    }
    return exit_code;
}
