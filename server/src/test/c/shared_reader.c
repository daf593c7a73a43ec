/* shared_reader: what an MPI library does at start, without data collection: every rank puts a GLOBAL and a
 * LOCAL key, commits, joins a fence that collects nothing, then reads each peer's keys and job data one Get
 * at a time. Under a server offering the shared-memory store these Gets are answered from shared memory; the
 * test counts the server's GET requests. Prints "SHARED rank R gds G peers N" on success.
 * With SR_UNFENCED set, each rank then commits a new key and a new value of sr.global and reads its next
 * peer's without a fence in between (the peer's new key may not have been committed yet: the server holds
 * the Get until it is), then that peer's sr.global, which must be the new value. */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(pmix_status_t rc, const char *what)
{
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "%s failed: %s\n", what, PMIx_Error_string(rc));
        exit(10);
    }
}

int main(void)
{
    pmix_proc_t me, peer, wild;
    pmix_value_t v, *val;
    char str[64];
    uint32_t size, r, local;
    const char *gds = getenv("PMIX_GDS_MODULE");

    check(PMIx_Init(&me, NULL, 0), "init");
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    check(PMIx_Get(&wild, PMIX_JOB_SIZE, NULL, 0, &val), "get job size");
    size = val->data.uint32;
    PMIX_VALUE_RELEASE(val);
    check(PMIx_Get(&wild, PMIX_LOCAL_SIZE, NULL, 0, &val), "get local size");
    local = val->data.uint32;
    PMIX_VALUE_RELEASE(val);
    if (local != size) {
        fprintf(stderr, "local size %u of a job of %u on one node\n", local, size);
        return 11;
    }

    snprintf(str, sizeof(str), "endpoint-of-%u", me.rank);
    PMIX_VALUE_LOAD(&v, str, PMIX_STRING);
    check(PMIx_Put(PMIX_GLOBAL, "sr.global", &v), "put global");
    PMIX_VALUE_DESTRUCT(&v);
    r = 500 + me.rank;
    PMIX_VALUE_LOAD(&v, &r, PMIX_UINT32);
    check(PMIx_Put(PMIX_LOCAL, "sr.local", &v), "put local");
    check(PMIx_Commit(), "commit");
    check(PMIx_Fence(&wild, 1, NULL, 0), "fence");

    for (r = 0; r < size; r++) {
        if (r == me.rank) {
            continue;
        }
        PMIX_LOAD_PROCID(&peer, me.nspace, r);
        check(PMIx_Get(&peer, "sr.global", NULL, 0, &val), "get global");
        snprintf(str, sizeof(str), "endpoint-of-%u", r);
        if (PMIX_STRING != val->type || 0 != strcmp(val->data.string, str)) {
            fprintf(stderr, "rank %u: sr.global of %u is wrong\n", me.rank, r);
            return 12;
        }
        PMIX_VALUE_RELEASE(val);
        check(PMIx_Get(&peer, "sr.local", NULL, 0, &val), "get local");
        if (val->data.uint32 != 500 + r) {
            fprintf(stderr, "rank %u: sr.local of %u is %u\n", me.rank, r, val->data.uint32);
            return 13;
        }
        PMIX_VALUE_RELEASE(val);
        check(PMIx_Get(&peer, PMIX_LOCAL_RANK, NULL, 0, &val), "get local rank");
        if (val->data.uint16 != r) {
            fprintf(stderr, "rank %u: local rank of %u is %u\n", me.rank, r, val->data.uint16);
            return 14;
        }
        PMIX_VALUE_RELEASE(val);
        check(PMIx_Get(&peer, PMIX_HOSTNAME, NULL, 0, &val), "get hostname");
        PMIX_VALUE_RELEASE(val);
    }
    if (NULL != getenv("SR_UNFENCED") && size > 1) {
        pmix_info_t wait;
        uint32_t seconds = 20;
        /* nobody changes a value while its peers may still be reading the first one */
        check(PMIx_Fence(NULL, 0, NULL, 0), "fence before the second commit");
        snprintf(str, sizeof(str), "unfenced-of-%u", me.rank);
        PMIX_VALUE_LOAD(&v, str, PMIX_STRING);
        check(PMIx_Put(PMIX_GLOBAL, "sr.unfenced", &v), "put unfenced");
        PMIX_VALUE_DESTRUCT(&v);
        snprintf(str, sizeof(str), "changed-of-%u", me.rank);
        PMIX_VALUE_LOAD(&v, str, PMIX_STRING);
        check(PMIx_Put(PMIX_GLOBAL, "sr.global", &v), "put changed global");
        PMIX_VALUE_DESTRUCT(&v);
        check(PMIx_Commit(), "second commit");
        r = (me.rank + 1) % size;
        PMIX_LOAD_PROCID(&peer, me.nspace, r);
        PMIX_INFO_LOAD(&wait, PMIX_TIMEOUT, &seconds, PMIX_UINT32);
        check(PMIx_Get(&peer, "sr.unfenced", &wait, 1, &val), "get unfenced");
        snprintf(str, sizeof(str), "unfenced-of-%u", r);
        if (PMIX_STRING != val->type || 0 != strcmp(val->data.string, str)) {
            fprintf(stderr, "rank %u: sr.unfenced of %u is wrong\n", me.rank, r);
            return 15;
        }
        PMIX_VALUE_RELEASE(val);
        /* the peer committed its new sr.global with sr.unfenced: no older value may be read now */
        check(PMIx_Get(&peer, "sr.global", NULL, 0, &val), "get changed global");
        snprintf(str, sizeof(str), "changed-of-%u", r);
        if (PMIX_STRING != val->type || 0 != strcmp(val->data.string, str)) {
            fprintf(stderr, "rank %u: sr.global of %u is %s after its second commit\n", me.rank, r,
                    PMIX_STRING == val->type ? val->data.string : "not a string");
            return 16;
        }
        PMIX_VALUE_RELEASE(val);
    }
    check(PMIx_Fence(NULL, 0, NULL, 0), "barrier");
    printf("SHARED rank %u gds %s peers %u\n", me.rank, gds ? gds : "-", size - 1);
    check(PMIx_Finalize(NULL, 0), "finalize");
    return 0;
}
