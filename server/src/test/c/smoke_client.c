/* smoke test client: init, read a few keys, finalize; prints what it saw */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    pmix_proc_t me, wild;
    pmix_value_t *val;
    pmix_status_t rc;

    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    if (PMIX_SUCCESS != (rc = PMIx_Get(&wild, PMIX_JOB_SIZE, NULL, 0, &val))) {
        fprintf(stderr, "get job size failed: %s\n", PMIx_Error_string(rc));
        return 2;
    }
    printf("rank %u of %u\n", me.rank, val->data.uint32);
    PMIX_VALUE_RELEASE(val);
    if (PMIX_SUCCESS != (rc = PMIx_Get(&wild, PMIX_LOCAL_PEERS, NULL, 0, &val))) {
        fprintf(stderr, "get local peers failed: %s\n", PMIx_Error_string(rc));
        return 3;
    }
    printf("peers %s\n", val->data.string);
    PMIX_VALUE_RELEASE(val);
    if (PMIX_SUCCESS != (rc = PMIx_Get(&me, PMIX_LOCAL_RANK, NULL, 0, &val))) {
        fprintf(stderr, "get local rank failed: %s\n", PMIx_Error_string(rc));
        return 4;
    }
    printf("lrank %u\n", val->data.uint16);
    PMIX_VALUE_RELEASE(val);
    if (PMIX_SUCCESS != (rc = PMIx_Finalize(NULL, 0))) {
        fprintf(stderr, "finalize failed: %s\n", PMIx_Error_string(rc));
        return 5;
    }
    return 0;
}
