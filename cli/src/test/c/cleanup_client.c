/*
 * Real-client peer of the RFC0027 cleanup tests (cli/src/test/java/org/pmix4j/cli/cleanup). Runs under
 * `pmix4j run` and follows a script (argv[1]) of lines "<rank|*> <command> <args...>"; each rank carries
 * out the lines meant for it, in order, and prints one line per result, prefixed "R<rank> L<line>":
 *
 *   reg <self|job|null|rank:N> <item>...   one PMIx_Job_control_nb call, made the way RFC0027's example
 *                                           makes it (callback + lock); items: files=<list>, dirs=<list>,
 *                                           ignore=<list> (each becomes one pmix_info_t, so an item may be
 *                                           repeated: several requests in one call), recursive, leavetop
 *                                           (booleans loaded from NULL, as in the RFC) -> "REG rc=<status>"
 *   exists <path>                           -> "EXISTS yes|no" (lstat)
 *   await-gone <path> <ms>                  waits until the path is gone -> "GONE yes|no"
 *   fence                                   PMIx_Fence over the whole job
 *   sleep <ms>
 *   exit                                    PMIx_Finalize, then exit(0) at once
 *
 * Targets: self = this process, job = {nspace, PMIX_RANK_WILDCARD}, null = no proc array at all (the
 * RFC's "NULL for the pmix_proc_t argument"), rank:N = {nspace, N}.
 */
#include <pmix.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    volatile bool active;
    pmix_status_t status;
} mylock_t;

static void cbfunc(pmix_status_t status, pmix_info_t *info, size_t ninfo, void *cbdata,
                   pmix_release_cbfunc_t release_fn, void *release_cbdata)
{
    mylock_t *lock = (mylock_t *) cbdata;
    (void) info;
    (void) ninfo;
    lock->status = status;
    if (NULL != release_fn) {
        release_fn(release_cbdata);
    }
    pthread_mutex_lock(&lock->mutex);
    lock->active = false;
    pthread_cond_broadcast(&lock->cond);
    pthread_mutex_unlock(&lock->mutex);
}

static pmix_proc_t me;

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int gone(const char *path)
{
    struct stat st;
    return 0 != lstat(path, &st);
}

/* one reg line: argv-like words after "reg" */
static pmix_status_t reg(char **words, int nwords)
{
    pmix_info_t *info;
    pmix_proc_t target, *procs = &target;
    size_t nprocs = 1, n = 0;
    mylock_t lock;
    pmix_status_t rc;
    const char *scope = words[0];
    int i;

    if (0 == strcmp(scope, "self")) {
        PMIX_LOAD_PROCID(&target, me.nspace, me.rank);
    } else if (0 == strcmp(scope, "job")) {
        PMIX_LOAD_PROCID(&target, me.nspace, PMIX_RANK_WILDCARD);
    } else if (0 == strcmp(scope, "null")) {
        procs = NULL;
        nprocs = 0;
    } else if (0 == strncmp(scope, "rank:", 5)) {
        PMIX_LOAD_PROCID(&target, me.nspace, (pmix_rank_t) atoi(scope + 5));
    } else {
        fprintf(stderr, "unknown target %s\n", scope);
        exit(2);
    }
    PMIX_INFO_CREATE(info, (size_t) nwords);
    for (i = 1; i < nwords; i++) {
        char *w = words[i];
        if (0 == strncmp(w, "files=", 6)) {
            PMIX_INFO_LOAD(&info[n++], PMIX_REGISTER_CLEANUP, w + 6, PMIX_STRING);
        } else if (0 == strncmp(w, "dirs=", 5)) {
            PMIX_INFO_LOAD(&info[n++], PMIX_REGISTER_CLEANUP_DIR, w + 5, PMIX_STRING);
        } else if (0 == strncmp(w, "ignore=", 7)) {
            PMIX_INFO_LOAD(&info[n++], PMIX_CLEANUP_IGNORE, w + 7, PMIX_STRING);
        } else if (0 == strcmp(w, "recursive")) {
            PMIX_INFO_LOAD(&info[n++], PMIX_CLEANUP_RECURSIVE, NULL, PMIX_BOOL);
        } else if (0 == strcmp(w, "leavetop")) {
            PMIX_INFO_LOAD(&info[n++], PMIX_CLEANUP_LEAVE_TOPDIR, NULL, PMIX_BOOL);
        } else {
            fprintf(stderr, "unknown reg item %s\n", w);
            exit(2);
        }
    }
    pthread_mutex_init(&lock.mutex, NULL);
    pthread_cond_init(&lock.cond, NULL);
    lock.active = true;
    lock.status = PMIX_SUCCESS;
    rc = PMIx_Job_control_nb(procs, nprocs, info, n, cbfunc, &lock);
    if (PMIX_SUCCESS == rc) {
        pthread_mutex_lock(&lock.mutex);
        while (lock.active) {
            pthread_cond_wait(&lock.cond, &lock.mutex);
        }
        pthread_mutex_unlock(&lock.mutex);
        rc = lock.status;
    }
    PMIX_INFO_FREE(info, (size_t) nwords);
    pthread_mutex_destroy(&lock.mutex);
    pthread_cond_destroy(&lock.cond);
    return rc;
}

int main(int argc, char **argv)
{
    char line[8192];
    int lineno = 0;
    pmix_status_t rc;
    FILE *script;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 2 || NULL == (script = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: cleanup_client SCRIPT\n");
        return 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    while (NULL != fgets(line, sizeof(line), script)) {
        char *words[256];
        int n = 0;
        char *save = NULL, *tok;
        lineno++;
        for (tok = strtok_r(line, " \t\r\n", &save); NULL != tok && n < 256; tok = strtok_r(NULL, " \t\r\n", &save)) {
            words[n++] = tok;
        }
        if (n < 2 || '#' == words[0][0]) {
            continue;
        }
        if (0 != strcmp(words[0], "*") && (pmix_rank_t) atoi(words[0]) != me.rank) {
            continue;
        }
        if (0 == strcmp(words[1], "reg")) {
            rc = reg(words + 2, n - 2);
            printf("R%u L%d REG rc=%d\n", me.rank, lineno, rc);
        } else if (0 == strcmp(words[1], "exists")) {
            printf("R%u L%d EXISTS %s\n", me.rank, lineno, gone(words[2]) ? "no" : "yes");
        } else if (0 == strcmp(words[1], "await-gone")) {
            long left = atol(words[3]);
            while (!gone(words[2]) && left > 0) {
                sleep_ms(20);
                left -= 20;
            }
            printf("R%u L%d GONE %s\n", me.rank, lineno, gone(words[2]) ? "yes" : "no");
        } else if (0 == strcmp(words[1], "fence")) {
            rc = PMIx_Fence(NULL, 0, NULL, 0);
            printf("R%u L%d FENCE rc=%d\n", me.rank, lineno, rc);
        } else if (0 == strcmp(words[1], "sleep")) {
            sleep_ms(atol(words[2]));
        } else if (0 == strcmp(words[1], "exit")) {
            printf("R%u L%d EXIT\n", me.rank, lineno);
            PMIx_Finalize(NULL, 0);
            return 0;
        } else {
            fprintf(stderr, "unknown command %s\n", words[1]);
            return 2;
        }
    }
    fclose(script);
    PMIx_Finalize(NULL, 0);
    return 0;
}
