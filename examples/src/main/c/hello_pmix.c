/*
 * hello_pmix: a PMIx client in C, for the embedding example (org.pmix4j.examples.host.MiniHost).
 *
 *   gcc -o hello_pmix hello_pmix.c $(pkg-config --cflags --libs pmix)
 *   java -cp ... org.pmix4j.examples.host.MiniHost -n 4 ./hello_pmix
 *
 * Each rank joins its server (PMIx_Init), shares a greeting under a key (Put, Commit), waits for every
 * rank's (Fence, collecting the data), reads the next rank's (Get) and leaves (Finalize). With
 * "--abort-at R" rank R asks its host to abort the job (PMIx_Abort) with status 7 instead.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, pmix_status_t rc)
{
    fprintf(stderr, "hello_pmix: %s failed: %s\n", what, PMIx_Error_string(rc));
    return 1;
}

int main(int argc, char **argv)
{
    pmix_proc_t me, job, next;
    pmix_value_t greeting, *val;
    pmix_info_t collect;
    pmix_status_t rc;
    char text[128];
    bool yes = true;
    uint32_t size;
    long abort_at = (argc == 3 && 0 == strcmp(argv[1], "--abort-at")) ? strtol(argv[2], NULL, 10) : -1;

    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        return fail("PMIx_Init", rc);
    }
    PMIX_LOAD_PROCID(&job, me.nspace, PMIX_RANK_WILDCARD);
    if (PMIX_SUCCESS != (rc = PMIx_Get(&job, PMIX_JOB_SIZE, NULL, 0, &val))) {
        return fail("PMIx_Get(PMIX_JOB_SIZE)", rc);
    }
    size = val->data.uint32;
    PMIX_VALUE_RELEASE(val);

    if ((long) me.rank == abort_at) {
        /* the host ends the job; PMIx_Abort returns once it has been told */
        PMIx_Abort(7, "hello_pmix was asked to abort", NULL, 0);
        return 7;
    }

    snprintf(text, sizeof(text), "greetings from rank %u", me.rank);
    PMIX_VALUE_LOAD(&greeting, text, PMIX_STRING);
    if (PMIX_SUCCESS != (rc = PMIx_Put(PMIX_GLOBAL, "hello.greeting", &greeting))) {
        return fail("PMIx_Put", rc);
    }
    PMIX_VALUE_DESTRUCT(&greeting);
    if (PMIX_SUCCESS != (rc = PMIx_Commit())) {
        return fail("PMIx_Commit", rc);
    }
    PMIX_INFO_LOAD(&collect, PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
    if (PMIX_SUCCESS != (rc = PMIx_Fence(&job, 1, &collect, 1))) {
        return fail("PMIx_Fence", rc);
    }
    PMIX_LOAD_PROCID(&next, me.nspace, (me.rank + 1) % size);
    if (PMIX_SUCCESS != (rc = PMIx_Get(&next, "hello.greeting", NULL, 0, &val))) {
        return fail("PMIx_Get(hello.greeting)", rc);
    }
    printf("rank %u of %u: rank %u says \"%s\"\n", me.rank, size, next.rank, val->data.string);
    fflush(stdout);
    PMIX_VALUE_RELEASE(val);

    if (PMIX_SUCCESS != (rc = PMIx_Finalize(NULL, 0))) {
        return fail("PMIx_Finalize", rc);
    }
    return 0;
}
