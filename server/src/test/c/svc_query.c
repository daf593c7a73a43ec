/* query client for the service-handler tests. Usage: svc_query OTHER_NSPACE HOSTNAME
 * Runs the queries below one by one and prints "<name> rc=N" and one "  key=value" line per answer:
 *   namespaces  PMIX_QUERY_NAMESPACES
 *   job         PMIX_JOB_SIZE, PMIX_JOBID of OTHER_NSPACE
 *   node        PMIX_LOCAL_SIZE with PMIX_NODE_INFO, PMIX_HOSTNAME=HOSTNAME of OTHER_NSPACE
 *   app         PMIX_APP_SIZE with PMIX_APP_INFO, PMIX_APPNUM=1 of OTHER_NSPACE
 *   session     PMIX_UNIV_SIZE with PMIX_SESSION_INFO of OTHER_NSPACE
 *   rank        PMIX_LOCAL_RANK of OTHER_NSPACE rank 1
 *   host        svc.host.answer (only the host knows it)
 *   mixed       PMIX_JOB_SIZE and svc.host.answer of OTHER_NSPACE */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_value(const char *key, const pmix_value_t *v)
{
    switch (v->type) {
    case PMIX_STRING: printf("  %s=%s\n", key, v->data.string); break;
    case PMIX_UINT32: printf("  %s=%u\n", key, v->data.uint32); break;
    case PMIX_UINT16: printf("  %s=%u\n", key, v->data.uint16); break;
    case PMIX_INT: printf("  %s=%d\n", key, v->data.integer); break;
    case PMIX_SIZE: printf("  %s=%zu\n", key, v->data.size); break;
    case PMIX_PROC_RANK: printf("  %s=%u\n", key, v->data.rank); break;
    case PMIX_BOOL: printf("  %s=%s\n", key, v->data.flag ? "true" : "false"); break;
    default: printf("  %s=(type %d)\n", key, v->type); break;
    }
}

static void run(const char *name, const char *k1, const char *k2, pmix_info_t *quals, size_t nquals)
{
    pmix_query_t q;
    pmix_info_t *results = NULL;
    size_t nresults = 0, n;
    pmix_status_t rc;

    PMIX_QUERY_CONSTRUCT(&q);
    q.keys = (char **) calloc(3, sizeof(char *));
    q.keys[0] = strdup(k1);
    if (k2) {
        q.keys[1] = strdup(k2);
    }
    if (nquals > 0) {
        PMIX_INFO_CREATE(q.qualifiers, nquals);
        for (n = 0; n < nquals; n++) {
            PMIX_INFO_XFER(&q.qualifiers[n], &quals[n]);
        }
        q.nqual = nquals;
    }
    rc = PMIx_Query_info(&q, 1, &results, &nresults);
    printf("%s rc=%d\n", name, rc);
    for (n = 0; n < nresults; n++) {
        print_value(results[n].key, &results[n].value);
    }
    if (NULL != results) {
        PMIX_INFO_FREE(results, nresults);
    }
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t q[3];
    pmix_status_t rc;
    bool yes = true;
    uint32_t appnum = 1;
    pmix_rank_t one = 1;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 3) {
        fprintf(stderr, "usage: svc_query OTHER_NSPACE HOSTNAME\n");
        return 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    run("namespaces", PMIX_QUERY_NAMESPACES, NULL, NULL, 0);

    PMIX_INFO_LOAD(&q[0], PMIX_NSPACE, argv[1], PMIX_STRING);
    run("job", PMIX_JOB_SIZE, PMIX_JOBID, q, 1);

    PMIX_INFO_LOAD(&q[1], PMIX_NODE_INFO, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&q[2], PMIX_HOSTNAME, argv[2], PMIX_STRING);
    run("node", PMIX_LOCAL_SIZE, NULL, q, 3);

    PMIX_INFO_LOAD(&q[1], PMIX_APP_INFO, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&q[2], PMIX_APPNUM, &appnum, PMIX_UINT32);
    run("app", PMIX_APP_SIZE, NULL, q, 3);

    PMIX_INFO_LOAD(&q[1], PMIX_SESSION_INFO, &yes, PMIX_BOOL);
    run("session", PMIX_UNIV_SIZE, NULL, q, 2);

    PMIX_INFO_LOAD(&q[1], PMIX_RANK, &one, PMIX_PROC_RANK);
    run("rank", PMIX_LOCAL_RANK, NULL, q, 2);

    run("host", "svc.host.answer", NULL, NULL, 0);

    run("mixed", PMIX_JOB_SIZE, "svc.host.answer", q, 1);

    PMIx_Finalize(NULL, 0);
    return 0;
}
