/*
 * An oracle for the ds21 shared-memory store: a real libpmix 4.2.2 server with the gds component ds21
 * selected, whose segment files are copied out so a Java writer can be compared with them byte for byte
 * (docs/ds21.md walks through one dump).
 *
 * The server registers the namespace "oracle-job" (two local processes, a few job-level keys and one
 * made-up key "oracle.job.key"), starts two copies of this program as its clients, and each client puts
 * one key of each scope REMOTE, GLOBAL and LOCAL, commits, fences collecting data, reads its peer's key and
 * the job key back, and finalizes. Once both have exited the server copies every file of its store
 * directory to OUTDIR/dump (before deregistering, which removes them) and prints:
 *   ENV <name>=<value>        each variable PMIx_server_setup_fork added for rank 0
 *   STOREDIR <path>           the store directory under the server's tmpdir
 *   FILE <name> <size>        each file copied, with its size in bytes
 *   CLIENT <rank> <line>      what the clients printed (their Gets)
 *
 * With --bad-path the clients get PMIX_DSTORE_21_BASE_PATH pointing to a directory that does not exist:
 * their ds21 cannot attach, so they fall back to hash (still listed in PMIX_GDS_MODULE) and the server
 * serves them over the socket; the store then holds no meta or data segment.
 *
 * With --robust the oracle re-initialises the namespace's mutexes in the lock segment as process-shared AND
 * robust before the clients start (libpmix makes them process-shared only), to show that unmodified libpmix
 * clients and server work with robust mutexes, which a writer may use so that a dead reader cannot wedge it.
 *
 * With --grow the data segments are one page (NS_DATA_SEG_SIZE=4096 in the environment of the server and so
 * of its clients, which must agree) and each client also puts a GLOBAL string "oracle.blob" of 1600 letters,
 * so the store needs a second data segment and links a rank's data across segments.
 *
 * usage: ds21_oracle_server OUTDIR [--bad-path | --robust | --grow]
 *        (OUTDIR is created; OUTDIR/tmp is the server tmpdir)
 */
#define _GNU_SOURCE
#include <pmix.h>
#include <pmix_server.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define JOB_NS "oracle-job"
#define NPROCS 2

extern char **environ;

/* ---- client side ---- */

static int run_client(void)
{
    pmix_proc_t me, peer, wild;
    pmix_value_t val, *got = NULL;
    pmix_info_t collect;
    char text[64];
    int bad = 0;

    if (PMIX_SUCCESS != PMIx_Init(&me, NULL, 0)) {
        fprintf(stderr, "client: PMIx_Init failed\n");
        return 1;
    }
    snprintf(text, sizeof(text), "remote-of-%u", me.rank);
    PMIX_VALUE_LOAD(&val, text, PMIX_STRING);
    PMIx_Put(PMIX_REMOTE, "oracle.remote", &val);
    PMIX_VALUE_DESTRUCT(&val);
    snprintf(text, sizeof(text), "global-of-%u", me.rank);
    PMIX_VALUE_LOAD(&val, text, PMIX_STRING);
    PMIx_Put(PMIX_GLOBAL, "oracle.global", &val);
    PMIX_VALUE_DESTRUCT(&val);
    char blob[1601];
    if (NULL != getenv("ORACLE_BLOB")) {
        /* letters from a small generator: libpmix compresses long strings, and these barely compress */
        uint32_t x = 12345u + me.rank;
        for (int i = 0; i < 1600; i++) {
            x = x * 1103515245u + 12345u;
            blob[i] = (char) ('a' + (x >> 16) % 26);
        }
        blob[0] = (char) ('a' + (int) me.rank);
        blob[1600] = '\0';
        PMIX_VALUE_LOAD(&val, blob, PMIX_STRING);
        PMIx_Put(PMIX_GLOBAL, "oracle.blob", &val);
        PMIX_VALUE_DESTRUCT(&val);
    }
    uint32_t local = 100 + me.rank;
    PMIX_VALUE_LOAD(&val, &local, PMIX_UINT32);
    PMIx_Put(PMIX_LOCAL, "oracle.local", &val);
    PMIx_Commit();

    bool yes = true;
    PMIX_INFO_LOAD(&collect, PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    if (PMIX_SUCCESS != PMIx_Fence(&wild, 1, &collect, 1)) {
        fprintf(stderr, "client %u: fence failed\n", me.rank);
        bad = 1;
    }
    PMIX_LOAD_PROCID(&peer, me.nspace, 1 - me.rank);
    /* a REMOTE key is for processes on other nodes: a local peer must not see it */
    if (PMIX_SUCCESS == PMIx_Get(&peer, "oracle.remote", NULL, 0, &got)) {
        printf("CLIENT %u peer oracle.remote=%s (unexpected)\n", me.rank, got->data.string);
        PMIX_VALUE_RELEASE(got);
        bad = 1;
    } else {
        printf("CLIENT %u peer oracle.remote not visible\n", me.rank);
    }
    if (PMIX_SUCCESS == PMIx_Get(&peer, "oracle.global", NULL, 0, &got)) {
        printf("CLIENT %u peer oracle.global=%s\n", me.rank, got->data.string);
        PMIX_VALUE_RELEASE(got);
    } else {
        printf("CLIENT %u peer oracle.global missing\n", me.rank);
        bad = 1;
    }
    if (PMIX_SUCCESS == PMIx_Get(&peer, "oracle.local", NULL, 0, &got)) {
        printf("CLIENT %u peer oracle.local=%u\n", me.rank, got->data.uint32);
        PMIX_VALUE_RELEASE(got);
    } else {
        printf("CLIENT %u peer oracle.local missing\n", me.rank);
        bad = 1;
    }
    if (NULL != getenv("ORACLE_BLOB")) {
        if (PMIX_SUCCESS == PMIx_Get(&peer, "oracle.blob", NULL, 0, &got)) {
            printf("CLIENT %u peer oracle.blob length %zu starts %c\n", me.rank, strlen(got->data.string),
                   got->data.string[0]);
            PMIX_VALUE_RELEASE(got);
        } else {
            printf("CLIENT %u peer oracle.blob missing\n", me.rank);
            bad = 1;
        }
    }
    if (PMIX_SUCCESS == PMIx_Get(&wild, "oracle.job.key", NULL, 0, &got)) {
        printf("CLIENT %u oracle.job.key=%s\n", me.rank, got->data.string);
        PMIX_VALUE_RELEASE(got);
    } else {
        printf("CLIENT %u oracle.job.key missing\n", me.rank);
        bad = 1;
    }
    fflush(stdout);
    PMIx_Fence(&wild, 1, NULL, 0); /* nobody leaves while its peer may still read */
    PMIx_Finalize(NULL, 0);
    return bad;
}

/* ---- server side ---- */

typedef struct {
    pmix_modex_cbfunc_t cb;
    void *cbdata;
    char *data;
    size_t ndata;
} fence_reply_t;

static void fence_release(void *cbdata)
{
    fence_reply_t *r = cbdata;
    free(r->data);
    free(r);
}

static void *fence_answer(void *p)
{
    fence_reply_t *r = p;
    r->cb(PMIX_SUCCESS, r->data, r->ndata, r->cbdata, fence_release, r);
    return NULL;
}

/* One node: the collected data is what this server's own clients gave; answer from a thread of our own
 * because libpmix must not be re-entered from inside the upcall. */
static pmix_status_t fence_nb(const pmix_proc_t procs[], size_t nprocs, const pmix_info_t info[],
                              size_t ninfo, char *data, size_t ndata, pmix_modex_cbfunc_t cbfunc,
                              void *cbdata)
{
    (void) procs; (void) nprocs; (void) info; (void) ninfo;
    fence_reply_t *r = calloc(1, sizeof(*r));
    r->cb = cbfunc;
    r->cbdata = cbdata;
    r->ndata = ndata;
    if (ndata > 0) {
        r->data = malloc(ndata);
        memcpy(r->data, data, ndata);
    }
    pthread_t t;
    pthread_create(&t, NULL, fence_answer, r);
    pthread_detach(t);
    return PMIX_SUCCESS;
}

static pmix_status_t client_connected(const pmix_proc_t *proc, void *server_object, pmix_op_cbfunc_t cbfunc,
                                      void *cbdata)
{
    (void) proc; (void) server_object; (void) cbfunc; (void) cbdata;
    return PMIX_OPERATION_SUCCEEDED;
}

static pmix_status_t client_finalized(const pmix_proc_t *proc, void *server_object, pmix_op_cbfunc_t cbfunc,
                                      void *cbdata)
{
    (void) proc; (void) server_object; (void) cbfunc; (void) cbdata;
    return PMIX_OPERATION_SUCCEEDED;
}

static volatile int registered = 0;

static void op_done(pmix_status_t status, void *cbdata)
{
    (void) cbdata;
    if (PMIX_SUCCESS != status) fprintf(stderr, "registration failed: %d\n", status);
    registered++;
}

static char **copy_environ(void)
{
    size_t n = 0;
    while (environ[n]) n++;
    char **env = calloc(n + 1, sizeof(char *));
    for (size_t i = 0; i < n; i++) env[i] = strdup(environ[i]);
    return env;
}

static void free_env(char **env)
{
    for (char **e = env; *e; e++) free(*e);
    free(env);
}

static int env_has(char **env, const char *entry)
{
    for (; NULL != env && NULL != *env; env++) {
        if (0 == strcmp(*env, entry)) return 1;
    }
    return 0;
}

/* The store directory is the one entry of TMPDIR named pmix_dstor_ds21_<our pid>. */
static int copy_store(const char *tmpdir, const char *outdir)
{
    char store[4200], dump[4200], cmd[17000];
    snprintf(store, sizeof(store), "%s/pmix_dstor_ds21_%d", tmpdir, (int) getpid());
    snprintf(dump, sizeof(dump), "%s/dump", outdir);
    printf("STOREDIR %s\n", store);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir -p '%s' && cp -a '%s'/. '%s'/", dump, dump, store, dump);
    if (0 != system(cmd)) {
        fprintf(stderr, "copying %s failed\n", store);
        return 1;
    }
    DIR *d = opendir(dump);
    if (NULL == d) return 1;
    struct dirent *e;
    while (NULL != (e = readdir(d))) {
        if ('.' == e->d_name[0]) continue;
        char path[4500];
        struct stat st;
        snprintf(path, sizeof(path), "%s/%s", dump, e->d_name);
        if (0 == stat(path, &st)) printf("FILE %s %lld\n", e->d_name, (long long) st.st_size);
    }
    closedir(d);
    return 0;
}

/* Points the store directory variable somewhere that does not exist, to see the client fall back. */
static void break_store_path(char **env)
{
    const char *name = "PMIX_DSTORE_21_BASE_PATH=";
    for (char **e = env; *e; e++) {
        if (0 == strncmp(*e, name, strlen(name))) {
            free(*e);
            *e = strdup("PMIX_DSTORE_21_BASE_PATH=/nonexistent/pmix_dstor_ds21");
        }
    }
}

/* Re-creates every mutex of the lock segment as process-shared and robust; the header gives their number
 * (8 bytes in: 32-bit count of pairs), spacing (16) and first offset (24). */
static int make_locks_robust(const char *tmpdir)
{
    char path[4300];
    snprintf(path, sizeof(path), "%s/pmix_dstor_ds21_%d/smlockseg-" JOB_NS, tmpdir, (int) getpid());
    int fd = open(path, O_RDWR);
    if (fd < 0) {
        perror(path);
        return 1;
    }
    struct stat st;
    fstat(fd, &st);
    unsigned char *seg = mmap(NULL, st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (MAP_FAILED == seg) return 1;
    uint32_t pairs;
    size_t stride, first;
    memcpy(&pairs, seg + 8, sizeof(pairs));
    memcpy(&stride, seg + 16, sizeof(stride));
    memcpy(&first, seg + 24, sizeof(first));
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
    pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
    for (uint32_t k = 0; k < 2 * pairs; k++) {
        pthread_mutex_t *m = (pthread_mutex_t *) (seg + first + stride * k);
        pthread_mutex_destroy(m);
        if (0 != pthread_mutex_init(m, &attr)) return 1;
        printf("ROBUST mutex %u at %zu kind 0x%x\n", k, first + stride * k, m->__data.__kind);
    }
    pthread_mutexattr_destroy(&attr);
    munmap(seg, st.st_size);
    return 0;
}

static int run_server(const char *outdir, int bad_path, int robust)
{
    char tmpdir[4096], self[4096];
    pmix_server_module_t module = {0};
    module.client_connected = client_connected;
    module.client_finalized = client_finalized;
    module.fence_nb = fence_nb;

    mkdir(outdir, 0700);
    snprintf(tmpdir, sizeof(tmpdir), "%s/tmp", outdir);
    mkdir(tmpdir, 0700);
    ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (n <= 0) return 1;
    self[n] = '\0';

    /* ds21 for the clients, hash for the server's own use (it always asks for hash) */
    setenv("PMIX_MCA_gds", "ds21,hash", 1);

    pmix_info_t sinfo[2];
    PMIX_INFO_LOAD(&sinfo[0], PMIX_SERVER_TMPDIR, tmpdir, PMIX_STRING);
    PMIX_INFO_LOAD(&sinfo[1], PMIX_SERVER_NSPACE, "oracle-server", PMIX_STRING);
    pmix_status_t rc = PMIx_server_init(&module, sinfo, 2);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_server_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }

    char host[256];
    gethostname(host, sizeof(host));
    uint32_t nprocs = NPROCS, jobid = 7;
    pmix_rank_t ranks[NPROCS] = {0, 1};
    const size_t njob = 9;
    pmix_info_t *job;
    PMIX_INFO_CREATE(job, njob + NPROCS);
    PMIX_INFO_LOAD(&job[0], PMIX_UNIV_SIZE, &nprocs, PMIX_UINT32);
    PMIX_INFO_LOAD(&job[1], PMIX_JOB_SIZE, &nprocs, PMIX_UINT32);
    PMIX_INFO_LOAD(&job[2], PMIX_LOCAL_SIZE, &nprocs, PMIX_UINT32);
    PMIX_INFO_LOAD(&job[3], PMIX_LOCAL_PEERS, "0,1", PMIX_STRING);
    PMIX_INFO_LOAD(&job[4], PMIX_NODE_LIST, host, PMIX_STRING);
    PMIX_INFO_LOAD(&job[5], PMIX_PROC_MAP, "0,1", PMIX_STRING);
    PMIX_INFO_LOAD(&job[6], PMIX_JOBID, &jobid, PMIX_UINT32);
    PMIX_INFO_LOAD(&job[7], PMIX_MAX_PROCS, &nprocs, PMIX_UINT32);
    PMIX_INFO_LOAD(&job[8], "oracle.job.key", "job-value", PMIX_STRING);
    for (size_t r = 0; r < NPROCS; r++) {
        pmix_data_array_t *arr;
        pmix_info_t *pi;
        uint16_t lr = (uint16_t) r;
        PMIX_DATA_ARRAY_CREATE(arr, 4, PMIX_INFO);
        pi = arr->array;
        PMIX_INFO_LOAD(&pi[0], PMIX_RANK, &ranks[r], PMIX_PROC_RANK);
        PMIX_INFO_LOAD(&pi[1], PMIX_LOCAL_RANK, &lr, PMIX_UINT16);
        PMIX_INFO_LOAD(&pi[2], PMIX_NODE_RANK, &lr, PMIX_UINT16);
        PMIX_INFO_LOAD(&pi[3], PMIX_HOSTNAME, host, PMIX_STRING);
        PMIX_INFO_LOAD(&job[njob + r], PMIX_PROC_DATA, arr, PMIX_DATA_ARRAY);
        PMIX_DATA_ARRAY_FREE(arr);
    }
    char ns[PMIX_MAX_NSLEN + 1] = JOB_NS;
    rc = PMIx_server_register_nspace(ns, NPROCS, job, njob + NPROCS, op_done, NULL);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "register_nspace failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    while (registered < 1) usleep(1000);
    if (robust && 0 != make_locks_robust(tmpdir)) return 1;

    pid_t pids[NPROCS];
    int fds[NPROCS];
    for (int r = 0; r < NPROCS; r++) {
        pmix_proc_t p;
        PMIX_LOAD_PROCID(&p, JOB_NS, r);
        rc = PMIx_server_register_client(&p, getuid(), getgid(), NULL, op_done, NULL);
        if (PMIX_SUCCESS != rc) return 1;
        while (registered < 2 + r) usleep(1000);
        char **env = copy_environ();
        rc = PMIx_server_setup_fork(&p, &env);
        if (PMIX_SUCCESS != rc) {
            fprintf(stderr, "setup_fork failed: %s\n", PMIx_Error_string(rc));
            return 1;
        }
        if (bad_path) break_store_path(env);
        if (0 == r) {
            for (char **e = env; *e; e++) {
                if (!env_has(environ, *e)) printf("ENV %s\n", *e);
            }
            fflush(stdout);
        }
        int pipefd[2];
        if (0 != pipe(pipefd)) return 1;
        pids[r] = fork();
        if (0 == pids[r]) {
            dup2(pipefd[1], 1);
            close(pipefd[0]);
            char *argv[] = {self, "client", NULL};
            execve(self, argv, env);
            _exit(127);
        }
        close(pipefd[1]);
        fds[r] = pipefd[0];
        free_env(env);
    }
    int failed = 0;
    for (int r = 0; r < NPROCS; r++) {
        FILE *f = fdopen(fds[r], "r");
        char line[512];
        while (fgets(line, sizeof(line), f)) fputs(line, stdout);
        fclose(f);
        int status;
        waitpid(pids[r], &status, 0);
        if (!WIFEXITED(status) || 0 != WEXITSTATUS(status)) {
            fprintf(stderr, "client %d failed (status %d)\n", r, status);
            failed = 1;
        }
    }
    failed |= copy_store(tmpdir, outdir);
    fflush(stdout);
    PMIx_server_deregister_nspace(ns, NULL, NULL);
    PMIx_server_finalize();
    return failed;
}

int main(int argc, char **argv)
{
    if (argc == 2 && 0 == strcmp(argv[1], "client")) return run_client();
    int bad_path = argc == 3 && 0 == strcmp(argv[2], "--bad-path");
    int robust = argc == 3 && 0 == strcmp(argv[2], "--robust");
    int grow = argc == 3 && 0 == strcmp(argv[2], "--grow");
    if (argc != 2 && !bad_path && !robust && !grow) {
        fprintf(stderr, "usage: %s OUTDIR [--bad-path | --robust | --grow]\n", argv[0]);
        return 2;
    }
    if (grow) {
        setenv("NS_DATA_SEG_SIZE", "4096", 1);
        setenv("ORACLE_BLOB", "1", 1);
    }
    return run_server(argv[1], bad_path, robust);
}
