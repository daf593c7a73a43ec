/*
 * fea_app: an application for fork/exec agent tests: a PMIx client that says who it is and who started it.
 *
 *   fea_app [GO_FILE]
 *
 * PMIx_Init; prints "app rank R size S local-rank L local-size N pid P ppid Q ns NS" (PMIX_JOB_SIZE,
 * PMIX_LOCAL_RANK, PMIX_LOCAL_SIZE; Q is the process that forked it); fences with the whole job; then, with
 * GO_FILE, waits (60 s at most) until that file exists, so that a tool can look at the running job; prints
 * "app rank R done" and finalizes. Exit 0; 1 when PMIx_Init fails, 2 when a key is missing or the fence
 * fails, 3 when GO_FILE did not appear in time.
 */
#include <pmix.h>
#include <stdio.h>
#include <unistd.h>

static uint32_t number(const pmix_proc_t *p, const char *key)
{
    pmix_value_t *val = NULL;
    uint32_t n;
    if (PMIX_SUCCESS != PMIx_Get(p, key, NULL, 0, &val) || NULL == val) {
        fprintf(stderr, "app: no %s\n", key);
        return UINT32_MAX;
    }
    n = PMIX_UINT16 == val->type ? val->data.uint16 : val->data.uint32;
    PMIX_VALUE_RELEASE(val);
    return n;
}

int main(int argc, char **argv)
{
    pmix_proc_t me, wildcard;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (PMIX_SUCCESS != PMIx_Init(&me, NULL, 0)) {
        fprintf(stderr, "PMIx_Init failed\n");
        return 1;
    }
    PMIX_LOAD_PROCID(&wildcard, me.nspace, PMIX_RANK_WILDCARD);
    uint32_t size = number(&wildcard, PMIX_JOB_SIZE);
    uint32_t local_rank = number(&me, PMIX_LOCAL_RANK);
    uint32_t local_size = number(&wildcard, PMIX_LOCAL_SIZE);
    if (UINT32_MAX == size || UINT32_MAX == local_rank || UINT32_MAX == local_size) {
        return 2;
    }
    printf("app rank %u size %u local-rank %u local-size %u pid %d ppid %d ns %s\n", me.rank, size, local_rank,
           local_size, (int) getpid(), (int) getppid(), me.nspace);
    if (PMIX_SUCCESS != PMIx_Fence(NULL, 0, NULL, 0)) {
        fprintf(stderr, "rank %u: fence failed\n", me.rank);
        return 2;
    }
    if (argc > 1) {
        int waited = 0;
        while (0 != access(argv[1], F_OK)) {
            if (++waited > 60 * 20) {
                fprintf(stderr, "rank %u: %s did not appear\n", me.rank, argv[1]);
                PMIx_Finalize(NULL, 0);
                return 3;
            }
            usleep(50000);
        }
    }
    printf("app rank %u done\n", me.rank);
    PMIx_Finalize(NULL, 0);
    return 0;
}
