/*
 * The C side of bench/client.sh: libpmix 4.2.2's client timing what the Java client's ClientBench times,
 * under the same launcher. Rank 0 prints:
 *   INIT_MS <PMIx_Init wall time>
 *   GET_LOCAL_US <mean of PMIx_Get(job size), answered from the client's cache>
 *   GET_SERVER_US <mean of PMIx_Get(peer key, PMIX_GET_REFRESH_CACHE), a round trip to the server>
 *   FENCE_US <mean of PMIx_Fence across the job, no data>
 * usage: client_bench [LOCAL_ITERS SERVER_ITERS FENCE_ITERS]
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void check(pmix_status_t rc, const char *what)
{
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "client_bench: %s failed: %s\n", what, PMIx_Error_string(rc));
        exit(1);
    }
}

int main(int argc, char **argv)
{
    int nlocal = argc > 1 ? atoi(argv[1]) : 200000;
    int nserver = argc > 2 ? atoi(argv[2]) : 20000;
    int nfence = argc > 3 ? atoi(argv[3]) : 20000;
    pmix_proc_t me, all, peer;
    pmix_value_t *v, val;
    pmix_info_t refresh;
    double t0 = now_us();
    check(PMIx_Init(&me, NULL, 0), "PMIx_Init");
    double init_ms = (now_us() - t0) / 1000.0;

    PMIX_LOAD_PROCID(&all, me.nspace, PMIX_RANK_WILDCARD);
    check(PMIx_Get(&all, PMIX_JOB_SIZE, NULL, 0, &v), "get job size");
    uint32_t size = v->data.uint32;
    PMIX_VALUE_RELEASE(v);

    val.type = PMIX_UINT64;
    val.data.uint64 = 1000 + me.rank;
    check(PMIx_Put(PMIX_GLOBAL, "bench.key", &val), "put");
    check(PMIx_Commit(), "commit");
    pmix_info_t collect;
    PMIX_INFO_LOAD(&collect, PMIX_COLLECT_DATA, NULL, PMIX_BOOL);
    check(PMIx_Fence(&all, 1, &collect, 1), "fence");

    /* Get of job information: the client answers from what it holds */
    for (int i = 0; i < nlocal / 2; i++) {
        check(PMIx_Get(&all, PMIX_JOB_SIZE, NULL, 0, &v), "get");
        PMIX_VALUE_RELEASE(v);
    }
    t0 = now_us();
    for (int i = 0; i < nlocal; i++) {
        check(PMIx_Get(&all, PMIX_JOB_SIZE, NULL, 0, &v), "get");
        PMIX_VALUE_RELEASE(v);
    }
    double get_local = (now_us() - t0) / nlocal;

    /* Get of a peer's key, forced to the server each time (the first, plain, Get fetches the peer's data:
     * a refresh answered from the server's store adds nothing new, and a 4.2.2 server replies to it with the
     * status alone) */
    PMIX_LOAD_PROCID(&peer, me.nspace, (me.rank + 1) % size);
    PMIX_INFO_LOAD(&refresh, PMIX_GET_REFRESH_CACHE, NULL, PMIX_BOOL);
    double get_server = 0;
    if (0 == me.rank) {
        check(PMIx_Get(&peer, "bench.key", NULL, 0, &v), "get peer");
        PMIX_VALUE_RELEASE(v);
        for (int i = 0; i < nserver / 2; i++) {
            check(PMIx_Get(&peer, "bench.key", &refresh, 1, &v), "get peer");
            PMIX_VALUE_RELEASE(v);
        }
        t0 = now_us();
        for (int i = 0; i < nserver; i++) {
            check(PMIx_Get(&peer, "bench.key", &refresh, 1, &v), "get peer");
            PMIX_VALUE_RELEASE(v);
        }
        get_server = (now_us() - t0) / nserver;
    }
    check(PMIx_Fence(&all, 1, NULL, 0), "fence");

    for (int i = 0; i < nfence / 2; i++) {
        check(PMIx_Fence(&all, 1, NULL, 0), "fence");
    }
    t0 = now_us();
    for (int i = 0; i < nfence; i++) {
        check(PMIx_Fence(&all, 1, NULL, 0), "fence");
    }
    double fence = (now_us() - t0) / nfence;

    if (0 == me.rank) {
        printf("INIT_MS %.3f\nGET_LOCAL_US %.4f\nGET_SERVER_US %.3f\nFENCE_US %.3f\n", init_ms, get_local,
               get_server, fence);
        fflush(stdout);
    }
    check(PMIx_Finalize(NULL, 0), "finalize");
    return 0;
}
