/*
 * modex_nodes: a libpmix 4.2.2 client for the key-value exchange tests across "nodes" (ModexTwoNodesTest:
 * two pmix4j servers in one JVM, each hosting some ranks of the same job) and on one node (under
 * ref_host, libpmix's own server, as the reference for what a single server answers).
 *
 *   modex_nodes MODE
 *
 * Every rank puts, unless the mode says otherwise:
 *   k.local  LOCAL   "L<rank>"      k.remote REMOTE "R<rank>"      k.global GLOBAL "G<rank>"
 *   k.late   GLOBAL  "T<rank>"      (the keys probed before the exchange: present once data moved)
 * Which peers are on this node comes from PMIX_LOCAL_PEERS (the registration's node and process maps).
 *
 * MODES
 *   collect    PMIX_OPTIONAL and PMIX_IMMEDIATE probes of every remote peer's k.late before anything
 *              was exchanged (both: NOT_FOUND at once); put, commit, fence over all WITH PMIX_COLLECT_DATA;
 *              the visibility matrix (below); then PMIX_GET_REFRESH_CACHE: the first rank of the second
 *              node puts k.global again ("G<rank>-v2") and commits; after a barrier rank 0 reads the old
 *              value from its cache and the new one with PMIX_GET_REFRESH_CACHE.
 *   nocollect  put, commit, fence over all WITHOUT collecting; then the first rank of each node reads every
 *              remote peer (direct modex), a barrier, then the other ranks read the same (the server has the
 *              data now); the visibility matrix.
 *   nofence    put, commit and read every remote peer at once, no fence at all (direct modex that waits for
 *              the target's commit); the matrix; a closing barrier.
 *   timeout    the last rank commits nothing and enters no fence: rank 0 reads its key with PMIX_TIMEOUT 2
 *              (PMIX_ERR_TIMEOUT after about 2 s); the others fence over all with PMIX_TIMEOUT 1
 *              (PMIX_ERR_TIMEOUT). The last rank sleeps 4 s, then finalizes.
 *   subset     fence WITH collect over {0, last} (spans the nodes when they are split) and over {0, 1} (one
 *              node) — ranks not named skip it — then reads over the subset; a closing barrier.
 *   multins OTHER  put, commit, fence WITH collect over this job and job OTHER (both wildcards; the order
 *              of the two differs between the jobs), then reads k.global of every rank of OTHER.
 *   scope      local peers only (one node): PMIX_DATA_SCOPE on Gets of a local peer — k.remote with
 *              PMIX_REMOTE and PMIX_GLOBAL, k.local with PMIX_LOCAL and PMIX_REMOTE; plus PMIX_TIMEOUT 1
 *              on a key a local peer never puts (PMIX_ERR_TIMEOUT); and an IMMEDIATE get of a never-put
 *              key (NOT_FOUND). Prints "SCOPE <what> <status>" lines for the comparison with ref_host.
 *
 * THE VISIBILITY MATRIX, for every peer p: k.global found with "G<p>"; a peer on this node: k.local "L<p>",
 * k.remote NOT_FOUND (unless p is me); a peer on another node: k.remote "R<p>", k.local NOT_FOUND.
 *
 * Output: "OK <rank> <check>" or "FAIL <rank> <check>: <detail>" per check, "DONE <rank> <failures>".
 * Exit 0 when every check passed, 2 otherwise, 1 when PMIx_Init failed.
 */
#include <pmix.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static pmix_proc_t me;
static uint32_t size;
static int local_of[1024];
static int failures;

static void ok(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("OK %u ", me.rank);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL %u ", me.rank);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    failures++;
}

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec / 1e6;
}

static void must(pmix_status_t rc, const char *what)
{
    if (PMIX_SUCCESS != rc) {
        printf("FAIL %u %s: %s\n", me.rank, what, PMIx_Error_string(rc));
        printf("DONE %u %d\n", me.rank, failures + 1);
        fflush(stdout);
        exit(2);
    }
}

static void put_str(pmix_scope_t scope, const char *key, const char *prefix, const char *suffix)
{
    char s[64];
    pmix_value_t v;
    snprintf(s, sizeof(s), "%s%u%s", prefix, me.rank, suffix);
    PMIX_VALUE_LOAD(&v, s, PMIX_STRING);
    must(PMIx_Put(scope, key, &v), key);
    PMIX_VALUE_DESTRUCT(&v);
}

static void put_all(void)
{
    put_str(PMIX_LOCAL, "k.local", "L", "");
    put_str(PMIX_REMOTE, "k.remote", "R", "");
    put_str(PMIX_GLOBAL, "k.global", "G", "");
    put_str(PMIX_GLOBAL, "k.late", "T", "");
    must(PMIx_Commit(), "commit");
}

/* Gets p's key with the given directives; checks the status and, on success, the string value. */
static pmix_status_t expect(uint32_t p, const char *key, pmix_info_t *info, size_t ninfo, pmix_status_t want,
                            const char *value, const char *label)
{
    pmix_proc_t peer;
    pmix_value_t *val = NULL;
    PMIX_LOAD_PROCID(&peer, me.nspace, p);
    pmix_status_t rc = PMIx_Get(&peer, key, info, ninfo, &val);
    if (rc != want) {
        fail("%s get %u %s: %s, expected %s", label, p, key, PMIx_Error_string(rc), PMIx_Error_string(want));
    } else if (PMIX_SUCCESS == rc && (PMIX_STRING != val->type || 0 != strcmp(val->data.string, value))) {
        fail("%s get %u %s: '%s', expected '%s'", label, p, key,
             PMIX_STRING == val->type ? val->data.string : "(not a string)", value);
    } else {
        ok("%s get %u %s %s", label, p, key, PMIx_Error_string(rc));
    }
    if (NULL != val) PMIX_VALUE_RELEASE(val);
    return rc;
}

static void expect_peer(uint32_t p, const char *label)
{
    char s[64];
    snprintf(s, sizeof(s), "G%u", p);
    expect(p, "k.global", NULL, 0, PMIX_SUCCESS, s, label);
    if (local_of[p]) {
        snprintf(s, sizeof(s), "L%u", p);
        expect(p, "k.local", NULL, 0, PMIX_SUCCESS, s, label);
        if (p != me.rank) {
            expect(p, "k.remote", NULL, 0, PMIX_ERR_NOT_FOUND, NULL, label);
        }
    } else {
        snprintf(s, sizeof(s), "R%u", p);
        expect(p, "k.remote", NULL, 0, PMIX_SUCCESS, s, label);
        expect(p, "k.local", NULL, 0, PMIX_ERR_NOT_FOUND, NULL, label);
    }
}

static void matrix(const char *label)
{
    for (uint32_t p = 0; p < size; p++) {
        expect_peer(p, label);
    }
}

static void fence(pmix_proc_t *procs, size_t n, int collect, int timeout, pmix_status_t want, const char *label)
{
    pmix_info_t info[2];
    size_t ninfo = 0;
    bool yes = true;
    if (collect) {
        PMIX_INFO_LOAD(&info[ninfo], PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
        ninfo++;
    }
    if (timeout > 0) {
        PMIX_INFO_LOAD(&info[ninfo], PMIX_TIMEOUT, &timeout, PMIX_INT);
        ninfo++;
    }
    double t0 = now();
    pmix_status_t rc = PMIx_Fence(procs, n, ninfo ? info : NULL, ninfo);
    if (rc != want) {
        fail("fence %s: %s, expected %s", label, PMIx_Error_string(rc), PMIx_Error_string(want));
    } else {
        ok("fence %s %s %.1fs", label, PMIx_Error_string(rc), now() - t0);
    }
}

static void barrier(void)
{
    fence(NULL, 0, 0, 0, PMIX_SUCCESS, "barrier");
}

static uint32_t first_local(void)
{
    for (uint32_t p = 0; p < size; p++) {
        if (local_of[p]) return p;
    }
    return me.rank;
}

static void probe_before_exchange(void)
{
    pmix_info_t info;
    bool yes = true;
    for (uint32_t p = 0; p < size; p++) {
        if (local_of[p]) continue;
        PMIX_INFO_LOAD(&info, PMIX_OPTIONAL, &yes, PMIX_BOOL);
        double t0 = now();
        expect(p, "k.late", &info, 1, PMIX_ERR_NOT_FOUND, NULL, "optional");
        if (now() - t0 > 1.0) fail("optional get %u took %.1fs", p, now() - t0);
        PMIX_INFO_LOAD(&info, PMIX_IMMEDIATE, &yes, PMIX_BOOL);
        t0 = now();
        expect(p, "k.late", &info, 1, PMIX_ERR_NOT_FOUND, NULL, "immediate");
        if (now() - t0 > 1.0) fail("immediate get %u took %.1fs", p, now() - t0);
    }
}

static void refresh_cache(void)
{
    /* the tests split the job in two halves, one per node: the first rank of the second half is remote
       to rank 0 */
    uint32_t writer = size / 2;
    pmix_info_t info;
    bool yes = true;
    char s[64];
    barrier(); /* everyone has read the first value */
    if (me.rank == writer) {
        put_str(PMIX_GLOBAL, "k.global", "G", "-v2");
        must(PMIx_Commit(), "commit again");
    }
    barrier();
    if (me.rank == 0 && !local_of[writer]) {
        snprintf(s, sizeof(s), "G%u", writer);
        expect(writer, "k.global", NULL, 0, PMIX_SUCCESS, s, "cached");
        PMIX_INFO_LOAD(&info, PMIX_GET_REFRESH_CACHE, &yes, PMIX_BOOL);
        snprintf(s, sizeof(s), "G%u-v2", writer);
        expect(writer, "k.global", &info, 1, PMIX_SUCCESS, s, "refreshed");
    }
    barrier();
}

static void scope_get(uint32_t p, const char *key, pmix_scope_t scope)
{
    pmix_info_t info;
    pmix_proc_t peer;
    pmix_value_t *val = NULL;
    PMIX_INFO_LOAD(&info, PMIX_DATA_SCOPE, &scope, PMIX_SCOPE);
    PMIX_LOAD_PROCID(&peer, me.nspace, p);
    pmix_status_t rc = PMIx_Get(&peer, key, &info, 1, &val);
    printf("SCOPE %u peer=%s %s %s %s %s\n", me.rank, p == me.rank ? "self" : "other", key,
           PMIx_Scope_string(scope), PMIx_Error_string(rc),
           PMIX_SUCCESS == rc && PMIX_STRING == val->type ? val->data.string : "-");
    if (NULL != val) PMIX_VALUE_RELEASE(val);
}

int main(int argc, char **argv)
{
    pmix_proc_t wild, two[2];
    pmix_value_t *val;
    pmix_info_t info;
    const char *mode = argc > 1 ? argv[1] : "collect";

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (PMIX_SUCCESS != PMIx_Init(&me, NULL, 0)) {
        fprintf(stderr, "PMIx_Init failed\n");
        return 1;
    }
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    must(PMIx_Get(&wild, PMIX_JOB_SIZE, NULL, 0, &val), "job size");
    size = val->data.uint32;
    PMIX_VALUE_RELEASE(val);
    must(PMIx_Get(&wild, PMIX_LOCAL_PEERS, NULL, 0, &val), "local peers");
    for (char *t = strtok(val->data.string, ","); t; t = strtok(NULL, ",")) {
        local_of[atoi(t)] = 1;
    }
    PMIX_VALUE_RELEASE(val);

    if (0 == strcmp(mode, "collect")) {
        probe_before_exchange();
        put_all();
        fence(&wild, 1, 1, 30, PMIX_SUCCESS, "collect");
        matrix("collected");
        for (uint32_t p = 0; p < size; p++) {
            char s[64];
            snprintf(s, sizeof(s), "T%u", p);
            expect(p, "k.late", NULL, 0, PMIX_SUCCESS, s, "late");
        }
        refresh_cache();
    } else if (0 == strcmp(mode, "nocollect")) {
        put_all();
        fence(&wild, 1, 0, 0, PMIX_SUCCESS, "nocollect");
        if (me.rank == first_local()) {
            matrix("dmodex");
        }
        barrier();
        if (me.rank != first_local()) {
            matrix("stored");
        }
        barrier();
    } else if (0 == strcmp(mode, "nofence")) {
        put_all();
        matrix("nofence");
        barrier();
    } else if (0 == strcmp(mode, "timeout")) {
        if (me.rank == size - 1) {
            sleep(4);
        } else {
            int secs = 2;
            if (me.rank == 0) {
                PMIX_INFO_LOAD(&info, PMIX_TIMEOUT, &secs, PMIX_INT);
                double t0 = now();
                expect(size - 1, "k.global", &info, 1, PMIX_ERR_TIMEOUT, NULL, "timeout");
                double took = now() - t0;
                if (took < 1.5 || took > 5.0) fail("timed-out get took %.1fs, not about 2s", took);
                else ok("timed-out get took %.1fs", took);
            }
            fence(&wild, 1, 0, 1, PMIX_ERR_TIMEOUT, "timeout");
        }
    } else if (0 == strcmp(mode, "subset")) {
        put_all();
        PMIX_LOAD_PROCID(&two[0], me.nspace, 0);
        PMIX_LOAD_PROCID(&two[1], me.nspace, size - 1);
        if (me.rank == 0 || me.rank == size - 1) {
            fence(two, 2, 1, 30, PMIX_SUCCESS, "subset-ends");
            expect_peer(me.rank == 0 ? size - 1 : 0, "subset-ends");
        }
        PMIX_LOAD_PROCID(&two[1], me.nspace, 1);
        if (me.rank == 0 || me.rank == 1) {
            fence(two, 2, 1, 30, PMIX_SUCCESS, "subset-first");
            expect_peer(me.rank == 0 ? 1 : 0, "subset-first");
        }
        barrier();
    } else if (0 == strcmp(mode, "multins") && argc > 2) {
        /* a fence over two whole jobs, collecting, then every rank of the other job read */
        pmix_proc_t jobs[2], other;
        PMIX_LOAD_PROCID(&jobs[0], me.nspace, PMIX_RANK_WILDCARD);
        PMIX_LOAD_PROCID(&jobs[1], argv[2], PMIX_RANK_WILDCARD);
        must(PMIx_Get(&jobs[1], PMIX_JOB_SIZE, NULL, 0, &val), "other job's size");
        uint32_t osize = val->data.uint32;
        PMIX_VALUE_RELEASE(val);
        put_all();
        /* the lower-named job lists itself first, the other the other way round: one fence all the same */
        int swap = strcmp(me.nspace, argv[2]) > 0;
        if (swap) {
            pmix_proc_t t = jobs[0];
            jobs[0] = jobs[1];
            jobs[1] = t;
        }
        fence(jobs, 2, 1, 30, PMIX_SUCCESS, "two-jobs");
        for (uint32_t r = 0; r < osize; r++) {
            char want[64];
            PMIX_LOAD_PROCID(&other, argv[2], r);
            snprintf(want, sizeof(want), "G%u", r);
            val = NULL;
            pmix_status_t rc = PMIx_Get(&other, "k.global", NULL, 0, &val);
            if (PMIX_SUCCESS != rc || PMIX_STRING != val->type || strcmp(val->data.string, want)) {
                fail("get %s:%u k.global: %s", argv[2], r, PMIx_Error_string(rc));
            } else {
                ok("get %s:%u k.global %s", argv[2], r, val->data.string);
            }
            if (NULL != val) PMIX_VALUE_RELEASE(val);
        }
        fence(jobs, 2, 0, 30, PMIX_SUCCESS, "two-jobs-end");
    } else if (0 == strcmp(mode, "scope")) {
        put_all();
        barrier();
        uint32_t p = (me.rank + 1) % size;
        /* SCOPE_ONLY=n runs only the n-th of these, SCOPE_ONLY=t only the timeout checks: the libpmix
           4.2.2 client crashes (SIGSEGV) in a GLOBAL-scoped Get that follows a REMOTE-scoped one of the
           same peer, under libpmix's server as under pmix4j, so each check gets a process of its own */
        const char *only = getenv("SCOPE_ONLY");
        int n = 0, pick = only ? (0 == strcmp(only, "t") ? 1000 : atoi(only)) : -1;
        if (pick < 0 || pick == n++) scope_get(p, "k.remote", PMIX_REMOTE);
        if (pick < 0 || pick == n++) scope_get(p, "k.remote", PMIX_GLOBAL);
        if (pick < 0 || pick == n++) scope_get(p, "k.local", PMIX_LOCAL);
        if (pick < 0 || pick == n++) scope_get(p, "k.local", PMIX_REMOTE);
        if (pick < 0 || pick == n++) scope_get(p, "k.global", PMIX_LOCAL);
        if (pick < 0 || pick == n++) scope_get(p, "k.global", PMIX_REMOTE);
        if (pick < 0 || pick == n++) scope_get(me.rank, "k.remote", PMIX_REMOTE);
        if (pick < 0 || pick == n++) scope_get(me.rank, "k.local", PMIX_REMOTE);
        if (pick < 0 || pick == n++) {
            /* a local peer's data is always current at the server: refreshing changes nothing */
            bool yes = true;
            pmix_proc_t peer;
            PMIX_INFO_LOAD(&info, PMIX_GET_REFRESH_CACHE, &yes, PMIX_BOOL);
            PMIX_LOAD_PROCID(&peer, me.nspace, p);
            val = NULL;
            pmix_status_t rc = PMIx_Get(&peer, "k.global", &info, 1, &val);
            printf("SCOPE %u peer=other k.global refresh %s %s\n", me.rank, PMIx_Error_string(rc),
                   PMIX_SUCCESS == rc && PMIX_STRING == val->type ? val->data.string : "-");
            if (NULL != val) PMIX_VALUE_RELEASE(val);
        }
        if (pick >= 0 && pick < 1000) {
            barrier();
            printf("DONE %u %d\n", me.rank, failures);
            must(PMIx_Finalize(NULL, 0), "finalize");
            return 0;
        }
        int secs = 1;
        PMIX_INFO_LOAD(&info, PMIX_TIMEOUT, &secs, PMIX_INT);
        double t0 = now();
        pmix_proc_t peer;
        PMIX_LOAD_PROCID(&peer, me.nspace, p);
        pmix_status_t rc = PMIx_Get(&peer, "k.never", &info, 1, &val);
        printf("SCOPE %u never-put-timeout %s %s\n", me.rank, PMIx_Error_string(rc), now() - t0 < 3 ? "fast" : "slow");
        bool yes = true;
        PMIX_INFO_LOAD(&info, PMIX_IMMEDIATE, &yes, PMIX_BOOL);
        t0 = now();
        rc = PMIx_Get(&peer, "k.never2", &info, 1, &val);
        printf("SCOPE %u never-put-immediate %s %s\n", me.rank, PMIx_Error_string(rc), now() - t0 < 1 ? "fast" : "slow");
        barrier();
    } else {
        fprintf(stderr, "unknown mode %s\n", mode);
        return 2;
    }
    printf("DONE %u %d\n", me.rank, failures);
    must(PMIx_Finalize(NULL, 0), "finalize");
    return failures ? 2 : 0;
}
