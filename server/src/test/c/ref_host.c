/*
 * ref_host: libpmix's own server (PMIx_server_init) as the host of a job, to tell apart what a libpmix
 * 4.2.2 CLIENT does from what pmix4j's server does: run a client under this host and under pmix4j, and a
 * check that fails under both is the client's doing.
 *
 *   ref_host N PROGRAM [ARGS...]
 *
 * Registers namespace "ref@1" with N processes on this node, one application, with the same job data
 * `pmix4j run` registers (runtime/.../JobRegistration.java): job-level keys, node and process maps, one
 * node array, one application array, one PMIX_PROC_DATA array per process; and, as PRRTE does, the
 * session directories PMIX_TMPDIR, PMIX_NSDIR and PMIX_PROCDIR (named only). Then forks N copies of
 * PROGRAM with the environment of PMIx_server_setup_fork and exits with the first non-zero status.
 * Session tmpdirs go under $TMPDIR (or /tmp) in a fresh ref_host.XXXXXX directory, removed at the end.
 * The node's slot count (PMIX_UNIV_SIZE, PMIX_MAX_PROCS) is $REF_HOST_SLOTS, else the online CPUs.
 */
#define _GNU_SOURCE
#include <pmix.h>
#include <pmix_server.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    volatile bool active;
    pmix_status_t status;
} lock_t;

static void opcb(pmix_status_t status, void *cbdata)
{
    lock_t *l = (lock_t *) cbdata;
    l->status = status;
    l->active = false;
}

static void wait_lock(lock_t *l)
{
    while (l->active) usleep(100);
}

static pmix_status_t connected(const pmix_proc_t *proc, void *server_object, pmix_op_cbfunc_t cbfunc,
                               void *cbdata)
{
    (void) proc; (void) server_object;
    if (cbfunc) cbfunc(PMIX_SUCCESS, cbdata);
    return PMIX_SUCCESS;
}

static pmix_status_t finalized(const pmix_proc_t *proc, void *server_object, pmix_op_cbfunc_t cbfunc,
                               void *cbdata)
{
    (void) proc; (void) server_object;
    if (cbfunc) cbfunc(PMIX_SUCCESS, cbdata);
    return PMIX_SUCCESS;
}

static pmix_status_t fence(const pmix_proc_t procs[], size_t nprocs, const pmix_info_t info[], size_t ninfo,
                           char *data, size_t ndata, pmix_modex_cbfunc_t cbfunc, void *cbdata)
{
    (void) procs; (void) nprocs; (void) info; (void) ninfo;
    /* one node: the collected data is all there is */
    if (cbfunc) cbfunc(PMIX_SUCCESS, data, ndata, cbdata, NULL, NULL);
    return PMIX_SUCCESS;
}

static pmix_server_module_t module = {.client_connected = connected, .client_finalized = finalized,
                                      .fence_nb = fence};

static void load_array(pmix_info_t *dst, const char *key, pmix_info_t *src, size_t n)
{
    pmix_data_array_t da;
    da.type = PMIX_INFO;
    da.size = n;
    da.array = src;
    PMIX_INFO_LOAD(dst, key, &da, PMIX_DATA_ARRAY);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: ref_host N PROGRAM [ARGS...]\n");
        return 2;
    }
    int np = atoi(argv[1]);
    char host[256];
    gethostname(host, sizeof(host));
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    char dir[4096];
    snprintf(dir, sizeof(dir), "%s/ref_host.XXXXXX", tmp);
    if (NULL == mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    /* the data store the server offers: its own hash unless REF_GDS names others (e.g. "ds21,hash") */
    setenv("PMIX_MCA_gds", getenv("REF_GDS") ? getenv("REF_GDS") : "hash", 1);

    pmix_info_t init[3];
    bool t = true;
    PMIX_INFO_LOAD(&init[0], PMIX_SERVER_TMPDIR, dir, PMIX_STRING);
    PMIX_INFO_LOAD(&init[1], PMIX_SYSTEM_TMPDIR, dir, PMIX_STRING);
    PMIX_INFO_LOAD(&init[2], PMIX_SERVER_TOOL_SUPPORT, &t, PMIX_BOOL);
    pmix_status_t rc = PMIx_server_init(&module, init, 3);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_server_init: %s\n", PMIx_Error_string(rc));
        return 2;
    }

    pmix_nspace_t ns;
    PMIX_LOAD_NSPACE(ns, "ref@1");
    char *regex = NULL, *ppn = NULL, ranks[65536] = "", argvs[8192] = "", cwd[4096];
    for (int r = 0; r < np; r++) {
        snprintf(ranks + strlen(ranks), sizeof(ranks) - strlen(ranks), "%s%d", r ? "," : "", r);
    }
    for (int i = 2; i < argc; i++) {
        snprintf(argvs + strlen(argvs), sizeof(argvs) - strlen(argvs), "%s%s", i > 2 ? " " : "", argv[i]);
    }
    if (NULL == getcwd(cwd, sizeof(cwd))) return 2;
    PMIx_generate_regex(host, &regex);
    PMIx_generate_ppn(ranks, &ppn);

    size_t ninfo = 17 + np, n = 0;
    pmix_info_t *info;
    PMIX_INFO_CREATE(info, ninfo);
    /* the node's slots: REF_HOST_SLOTS when set (the test's own count), else the online CPUs */
    uint32_t u, size = np, zero = 0, one = 1, slots = (uint32_t) sysconf(_SC_NPROCESSORS_ONLN);
    if (getenv("REF_HOST_SLOTS")) slots = (uint32_t) atoi(getenv("REF_HOST_SLOTS"));
    uint32_t univ = slots > size ? slots : size;
    pmix_rank_t rk = 0;
    PMIX_INFO_LOAD(&info[n++], PMIX_JOBID, ns, PMIX_STRING);
    PMIX_INFO_LOAD(&info[n++], PMIX_NPROC_OFFSET, &rk, PMIX_PROC_RANK);
    PMIX_INFO_LOAD(&info[n++], PMIX_NODE_MAP, regex, PMIX_REGEX);
    PMIX_INFO_LOAD(&info[n++], PMIX_PROC_MAP, ppn, PMIX_REGEX);
    PMIX_INFO_LOAD(&info[n++], PMIX_NUM_NODES, &one, PMIX_UINT32);
    PMIX_INFO_LOAD(&info[n++], PMIX_UNIV_SIZE, &univ, PMIX_UINT32);
    PMIX_INFO_LOAD(&info[n++], PMIX_JOB_SIZE, &size, PMIX_UINT32);
    PMIX_INFO_LOAD(&info[n++], PMIX_JOB_NUM_APPS, &one, PMIX_UINT32);
    PMIX_INFO_LOAD(&info[n++], PMIX_MAX_PROCS, &univ, PMIX_UINT32);
    PMIX_INFO_LOAD(&info[n++], PMIX_MAPBY, size > slots ? "BYSLOT:OVERSUBSCRIBE" : "BYSLOT:NOOVERSUBSCRIBE",
                   PMIX_STRING);
    PMIX_INFO_LOAD(&info[n++], PMIX_RANKBY, "SLOT", PMIX_STRING);
    PMIX_INFO_LOAD(&info[n++], PMIX_BINDTO, "NONE", PMIX_STRING);
    /* session directories named as PRRTE names them (libpmix does not make them up); not created */
    char nsdir[4200];
    snprintf(nsdir, sizeof(nsdir), "%s/%s", dir, ns);
    PMIX_INFO_LOAD(&info[n++], PMIX_TMPDIR, dir, PMIX_STRING);
    PMIX_INFO_LOAD(&info[n++], PMIX_NSDIR, nsdir, PMIX_STRING);

    pmix_info_t node[7];
    bool over = size > slots;
    PMIX_INFO_LOAD(&node[0], PMIX_HOSTNAME, host, PMIX_STRING);
    PMIX_INFO_LOAD(&node[1], PMIX_NODEID, &zero, PMIX_UINT32);
    PMIX_INFO_LOAD(&node[2], PMIX_NODE_SIZE, &size, PMIX_UINT32);
    PMIX_INFO_LOAD(&node[3], PMIX_LOCAL_SIZE, &size, PMIX_UINT32);
    PMIX_INFO_LOAD(&node[4], PMIX_LOCALLDR, &rk, PMIX_PROC_RANK);
    PMIX_INFO_LOAD(&node[5], PMIX_LOCAL_PEERS, ranks, PMIX_STRING);
    PMIX_INFO_LOAD(&node[6], PMIX_NODE_OVERSUBSCRIBED, &over, PMIX_BOOL);
    load_array(&info[n++], PMIX_NODE_INFO_ARRAY, node, 7);

    pmix_info_t app[5];
    PMIX_INFO_LOAD(&app[0], PMIX_APPNUM, &zero, PMIX_UINT32);
    PMIX_INFO_LOAD(&app[1], PMIX_APP_SIZE, &size, PMIX_UINT32);
    PMIX_INFO_LOAD(&app[2], PMIX_APPLDR, &rk, PMIX_PROC_RANK);
    PMIX_INFO_LOAD(&app[3], PMIX_WDIR, cwd, PMIX_STRING);
    PMIX_INFO_LOAD(&app[4], PMIX_APP_ARGV, argvs, PMIX_STRING);
    load_array(&info[n++], PMIX_APP_INFO_ARRAY, app, 5);

    for (int r = 0; r < np; r++) {
        pmix_info_t p[11];
        char procdir[4300];
        snprintf(procdir, sizeof(procdir), "%s/%d", nsdir, r);
        pmix_rank_t rr = r;
        uint16_t lr = r;
        bool f = false;
        PMIX_INFO_LOAD(&p[0], PMIX_RANK, &rr, PMIX_PROC_RANK);
        PMIX_INFO_LOAD(&p[1], PMIX_GLOBAL_RANK, &rr, PMIX_PROC_RANK);
        PMIX_INFO_LOAD(&p[2], PMIX_APPNUM, &zero, PMIX_UINT32);
        PMIX_INFO_LOAD(&p[3], PMIX_APP_RANK, &rr, PMIX_PROC_RANK);
        PMIX_INFO_LOAD(&p[4], PMIX_LOCAL_RANK, &lr, PMIX_UINT16);
        PMIX_INFO_LOAD(&p[5], PMIX_NODE_RANK, &lr, PMIX_UINT16);
        PMIX_INFO_LOAD(&p[6], PMIX_NODEID, &zero, PMIX_UINT32);
        PMIX_INFO_LOAD(&p[7], PMIX_REINCARNATION, &zero, PMIX_UINT32);
        PMIX_INFO_LOAD(&p[8], PMIX_SPAWNED, &f, PMIX_BOOL);
        PMIX_INFO_LOAD(&p[9], PMIX_HOSTNAME, host, PMIX_STRING);
        PMIX_INFO_LOAD(&p[10], PMIX_PROCDIR, procdir, PMIX_STRING);
        load_array(&info[n++], PMIX_PROC_DATA, p, 11);
    }
    (void) u;

    lock_t lk = {true, 0};
    rc = PMIx_server_register_nspace(ns, np, info, n, opcb, &lk);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "register_nspace: %s\n", PMIx_Error_string(rc));
        return 2;
    }
    wait_lock(&lk);
    if (PMIX_SUCCESS != lk.status) {
        fprintf(stderr, "register_nspace callback: %s\n", PMIx_Error_string(lk.status));
        return 2;
    }

    pid_t *pids = calloc(np, sizeof(pid_t));
    for (int r = 0; r < np; r++) {
        pmix_proc_t proc;
        PMIX_LOAD_PROCID(&proc, ns, r);
        lock_t cl = {true, 0};
        PMIx_server_register_client(&proc, getuid(), getgid(), NULL, opcb, &cl);
        wait_lock(&cl);
        char **env = NULL;
        for (char **e = environ; *e; e++) pmix_argv_append_nosize(&env, *e);
        PMIx_server_setup_fork(&proc, &env);
        pids[r] = fork();
        if (0 == pids[r]) {
            execve(argv[2], argv + 2, env);
            perror(argv[2]);
            _exit(127);
        }
    }
    int status = 0;
    for (int r = 0; r < np; r++) {
        int st;
        waitpid(pids[r], &st, 0);
        int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        if (code && !status) status = code;
    }
    PMIx_server_finalize();
    char cmd[4200];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    if (system(cmd)) { /* best effort */ }
    return status;
}
