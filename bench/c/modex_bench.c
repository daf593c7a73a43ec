/*
 * modex_bench: the key-value exchange benchmark client (bench/modex.sh), one binary for every launcher.
 *
 *   modex_bench [FENCES [ROUNDS]]
 *
 * 1. FENCES (default 500) fences over the whole job without data: PMIx_Fence(NULL, 0, NULL, 0).
 * 2. ROUNDS (default 100) rounds of: PMIx_Put of a 1 KB GLOBAL value (the same key, a new value),
 *    PMIx_Commit, PMIx_Fence with PMIX_COLLECT_DATA — the collecting fence with 1 KB per process (commit
 *    included).
 * 3. ROUNDS rounds of: put a fresh 64-byte key, commit, fence (not timed), then PMIx_Get of that key
 *    from every other rank (timed). A key put after the peer's last fetch is never in the client's own
 *    cache, so every Get is a round trip to the server, which answers from what it holds.
 * Ten untimed fences come first. Rank 0 prints "fence_nodata_us <mean>" and "fence_1k_us <mean>" (its
 * own wall time per fence; the fence synchronises everyone); every rank prints "get <rank> <gets>
 * <seconds> <failures>". Exit 1 when a call fails.
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

static void must(pmix_status_t rc, const char *what)
{
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "modex_bench: %s failed: %s\n", what, PMIx_Error_string(rc));
        exit(1);
    }
}

static void put_bytes(const char *key, size_t n, char fill)
{
    pmix_value_t v;
    char *s = malloc(n);
    memset(s, fill, n - 1);
    s[n - 1] = '\0';
    PMIX_VALUE_LOAD(&v, s, PMIX_STRING);
    must(PMIx_Put(PMIX_GLOBAL, key, &v), "put");
    PMIX_VALUE_DESTRUCT(&v);
    free(s);
}

int main(int argc, char **argv)
{
    int fences = argc > 1 ? atoi(argv[1]) : 500, rounds = argc > 2 ? atoi(argv[2]) : 100;
    pmix_proc_t me, wild, peer;
    pmix_value_t *val;
    pmix_info_t collect;
    bool yes = true;
    char key[64];
    uint32_t size;

    must(PMIx_Init(&me, NULL, 0), "init");
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    must(PMIx_Get(&wild, PMIX_JOB_SIZE, NULL, 0, &val), "get job size");
    size = val->data.uint32;
    PMIX_VALUE_RELEASE(val);
    PMIX_INFO_LOAD(&collect, PMIX_COLLECT_DATA, &yes, PMIX_BOOL);

    for (int i = 0; i < 10; i++) {
        must(PMIx_Fence(NULL, 0, NULL, 0), "warm-up fence");
    }
    double t0 = now();
    for (int i = 0; i < fences; i++) {
        must(PMIx_Fence(NULL, 0, NULL, 0), "fence");
    }
    double nodata = (now() - t0) / fences;

    t0 = now();
    for (int i = 0; i < rounds; i++) {
        /* the same key each round: a libpmix client sends all its values with every commit, so fresh keys
           would make each round's commit and collection bigger than the last */
        put_bytes("bench.kb", 1024, 'a' + ((me.rank + i) % 26));
        must(PMIx_Commit(), "commit");
        must(PMIx_Fence(&wild, 1, &collect, 1), "collecting fence");
    }
    double kb = (now() - t0) / rounds;

    double tget = 0;
    long gets = 0, failures = 0;
    for (int i = 0; i < rounds; i++) {
        snprintf(key, sizeof(key), "bench.get.%d", i);
        put_bytes(key, 64, 'A' + (me.rank % 26));
        must(PMIx_Commit(), "commit");
        must(PMIx_Fence(&wild, 1, &collect, 1), "fence before gets");
        double g0 = now();
        for (uint32_t r = 1; r < size; r++) {
            PMIX_LOAD_PROCID(&peer, me.nspace, (me.rank + r) % size);
            if (PMIX_SUCCESS == PMIx_Get(&peer, key, NULL, 0, &val)) {
                PMIX_VALUE_RELEASE(val);
            } else {
                failures++;
            }
            gets++;
        }
        tget += now() - g0;
    }
    must(PMIx_Fence(NULL, 0, NULL, 0), "final fence");
    if (0 == me.rank) {
        printf("fence_nodata_us %.1f\nfence_1k_us %.1f\n", nodata * 1e6, kb * 1e6);
    }
    printf("get %u %ld %.6f %ld\n", me.rank, gets, tget, failures);
    fflush(stdout);
    must(PMIx_Finalize(NULL, 0), "finalize");
    return failures ? 1 : 0;
}
