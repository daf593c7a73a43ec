/* modex: every rank puts keys in each scope, commits, fences with data collection and reads its peers' keys */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check(pmix_status_t rc, const char *what)
{
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "%s failed: %s\n", what, PMIx_Error_string(rc));
        exit(10);
    }
    return 0;
}

int main(void)
{
    pmix_proc_t me, peer, wild;
    pmix_value_t v, *val;
    pmix_info_t info;
    pmix_status_t rc;
    bool yes = true;
    char key[64], str[64];
    uint32_t size, r;

    check(PMIx_Init(&me, NULL, 0), "init");
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    check(PMIx_Get(&wild, PMIX_JOB_SIZE, NULL, 0, &val), "get size");
    size = val->data.uint32;
    PMIX_VALUE_RELEASE(val);

    snprintf(str, sizeof(str), "global-from-%u", me.rank);
    PMIX_VALUE_LOAD(&v, str, PMIX_STRING);
    check(PMIx_Put(PMIX_GLOBAL, "mx.global", &v), "put global");
    PMIX_VALUE_DESTRUCT(&v);
    r = 1000 + me.rank;
    PMIX_VALUE_LOAD(&v, &r, PMIX_UINT32);
    check(PMIx_Put(PMIX_LOCAL, "mx.local", &v), "put local");
    check(PMIx_Put(PMIX_REMOTE, "mx.remote", &v), "put remote");
    check(PMIx_Commit(), "commit");

    PMIX_INFO_LOAD(&info, PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
    check(PMIx_Fence(&wild, 1, &info, 1), "fence");

    for (r = 0; r < size; r++) {
        PMIX_LOAD_PROCID(&peer, me.nspace, r);
        check(PMIx_Get(&peer, "mx.global", NULL, 0, &val), "get global");
        snprintf(str, sizeof(str), "global-from-%u", r);
        if (0 != strcmp(val->data.string, str)) {
            fprintf(stderr, "rank %u got %s from %u\n", me.rank, val->data.string, r);
            return 11;
        }
        PMIX_VALUE_RELEASE(val);
        check(PMIx_Get(&peer, "mx.local", NULL, 0, &val), "get local");
        if (val->data.uint32 != 1000 + r) {
            return 12;
        }
        PMIX_VALUE_RELEASE(val);
        /* a local peer's REMOTE-only key is not for us */
        rc = PMIx_Get(&peer, "mx.remote", NULL, 0, &val);
        if (r != me.rank && PMIX_ERR_NOT_FOUND != rc) {
            fprintf(stderr, "rank %u: remote-only key of %u gave %s\n", me.rank, r, PMIx_Error_string(rc));
            return 13;
        }
    }
    /* a key nobody put: immediate answer with PMIX_IMMEDIATE */
    PMIX_INFO_LOAD(&info, PMIX_IMMEDIATE, &yes, PMIX_BOOL);
    PMIX_LOAD_PROCID(&peer, me.nspace, (me.rank + 1) % size);
    rc = PMIx_Get(&peer, "mx.never", &info, 1, &val);
    if (PMIX_ERR_NOT_FOUND != rc) {
        fprintf(stderr, "never-put key gave %s\n", PMIx_Error_string(rc));
        return 14;
    }
    check(PMIx_Fence(NULL, 0, NULL, 0), "barrier");
    printf("rank %u: modex ok with %u peers\n", me.rank, size);
    check(PMIx_Finalize(NULL, 0), "finalize");
    return 0;
}
