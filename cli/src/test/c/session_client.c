/*
 * session_client: a PMIx client that prints what it learns of its session and then sleeps.
 *
 *   session_client [SECONDS]
 *
 * After PMIx_Init, Gets PMIX_SESSION_ID and PMIX_MAX_PROCS qualified with PMIX_SESSION_INFO, and its job's
 * PMIX_NSDIR, and prints "rank <r> session-id <n|status name>", "rank <r> session-max-procs <n|status
 * name>" and "rank <r> nsdir <path|status name>"; then sleeps SECONDS (default 0) and finalizes. Exit 0, or 1
 * when PMIx_Init failed.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void print_u32(const pmix_proc_t *me, const char *label, const char *key, int session_qualified)
{
    pmix_proc_t wild;
    pmix_info_t q;
    pmix_value_t *v = NULL;
    bool yes = true;
    pmix_status_t rc;

    PMIX_LOAD_PROCID(&wild, me->nspace, PMIX_RANK_WILDCARD);
    PMIX_INFO_LOAD(&q, PMIX_SESSION_INFO, &yes, PMIX_BOOL);
    rc = PMIx_Get(&wild, key, session_qualified ? &q : NULL, session_qualified ? 1 : 0, &v);
    if (PMIX_SUCCESS == rc && PMIX_UINT32 == v->type) {
        printf("rank %u %s %u\n", me->rank, label, v->data.uint32);
    } else if (PMIX_SUCCESS == rc && PMIX_STRING == v->type) {
        printf("rank %u %s %s\n", me->rank, label, v->data.string);
    } else {
        printf("rank %u %s %s\n", me->rank, label, PMIX_SUCCESS == rc ? "other-type" : PMIx_Error_string(rc));
    }
    if (NULL != v) PMIX_VALUE_RELEASE(v);
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_status_t rc;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    print_u32(&me, "session-id", PMIX_SESSION_ID, 1);
    print_u32(&me, "session-max-procs", PMIX_MAX_PROCS, 1);
    print_u32(&me, "nsdir", PMIX_NSDIR, 0);
    if (argc > 1) sleep((unsigned) atoi(argv[1]));
    PMIx_Finalize(NULL, 0);
    return 0;
}
