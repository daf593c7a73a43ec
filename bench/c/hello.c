/*
 * hello: the PMIx client of bench/launch.sh. PMIx_Init, PMIx_Get of the job size and of its own local
 * rank, one line of output, PMIx_Finalize: what every MPI process does at start and end, without MPI, so
 * that the same binary runs under `pmix4j run` and under Open MPI's `mpirun`.
 */
#include <pmix.h>
#include <stdio.h>

int main(void)
{
    pmix_proc_t me, wild;
    pmix_value_t *size = NULL, *lrank = NULL;
    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "hello: PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    if (PMIX_SUCCESS != (rc = PMIx_Get(&wild, PMIX_JOB_SIZE, NULL, 0, &size))
        || PMIX_SUCCESS != (rc = PMIx_Get(&me, PMIX_LOCAL_RANK, NULL, 0, &lrank))) {
        fprintf(stderr, "hello: PMIx_Get failed: %s\n", PMIx_Error_string(rc));
        return 2;
    }
    printf("hello from rank %u of %u (local rank %u)\n", me.rank, size->data.uint32, (unsigned) lrank->data.uint16);
    PMIX_VALUE_RELEASE(size);
    PMIX_VALUE_RELEASE(lrank);
    if (PMIX_SUCCESS != (rc = PMIx_Finalize(NULL, 0))) {
        fprintf(stderr, "hello: PMIx_Finalize failed: %s\n", PMIx_Error_string(rc));
        return 3;
    }
    return 0;
}
