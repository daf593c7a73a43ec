/*
 * session_client: a PMIx client that prints what it learns of its session and then sleeps.
 *
 *   session_client DIR
 *
 * After PMIx_Init, reads its session's id (PMIx_Query_info of PMIX_SESSION_ID with PMIX_SESSION_INFO: a 4.2.2
 * client's PMIx_Get never finds the id by its key), PMIX_MAX_PROCS qualified
 * with PMIX_SESSION_INFO, and its job's PMIX_NSDIR, and writes "rank <r> session-id <n|status name>", "rank <r> session-max-procs <n|status
 * name>" and "rank <r> nsdir <path|status name>" to DIR/client.<rank> (whole, by rename: output forwarded
 * to a tool can be lost when the job ends before the tool's spawn returned); then finalizes. Exit 0, 1 when
 * PMIx_Init failed, 2 when the file cannot be written.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void print_u32(FILE *out, const pmix_proc_t *me, const char *label, const char *key, int session_qualified)
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
        fprintf(out, "rank %u %s %u\n", me->rank, label, v->data.uint32);
    } else if (PMIX_SUCCESS == rc && PMIX_STRING == v->type) {
        fprintf(out, "rank %u %s %s\n", me->rank, label, v->data.string);
    } else {
        fprintf(out, "rank %u %s %s\n", me->rank, label, PMIX_SUCCESS == rc ? "other-type" : PMIx_Error_string(rc));
    }
    if (NULL != v) PMIX_VALUE_RELEASE(v);
}

/* the session's id, as the server answers PMIx_Query_info(PMIX_SESSION_ID) with PMIX_SESSION_INFO for our job */
static void print_session_id(FILE *out, const pmix_proc_t *me)
{
    pmix_query_t *query;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    pmix_status_t arc, rc;
    bool yes = true;
    const pmix_value_t *found = NULL;

    PMIX_QUERY_CREATE(query, 1);
    PMIX_ARGV_APPEND(arc, query[0].keys, PMIX_SESSION_ID);
    (void) arc;
    PMIX_QUERY_QUALIFIERS_CREATE(&query[0], 2);
    PMIX_INFO_LOAD(&query[0].qualifiers[0], PMIX_SESSION_INFO, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&query[0].qualifiers[1], PMIX_NSPACE, me->nspace, PMIX_STRING);
    rc = PMIx_Query_info(query, 1, &results, &nresults);
    for (size_t i = 0; PMIX_SUCCESS == rc && i < nresults && NULL == found; i++) {
        if (PMIX_CHECK_KEY(&results[i], PMIX_SESSION_ID)) {
            found = &results[i].value;
        } else if (PMIX_CHECK_KEY(&results[i], PMIX_QUERY_RESULTS) && PMIX_DATA_ARRAY == results[i].value.type &&
                   PMIX_INFO == results[i].value.data.darray->type) {
            const pmix_info_t *in = (const pmix_info_t *) results[i].value.data.darray->array;
            for (size_t j = 0; j < results[i].value.data.darray->size; j++) {
                if (PMIX_CHECK_KEY(&in[j], PMIX_SESSION_ID)) found = &in[j].value;
            }
        }
    }
    if (NULL != found && PMIX_UINT32 == found->type) {
        fprintf(out, "rank %u session-id %u\n", me->rank, found->data.uint32);
    } else {
        fprintf(out, "rank %u session-id %s\n", me->rank, PMIX_SUCCESS != rc ? PMIx_Error_string(rc) : "absent");
    }
    if (NULL != results) PMIX_INFO_FREE(results, nresults);
    PMIX_QUERY_FREE(query, 1);
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_status_t rc;
    char tmp[4096], path[4096];

    if (argc != 2) {
        fprintf(stderr, "usage: session_client DIR\n");
        return 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    snprintf(tmp, sizeof(tmp), "%s/.client.%u", argv[1], me.rank);
    snprintf(path, sizeof(path), "%s/client.%u", argv[1], me.rank);
    FILE *out = fopen(tmp, "w");
    if (NULL == out) {
        PMIx_Finalize(NULL, 0);
        return 2;
    }
    print_session_id(out, &me);
    print_u32(out, &me, "session-max-procs", PMIX_MAX_PROCS, 1);
    print_u32(out, &me, "nsdir", PMIX_NSDIR, 0);
    fclose(out);
    rename(tmp, path);
    PMIx_Finalize(NULL, 0);
    return 0;
}
