/*
 * finalize_scale: the client of the many-processes tests and of bench/scale.sh. Every rank does
 * PMIx_Init, PMIx_Put of a small GLOBAL value, PMIx_Commit, PMIx_Fence collecting the data, PMIx_Get of
 * the value of the next rank, PMIx_Finalize, and prints "rank R OK". Exit 1 (with a line on stderr naming
 * the call) when a call fails.
 *
 * With FINALIZE_SCALE_TIMES set, each rank instead prints "rank R times INIT FENCE GET FINALIZE" (the
 * seconds each step took, on CLOCK_MONOTONIC) for bench/scale.sh's breakdown.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static pmix_proc_t me;

static void must(pmix_status_t rc, const char *what)
{
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "rank %u: %s failed: %s\n", me.rank, what, PMIx_Error_string(rc));
        exit(1);
    }
}

int main(void)
{
    double t0 = now();
    must(PMIx_Init(&me, NULL, 0), "PMIx_Init");
    double t1 = now();

    pmix_value_t v;
    char text[64];
    snprintf(text, sizeof(text), "value of rank %u", me.rank);
    PMIX_VALUE_LOAD(&v, text, PMIX_STRING);
    must(PMIx_Put(PMIX_GLOBAL, "scale.key", &v), "PMIx_Put");
    PMIX_VALUE_DESTRUCT(&v);
    must(PMIx_Commit(), "PMIx_Commit");

    pmix_info_t collect;
    bool yes = true;
    PMIX_INFO_LOAD(&collect, PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
    must(PMIx_Fence(NULL, 0, &collect, 1), "PMIx_Fence");
    double t2 = now();

    pmix_value_t *size = NULL;
    pmix_proc_t job;
    PMIX_LOAD_PROCID(&job, me.nspace, PMIX_RANK_WILDCARD);
    must(PMIx_Get(&job, PMIX_JOB_SIZE, NULL, 0, &size), "PMIx_Get of PMIX_JOB_SIZE");
    uint32_t n = size->data.uint32;
    PMIX_VALUE_RELEASE(size);
    pmix_proc_t next;
    PMIX_LOAD_PROCID(&next, me.nspace, (me.rank + 1) % n);
    pmix_value_t *got = NULL;
    must(PMIx_Get(&next, "scale.key", NULL, 0, &got), "PMIx_Get of the next rank's value");
    snprintf(text, sizeof(text), "value of rank %u", next.rank);
    if (PMIX_STRING != got->type || 0 != strcmp(got->data.string, text)) {
        fprintf(stderr, "rank %u: rank %u's value is wrong\n", me.rank, next.rank);
        return 1;
    }
    PMIX_VALUE_RELEASE(got);
    double t3 = now();

    pmix_rank_t rank = me.rank;
    must(PMIx_Finalize(NULL, 0), "PMIx_Finalize");
    double t4 = now();
    if (getenv("FINALIZE_SCALE_TIMES")) {
        printf("rank %u times %.6f %.6f %.6f %.6f\n", rank, t1 - t0, t2 - t1, t3 - t2, t4 - t3);
    } else {
        printf("rank %u OK\n", rank);
    }
    return 0;
}
