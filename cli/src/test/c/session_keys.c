/*
 * session_keys: what a libpmix 4.2.2 client reads of its session and of the node-level and process-level keys
 * PMIX_LOCAL_PROCS, PMIX_AVAIL_PHYS_MEMORY and PMIX_PACKAGE_RANK. One line per read, each "R<rank> WHAT
 * RESULT", where RESULT is "ok VALUE" or "err STATUS" (the PMIx status name), or "badtype TYPE" when the
 * value came with another type than the Standard's:
 *
 *   R0 nspace                  its namespace (from PMIx_Init)
 *   R0 session-id get          PMIx_Get(PMIX_SESSION_ID) with PMIX_SESSION_INFO (a 4.2.2 client never
 *                              finds it: it keeps the id as its session tracker's name, not among the values)
 *   R0 session-id array        the id inside the session array a Get with a NULL key and PMIX_SESSION_INFO
 *                              returns (libpmix puts it first in that array)
 *   R0 session-id query        PMIx_Query_info(PMIX_SESSION_ID) with PMIX_SESSION_INFO (answered by the
 *                              server)
 *   R0 session KEY             KEY with PMIX_SESSION_INFO, for PMIX_MAX_PROCS, PMIX_UNIV_SIZE,
 *                              PMIX_NUM_NODES, PMIX_NODE_LIST
 *   R0 session+id KEY          the same with PMIX_SESSION_INFO and PMIX_SESSION_ID = the id the array gave
 *   R0 job KEY                 KEY unqualified (the job's PMIX_MAX_PROCS, PMIX_NUM_NODES, PMIX_NODE_LIST)
 *   R0 local-procs plain|node  PMIX_LOCAL_PROCS unqualified and with PMIX_NODE_INFO: "ns:rank,ns:rank"
 *   R0 memory plain|node       PMIX_AVAIL_PHYS_MEMORY likewise (bytes)
 *   R0 package-rank R          PMIX_PACKAGE_RANK of process R of the job, for every R
 *   R0 locality R              PMIX_LOCALITY_STRING of process R ("err" when it is unbound)
 *
 * PMIX_SESSION_INFO is put first among the qualifiers: PMIx_Get_nb in 4.2.2 looks for it at info[0] only.
 * Exit: 0 when it could connect and finalize (the test judges the lines), 1 otherwise.
 */
#include <pmix.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pmix_proc_t me;

static void render(const pmix_value_t *v, char *buf, size_t len)
{
    switch (v->type) {
    case PMIX_STRING: snprintf(buf, len, "%s", v->data.string ? v->data.string : "(null)"); break;
    case PMIX_UINT32: snprintf(buf, len, "%u", v->data.uint32); break;
    case PMIX_UINT16: snprintf(buf, len, "%u", (unsigned) v->data.uint16); break;
    case PMIX_UINT64: snprintf(buf, len, "%lu", (unsigned long) v->data.uint64); break;
    case PMIX_DATA_ARRAY:
        if (NULL != v->data.darray && PMIX_PROC == v->data.darray->type) {
            const pmix_proc_t *p = (const pmix_proc_t *) v->data.darray->array;
            size_t n = 0;
            buf[0] = '\0';
            for (size_t i = 0; i < v->data.darray->size && n < len; i++) {
                n += snprintf(buf + n, len - n, "%s%s:%u", i ? "," : "", p[i].nspace, p[i].rank);
            }
            break;
        }
        /* fall through */
    default: {
        char *s = PMIx_Value_string(v);
        snprintf(buf, len, "%s", s ? s : "?");
        free(s);
    }
    }
}

static void print(const char *what, pmix_status_t rc, const pmix_value_t *v, pmix_data_type_t expected)
{
    char buf[8192];
    if (PMIX_SUCCESS != rc) {
        printf("R%u %s err %s\n", me.rank, what, PMIx_Error_string(rc));
    } else if (v->type != expected ||
               (PMIX_DATA_ARRAY == expected && (NULL == v->data.darray || PMIX_PROC != v->data.darray->type))) {
        printf("R%u %s badtype %s\n", me.rank, what, PMIx_Data_type_string(v->type));
    } else {
        render(v, buf, sizeof(buf));
        printf("R%u %s ok %s\n", me.rank, what, buf);
    }
}

/* PMIx_Get of KEY of process RANK of the job with the given qualifiers, printed as WHAT */
static void get(const char *what, pmix_rank_t rank, const char *key, pmix_info_t *quals, size_t nquals,
                pmix_data_type_t expected)
{
    pmix_proc_t p;
    pmix_value_t *val = NULL;
    PMIX_LOAD_PROCID(&p, me.nspace, rank);
    pmix_status_t rc = PMIx_Get(&p, key, quals, nquals, &val);
    print(what, rc, val, expected);
    if (NULL != val) PMIX_VALUE_RELEASE(val);
}

/* the PMIX_SESSION_ID inside whatever a NULL-key session Get returned (infos, nested arrays) */
static bool find_id(const pmix_value_t *v, uint32_t *id)
{
    if (PMIX_DATA_ARRAY != v->type || NULL == v->data.darray || PMIX_INFO != v->data.darray->type) {
        return false;
    }
    const pmix_info_t *in = (const pmix_info_t *) v->data.darray->array;
    for (size_t i = 0; i < v->data.darray->size; i++) {
        if (PMIX_CHECK_KEY(&in[i], PMIX_SESSION_ID) && PMIX_UINT32 == in[i].value.type) {
            *id = in[i].value.data.uint32;
            return true;
        }
        if (find_id(&in[i].value, id)) {
            return true;
        }
    }
    return false;
}

static void query_id(void)
{
    pmix_query_t *query;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    pmix_status_t arc;
    bool t = true;
    PMIX_QUERY_CREATE(query, 1);
    PMIX_ARGV_APPEND(arc, query[0].keys, PMIX_SESSION_ID);
    (void) arc;
    PMIX_QUERY_QUALIFIERS_CREATE(&query[0], 2);
    PMIX_INFO_LOAD(&query[0].qualifiers[0], PMIX_SESSION_INFO, &t, PMIX_BOOL);
    PMIX_INFO_LOAD(&query[0].qualifiers[1], PMIX_NSPACE, me.nspace, PMIX_STRING);
    pmix_status_t rc = PMIx_Query_info(query, 1, &results, &nresults);
    const pmix_value_t *found = NULL;
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
    if (PMIX_SUCCESS == rc && NULL == found) rc = PMIX_ERR_NOT_FOUND;
    print("session-id query", rc, found, PMIX_UINT32);
    if (NULL != results) PMIX_INFO_FREE(results, nresults);
    PMIX_QUERY_FREE(query, 1);
}

int main(void)
{
    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    bool t = true;
    pmix_info_t q[2];
    char what[128];
    printf("R%u nspace ok %s\n", me.rank, me.nspace);

    /* the session id, three ways */
    PMIX_INFO_LOAD(&q[0], PMIX_SESSION_INFO, &t, PMIX_BOOL);
    get("session-id get", PMIX_RANK_WILDCARD, PMIX_SESSION_ID, q, 1, PMIX_UINT32);
    uint32_t sid = UINT32_MAX;
    {
        pmix_value_t *val = NULL;
        rc = PMIx_Get(&me, NULL, q, 1, &val);
        if (PMIX_SUCCESS == rc && find_id(val, &sid)) {
            printf("R%u session-id array ok %u\n", me.rank, sid);
        } else {
            printf("R%u session-id array err %s\n", me.rank,
                   PMIX_SUCCESS == rc ? "PMIX_SESSION_ID not in the result" : PMIx_Error_string(rc));
        }
        if (NULL != val) PMIX_VALUE_RELEASE(val);
    }
    query_id();

    /* session level, with PMIX_SESSION_INFO alone and with the session's id */
    const char *keys[] = {PMIX_MAX_PROCS, PMIX_UNIV_SIZE, PMIX_NUM_NODES, PMIX_NODE_LIST};
    const char *names[] = {"PMIX_MAX_PROCS", "PMIX_UNIV_SIZE", "PMIX_NUM_NODES", "PMIX_NODE_LIST"};
    const pmix_data_type_t types[] = {PMIX_UINT32, PMIX_UINT32, PMIX_UINT32, PMIX_STRING};
    for (int k = 0; k < 4; k++) {
        snprintf(what, sizeof(what), "session %s", names[k]);
        get(what, PMIX_RANK_WILDCARD, keys[k], q, 1, types[k]);
        PMIX_INFO_LOAD(&q[1], PMIX_SESSION_ID, &sid, PMIX_UINT32);
        snprintf(what, sizeof(what), "session+id %s", names[k]);
        get(what, PMIX_RANK_WILDCARD, keys[k], q, 2, types[k]);
        PMIX_INFO_DESTRUCT(&q[1]);
        if (0 != strcmp(keys[k], PMIX_UNIV_SIZE)) {
            snprintf(what, sizeof(what), "job %s", names[k]);
            get(what, PMIX_RANK_WILDCARD, keys[k], NULL, 0, types[k]);
        }
    }
    PMIX_INFO_DESTRUCT(&q[0]);

    /* node level: this node */
    PMIX_INFO_LOAD(&q[0], PMIX_NODE_INFO, &t, PMIX_BOOL);
    get("local-procs plain", PMIX_RANK_WILDCARD, PMIX_LOCAL_PROCS, NULL, 0, PMIX_DATA_ARRAY);
    get("local-procs node", PMIX_RANK_WILDCARD, PMIX_LOCAL_PROCS, q, 1, PMIX_DATA_ARRAY);
    get("memory plain", PMIX_RANK_WILDCARD, PMIX_AVAIL_PHYS_MEMORY, NULL, 0, PMIX_UINT64);
    get("memory node", PMIX_RANK_WILDCARD, PMIX_AVAIL_PHYS_MEMORY, q, 1, PMIX_UINT64);
    PMIX_INFO_DESTRUCT(&q[0]);

    /* process level: every process of the job */
    pmix_value_t *sz = NULL;
    pmix_proc_t wild;
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    uint32_t size = 0;
    if (PMIX_SUCCESS == PMIx_Get(&wild, PMIX_JOB_SIZE, NULL, 0, &sz)) {
        size = sz->data.uint32;
        PMIX_VALUE_RELEASE(sz);
    }
    /* optional: what the job data gave, without a round trip to the server for a key an unbound process
     * does not have */
    PMIX_INFO_LOAD(&q[0], PMIX_OPTIONAL, &t, PMIX_BOOL);
    for (uint32_t r = 0; r < size; r++) {
        snprintf(what, sizeof(what), "package-rank %u", r);
        get(what, r, PMIX_PACKAGE_RANK, q, 1, PMIX_UINT16);
        snprintf(what, sizeof(what), "locality %u", r);
        get(what, r, PMIX_LOCALITY_STRING, q, 1, PMIX_STRING);
    }
    PMIX_INFO_DESTRUCT(&q[0]);
    printf("R%u done\n", me.rank);
    fflush(stdout);

    rc = PMIx_Finalize(NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_Finalize failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    return 0;
}
