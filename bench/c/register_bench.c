/*
 * register_bench: libpmix's server registering a large job, the C half of bench/register.sh.
 *
 *   register_bench NPROCS [REPS [PPN [HOSTDIRS]]]
 *
 * A host (PMIx_server_init with a minimal server module, gds "hash", tmpdirs in a fresh temporary
 * directory) registers a job of NPROCS processes, PPN (default 64) per node, the first node being this
 * one, with what PRRTE registers: job-level keys, the node and process maps as regexes, one
 * PMIX_NODE_INFO_ARRAY per node, one application array, and one PMIX_PROC_DATA array per LOCAL process
 * (the PPN processes of node 0; the others are remote). Like PRRTE, the host names its session
 * directories (PMIX_TMPDIR, PMIX_NSDIR, a PMIX_PROCDIR per local process) unless HOSTDIRS is 0; then
 * pmix4j makes them itself (libpmix does not). RegisterNspaceBench.java registers the identical list
 * through pmix4j's PmixServer.registerNspace.
 *
 * Measured: the time of PMIx_server_register_nspace until its callback fires (REPS registrations of
 * fresh namespaces, each deregistered afterwards; the first is reported apart from the median of the
 * others), and the memory the first registration holds: VmRSS after it minus VmRSS before, and the growth
 * of VmHWM (peak RSS). The info list is built before the baseline is taken.
 *
 * Output: one line of key=value pairs, for the script to read.
 */
#define _GNU_SOURCE
#include <pmix.h>
#include <pmix_server.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    volatile bool active;
    pmix_status_t status;
} lock_t;

static void opcb(pmix_status_t status, void *cbdata)
{
    lock_t *l = (lock_t *) cbdata;
    l->status = status;
    __atomic_store_n(&l->active, false, __ATOMIC_RELEASE);
}

static void wait_lock(lock_t *l)
{
    while (__atomic_load_n(&l->active, __ATOMIC_ACQUIRE)) {
        struct timespec ts = {0, 1000};
        nanosleep(&ts, NULL);
    }
}

static pmix_server_module_t module; /* nothing to serve: no client connects */

/* the session directory a host like PRRTE would have made (only named: nobody creates it) */
#define TOPDIR "/tmp/prte.node00000.1000"

static long status_kb(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long v = -1;
    size_t fl = strlen(field);
    while (f && fgets(line, sizeof(line), f)) {
        if (0 == strncmp(line, field, fl) && ':' == line[fl]) {
            v = atol(line + fl + 1);
            break;
        }
    }
    if (f) fclose(f);
    return v;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static void load_array(pmix_info_t *dst, const char *key, pmix_info_t *src, size_t n)
{
    pmix_data_array_t da = {.type = PMIX_INFO, .size = n, .array = src};
    PMIX_INFO_LOAD(dst, key, &da, PMIX_DATA_ARRAY);
}

/* appends to a growing string */
static void cat(char **s, size_t *len, size_t *cap, const char *add)
{
    size_t al = strlen(add);
    if (*len + al + 1 > *cap) {
        *cap = 2 * (*len + al + 1);
        *s = realloc(*s, *cap);
    }
    memcpy(*s + *len, add, al + 1);
    *len += al;
}

static char *node_name(int n)
{
    char *s;
    if (0 > asprintf(&s, "node%05d", n)) exit(2);
    return s;
}

/* The registration; keep in step with RegisterNspaceBench.java (same keys, order, types, values). */
static pmix_info_t *build(const char *nspace, int nprocs, int ppn, bool hostdirs, size_t *ninfo)
{
    int nnodes = (nprocs + ppn - 1) / ppn;
    char *nodes = NULL, *ppnmap = NULL;
    size_t nl = 0, ncap = 0, pl = 0, pcap = 0;
    char buf[32];
    for (int n = 0; n < nnodes; n++) {
        char *name = node_name(n);
        if (n) cat(&nodes, &nl, &ncap, ",");
        cat(&nodes, &nl, &ncap, name);
        free(name);
        if (n) cat(&ppnmap, &pl, &pcap, ";");
        for (int r = n * ppn; r < (n + 1) * ppn && r < nprocs; r++) {
            snprintf(buf, sizeof(buf), r == n * ppn ? "%d" : ",%d", r);
            cat(&ppnmap, &pl, &pcap, buf);
        }
    }
    char *noderegex = NULL, *procregex = NULL;
    PMIx_generate_regex(nodes, &noderegex);
    PMIx_generate_ppn(ppnmap, &procregex);
    free(nodes);
    free(ppnmap);

    int nlocal = nprocs < ppn ? nprocs : ppn;
    size_t n = 0, max = 14 + nnodes + 1 + nlocal;
    pmix_info_t *info;
    PMIX_INFO_CREATE(info, max);
    uint32_t size = nprocs, one = 1, zero = 0, nn = nnodes;
    pmix_rank_t r0 = 0;
    PMIX_INFO_LOAD(&info[n++], PMIX_JOBID, nspace, PMIX_STRING);
    PMIX_INFO_LOAD(&info[n++], PMIX_NPROC_OFFSET, &r0, PMIX_PROC_RANK);
    PMIX_INFO_LOAD(&info[n++], PMIX_NODE_MAP, noderegex, PMIX_REGEX);
    PMIX_INFO_LOAD(&info[n++], PMIX_PROC_MAP, procregex, PMIX_REGEX);
    PMIX_INFO_LOAD(&info[n++], PMIX_NUM_NODES, &nn, PMIX_UINT32);
    PMIX_INFO_LOAD(&info[n++], PMIX_UNIV_SIZE, &size, PMIX_UINT32);
    PMIX_INFO_LOAD(&info[n++], PMIX_JOB_SIZE, &size, PMIX_UINT32);
    PMIX_INFO_LOAD(&info[n++], PMIX_JOB_NUM_APPS, &one, PMIX_UINT32);
    PMIX_INFO_LOAD(&info[n++], PMIX_MAX_PROCS, &size, PMIX_UINT32);
    PMIX_INFO_LOAD(&info[n++], PMIX_MAPBY, "BYSLOT:NOOVERSUBSCRIBE", PMIX_STRING);
    PMIX_INFO_LOAD(&info[n++], PMIX_RANKBY, "SLOT", PMIX_STRING);
    PMIX_INFO_LOAD(&info[n++], PMIX_BINDTO, "CORE", PMIX_STRING);
    char nsdir[512];
    snprintf(nsdir, sizeof(nsdir), "%s/%s", TOPDIR, nspace);
    if (hostdirs) {
        PMIX_INFO_LOAD(&info[n++], PMIX_TMPDIR, TOPDIR, PMIX_STRING);
        PMIX_INFO_LOAD(&info[n++], PMIX_NSDIR, nsdir, PMIX_STRING);
    }
    free(noderegex);
    free(procregex);

    for (int nd = 0; nd < nnodes; nd++) {
        int first = nd * ppn, count = (nd + 1) * ppn <= nprocs ? ppn : nprocs - first;
        char *peers = NULL, *name = node_name(nd);
        size_t l = 0, cap = 0;
        for (int r = first; r < first + count; r++) {
            snprintf(buf, sizeof(buf), r == first ? "%d" : ",%d", r);
            cat(&peers, &l, &cap, buf);
        }
        uint32_t id = nd, cnt = count;
        pmix_rank_t ldr = first;
        pmix_info_t *a;
        PMIX_INFO_CREATE(a, 6);
        PMIX_INFO_LOAD(&a[0], PMIX_HOSTNAME, name, PMIX_STRING);
        PMIX_INFO_LOAD(&a[1], PMIX_NODEID, &id, PMIX_UINT32);
        PMIX_INFO_LOAD(&a[2], PMIX_NODE_SIZE, &cnt, PMIX_UINT32);
        PMIX_INFO_LOAD(&a[3], PMIX_LOCAL_SIZE, &cnt, PMIX_UINT32);
        PMIX_INFO_LOAD(&a[4], PMIX_LOCALLDR, &ldr, PMIX_PROC_RANK);
        PMIX_INFO_LOAD(&a[5], PMIX_LOCAL_PEERS, peers, PMIX_STRING);
        load_array(&info[n++], PMIX_NODE_INFO_ARRAY, a, 6);
        PMIX_INFO_FREE(a, 6); /* PMIX_INFO_LOAD made a deep copy */
        free(peers);
        free(name);
    }

    pmix_info_t *app;
    PMIX_INFO_CREATE(app, 5);
    PMIX_INFO_LOAD(&app[0], PMIX_APPNUM, &zero, PMIX_UINT32);
    PMIX_INFO_LOAD(&app[1], PMIX_APP_SIZE, &size, PMIX_UINT32);
    PMIX_INFO_LOAD(&app[2], PMIX_APPLDR, &r0, PMIX_PROC_RANK);
    PMIX_INFO_LOAD(&app[3], PMIX_WDIR, "/home/user/run", PMIX_STRING);
    PMIX_INFO_LOAD(&app[4], PMIX_APP_ARGV, "./a.out --input data.in", PMIX_STRING);
    load_array(&info[n++], PMIX_APP_INFO_ARRAY, app, 5);
    PMIX_INFO_FREE(app, 5);

    char *host0 = node_name(0);
    for (int r = 0; r < nlocal; r++) {
        pmix_rank_t rr = r;
        uint16_t lr = r;
        bool f = false;
        pmix_info_t *p;
        char procdir[600];
        snprintf(procdir, sizeof(procdir), "%s/%d", nsdir, r);
        PMIX_INFO_CREATE(p, 11);
        PMIX_INFO_LOAD(&p[0], PMIX_RANK, &rr, PMIX_PROC_RANK);
        PMIX_INFO_LOAD(&p[1], PMIX_GLOBAL_RANK, &rr, PMIX_PROC_RANK);
        PMIX_INFO_LOAD(&p[2], PMIX_APPNUM, &zero, PMIX_UINT32);
        PMIX_INFO_LOAD(&p[3], PMIX_APP_RANK, &rr, PMIX_PROC_RANK);
        PMIX_INFO_LOAD(&p[4], PMIX_LOCAL_RANK, &lr, PMIX_UINT16);
        PMIX_INFO_LOAD(&p[5], PMIX_NODE_RANK, &lr, PMIX_UINT16);
        PMIX_INFO_LOAD(&p[6], PMIX_NODEID, &zero, PMIX_UINT32);
        PMIX_INFO_LOAD(&p[7], PMIX_REINCARNATION, &zero, PMIX_UINT32);
        PMIX_INFO_LOAD(&p[8], PMIX_SPAWNED, &f, PMIX_BOOL);
        PMIX_INFO_LOAD(&p[9], PMIX_HOSTNAME, host0, PMIX_STRING);
        if (hostdirs) {
            PMIX_INFO_LOAD(&p[10], PMIX_PROCDIR, procdir, PMIX_STRING);
        }
        load_array(&info[n++], PMIX_PROC_DATA, p, hostdirs ? 11 : 10);
        PMIX_INFO_FREE(p, 11);
    }
    free(host0);
    *ninfo = n;
    return info;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: register_bench NPROCS [REPS [PPN [HOSTDIRS]]]\n");
        return 2;
    }
    int nprocs = atoi(argv[1]);
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    int ppn = argc > 3 ? atoi(argv[3]) : 64;
    bool hostdirs = argc > 4 ? 0 != atoi(argv[4]) : true;
    if (reps < 1 || nprocs < 1 || ppn < 1) return 2;

    char dir[] = "/tmp/register_bench.XXXXXX";
    if (NULL == mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    setenv("PMIX_MCA_gds", "hash", 1);
    /* the benchmark's host name is node00000, the first node of the job */
    pmix_info_t init[3];
    PMIX_INFO_LOAD(&init[0], PMIX_SERVER_TMPDIR, dir, PMIX_STRING);
    PMIX_INFO_LOAD(&init[1], PMIX_SYSTEM_TMPDIR, dir, PMIX_STRING);
    PMIX_INFO_LOAD(&init[2], PMIX_HOSTNAME, "node00000", PMIX_STRING);
    pmix_status_t rc = PMIx_server_init(&module, init, 3);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_server_init: %s\n", PMIx_Error_string(rc));
        return 2;
    }

    if (NULL != getenv("REGISTER_BENCH_DUMP")) {
        /* the regexes, to compare with pmix4j's PmixServer.generateRegex/generatePpn output */
        size_t ni;
        pmix_info_t *info = build("dump@1", nprocs, ppn, hostdirs, &ni);
        for (int i = 2; i < 4; i++) {
            printf("%s %.*s\n", info[i].key, (int) strnlen(info[i].value.data.bo.bytes, info[i].value.data.bo.size),
                   info[i].value.data.bo.bytes);
        }
        PMIx_server_finalize();
        rmdir(dir);
        return 0;
    }
    double *ms = calloc(reps, sizeof(double));
    long rss0 = 0, hwm0 = 0, rss1 = 0, hwm1 = 0;
    int nlocal = nprocs < ppn ? nprocs : ppn;
    size_t ninfo = 0;
    for (int i = 0; i < reps; i++) {
        pmix_nspace_t ns;
        snprintf(ns, sizeof(ns), "bench@%d", i + 1);
        pmix_info_t *info = build(ns, nprocs, ppn, hostdirs, &ninfo);
        if (0 == i) {
            rss0 = status_kb("VmRSS");
            hwm0 = status_kb("VmHWM");
        }
        lock_t lk = {true, PMIX_SUCCESS};
        double t0 = now_ms();
        rc = PMIx_server_register_nspace(ns, nlocal, info, ninfo, opcb, &lk);
        if (PMIX_SUCCESS != rc && PMIX_OPERATION_SUCCEEDED != rc) {
            fprintf(stderr, "register_nspace: %s\n", PMIx_Error_string(rc));
            return 2;
        }
        if (PMIX_SUCCESS == rc) wait_lock(&lk);
        ms[i] = now_ms() - t0;
        if (PMIX_SUCCESS != lk.status) {
            fprintf(stderr, "register_nspace callback: %s\n", PMIx_Error_string(lk.status));
            return 2;
        }
        if (0 == i) {
            rss1 = status_kb("VmRSS");
            hwm1 = status_kb("VmHWM");
        }
        PMIX_INFO_FREE(info, ninfo);
        lk.active = true;
        PMIx_server_deregister_nspace(ns, opcb, &lk);
        wait_lock(&lk);
    }
    double first = ms[0], median = first;
    if (reps > 1) {
        qsort(ms + 1, reps - 1, sizeof(double), cmp);
        int m = reps - 1;
        median = m % 2 ? ms[1 + m / 2] : (ms[m / 2] + ms[1 + m / 2]) / 2;
    }
    printf("impl=libpmix procs=%d ppn=%d nodes=%d hostdirs=%d infos=%zu reps=%d first_ms=%.3f median_ms=%.3f"
           " rss_delta_kb=%ld hwm_delta_kb=%ld\n",
           nprocs, ppn, (nprocs + ppn - 1) / ppn, hostdirs, ninfo, reps, first, median, rss1 - rss0, hwm1 - hwm0);
    PMIx_server_finalize();
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    if (system(cmd)) { /* best effort */ }
    return 0;
}
