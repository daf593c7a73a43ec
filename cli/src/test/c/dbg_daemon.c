/*
 * dbg_daemon: a debugger daemon as the tools chapter describes one (co-location and co-spawn), for
 * DebuggerDaemonsTest. A PMIx client of its own job that finds its target processes by itself:
 *
 *   1. reads PMIX_DEBUG_TARGET from its job-level data (the job, rank WILDCARD, or one process) and
 *      PMIX_DEBUG_DAEMONS_PER_PROC / _PER_NODE (how it was placed; none: one per node);
 *   2. reads its own PMIX_LOCAL_RANK and PMIX_HOSTNAME;
 *   3. asks for the target job's proctable (PMIx_Query_info PMIX_QUERY_PROC_TABLE, qualifier PMIX_NSPACE);
 *   4. takes the targets on its own node (proctable host = its PMIX_HOSTNAME), and of those, per process N,
 *      the one whose PMIX_LOCAL_RANK (read with PMIx_Get) is its own local rank / N, per node all of them;
 *      a single process as the target: that process, when on its node;
 *   5. checks that each is alive (kill(pid, 0)) and is the target (its /proc/PID/environ holds
 *      PMIX_NAMESPACE and PMIX_RANK of the target process).
 *
 *   6. with a RELEASE_FILE argument, creates RELEASE_FILE.ready.R (R: its rank) and waits (60 s at most)
 *      until RELEASE_FILE exists before it ends, so that a test can act while the daemons run (find their
 *      namespace, end the job they debug).
 *
 *   dbg_daemon [RELEASE_FILE]
 *
 * Prints "daemon R of S lrank L host H target NS:RANK" (RANK: the target's rank or "*"), then per target
 * "daemon R target NS:r lrank TL pid P host H alive yes|no environ yes|no", then "daemon R found N".
 * Exit 0 when it found at least one target and each is alive and the target; 1 init; 2 a call failed (the
 * line says which); 3 nothing found or a check failed.
 */
#include <pmix.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

static int fail(pmix_rank_t me, const char *what, pmix_status_t rc)
{
    printf("daemon %u FAIL %s %s\n", me, what, PMIx_Error_string(rc));
    fflush(stdout);
    return 2;
}

/* whether /proc/PID/environ holds NAME=VALUE */
static int environ_has(pid_t pid, const char *name, const char *value)
{
    char path[64], want[512];
    snprintf(path, sizeof path, "/proc/%d/environ", (int) pid);
    snprintf(want, sizeof want, "%s=%s", name, value);
    FILE *f = fopen(path, "r");
    if (NULL == f) return 0;
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    for (size_t i = 0; i < n; i += strlen(buf + i) + 1) {
        if (0 == strcmp(buf + i, want)) return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    pmix_proc_t me, job, target;
    pmix_value_t *val = NULL;
    pmix_status_t rc;
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (PMIx_Init(&me, NULL, 0) != PMIX_SUCCESS) return 1;
    PMIX_LOAD_PROCID(&job, me.nspace, PMIX_RANK_WILDCARD);

    if ((rc = PMIx_Get(&job, PMIX_DEBUG_TARGET, NULL, 0, &val)) != PMIX_SUCCESS) {
        return fail(me.rank, "debug-target", rc);
    }
    if (PMIX_PROC != val->type) {
        printf("daemon %u FAIL debug-target type %d\n", me.rank, (int) val->type);
        return 2;
    }
    PMIX_LOAD_PROCID(&target, val->data.proc->nspace, val->data.proc->rank);
    PMIX_VALUE_RELEASE(val);
    unsigned per_proc = 0;
    if (PMIx_Get(&job, PMIX_DEBUG_DAEMONS_PER_PROC, NULL, 0, &val) == PMIX_SUCCESS) {
        per_proc = val->data.uint16;
        PMIX_VALUE_RELEASE(val);
    }
    uint32_t size = 0;
    if ((rc = PMIx_Get(&job, PMIX_JOB_SIZE, NULL, 0, &val)) != PMIX_SUCCESS) return fail(me.rank, "job-size", rc);
    size = val->data.uint32;
    PMIX_VALUE_RELEASE(val);
    uint16_t lrank = 0;
    if ((rc = PMIx_Get(&me, PMIX_LOCAL_RANK, NULL, 0, &val)) != PMIX_SUCCESS) return fail(me.rank, "local-rank", rc);
    lrank = val->data.uint16;
    PMIX_VALUE_RELEASE(val);
    char host[256];
    if ((rc = PMIx_Get(&me, PMIX_HOSTNAME, NULL, 0, &val)) != PMIX_SUCCESS) return fail(me.rank, "hostname", rc);
    snprintf(host, sizeof host, "%s", val->data.string);
    PMIX_VALUE_RELEASE(val);
    char trank[16];
    if (PMIX_RANK_WILDCARD == target.rank) snprintf(trank, sizeof trank, "*");
    else snprintf(trank, sizeof trank, "%u", target.rank);
    printf("daemon %u of %u lrank %u host %s target %s:%s\n", me.rank, size, lrank, host, target.nspace, trank);

    /* the target job's proctable */
    pmix_query_t q;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    PMIX_QUERY_CONSTRUCT(&q);
    pmix_status_t arc;
    PMIX_ARGV_APPEND(arc, q.keys, PMIX_QUERY_PROC_TABLE);
    (void) arc;
    PMIX_QUERY_QUALIFIERS_CREATE(&q, 1);
    PMIX_INFO_LOAD(&q.qualifiers[0], PMIX_NSPACE, target.nspace, PMIX_STRING);
    if ((rc = PMIx_Query_info(&q, 1, &results, &nresults)) != PMIX_SUCCESS) return fail(me.rank, "proctable", rc);
    pmix_proc_info_t *table = NULL;
    size_t rows = 0;
    for (size_t i = 0; i < nresults; i++) {
        if (PMIX_CHECK_KEY(&results[i], PMIX_QUERY_PROC_TABLE) && PMIX_DATA_ARRAY == results[i].value.type) {
            table = (pmix_proc_info_t *) results[i].value.data.darray->array;
            rows = results[i].value.data.darray->size;
        }
    }
    if (NULL == table) {
        printf("daemon %u FAIL proctable empty\n", me.rank);
        return 2;
    }

    int found = 0, bad = 0;
    for (size_t i = 0; i < rows; i++) {
        pmix_proc_info_t *p = &table[i];
        if (NULL == p->hostname || 0 != strcmp(p->hostname, host)) continue;
        if (PMIX_RANK_WILDCARD != target.rank && p->proc.rank != target.rank) continue;
        /* the target's local rank, from its job data (this node's server holds it) */
        if ((rc = PMIx_Get(&p->proc, PMIX_LOCAL_RANK, NULL, 0, &val)) != PMIX_SUCCESS) {
            return fail(me.rank, "target-local-rank", rc);
        }
        uint16_t tl = val->data.uint16;
        PMIX_VALUE_RELEASE(val);
        /* per process: the i-th target of the node (by local rank) is that of daemons i*N .. i*N+N-1 */
        if (PMIX_RANK_WILDCARD == target.rank && per_proc > 0 && tl != lrank / per_proc) continue;
        char r[16];
        snprintf(r, sizeof r, "%u", p->proc.rank);
        int alive = 0 == kill(p->pid, 0);
        int env = environ_has(p->pid, "PMIX_NAMESPACE", p->proc.nspace) && environ_has(p->pid, "PMIX_RANK", r);
        printf("daemon %u target %s:%u lrank %u pid %d host %s alive %s environ %s\n", me.rank, p->proc.nspace,
               p->proc.rank, tl, (int) p->pid, p->hostname, alive ? "yes" : "no", env ? "yes" : "no");
        found++;
        bad |= !alive || !env;
    }
    printf("daemon %u found %d\n", me.rank, found);
    if (argc > 1) {
        /* RELEASE_FILE.ready.R says this daemon has checked its targets and waits */
        char ready[4096];
        snprintf(ready, sizeof ready, "%s.ready.%u", argv[1], me.rank);
        FILE *f = fopen(ready, "w");
        if (NULL != f) fclose(f);
        int released = 0;
        for (int i = 0; i < 1200 && !released; i++) {
            released = 0 == access(argv[1], F_OK);
            if (!released) {
                struct timespec pause = {0, 50 * 1000 * 1000};
                nanosleep(&pause, NULL);
            }
        }
        printf("daemon %u released %s\n", me.rank, released ? "yes" : "no");
        bad |= !released;
    }
    PMIX_INFO_FREE(results, nresults);
    PMIx_Finalize(NULL, 0);
    return found > 0 && !bad ? 0 : 3;
}
