/*
 * proc_table: the process tables a debugger reads, as a libpmix 4.2.2 tool or client asks for them.
 *
 *   proc_table tool SESSION_DIR SERVER_PID NS   a tool of the server of `pmix4j dvm` or `pmix4j run`
 *                                               (PMIX_SERVER_PIDINFO, PMIX_SERVER_TMPDIR): queries
 *                                               PMIX_QUERY_NAMESPACES, then PMIX_QUERY_PROC_TABLE and
 *                                               PMIX_QUERY_LOCAL_PROC_TABLE of NS (PMIX_NSPACE qualifier)
 *   proc_table client                           a process of a job: the same tables of its own job, once
 *                                               the full one has every process (10 s at most), between two
 *                                               fences so that every process is up and none has left
 * Prints
 *   me NS:R host H pid P                        (client: its PMIX_HOSTNAME and getpid())
 *   namespaces LIST                             (tool)
 *   query-status KEY STATUS
 *   table NS:R host H exe E pid P state S       one per row of PMIX_QUERY_PROC_TABLE
 *   local NS:R host H exe E pid P state S       one per row of PMIX_QUERY_LOCAL_PROC_TABLE
 * (a client prefixes each line with "rank R: "). Exit 0 when every query succeeded; 1 init failed, 2 a
 * query failed.
 */
#include <pmix_tool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char prefix[64] = "";

/* queries KEY about NS; prints the rows with LABEL; the number of rows, or -1 when the query failed */
static int table(const char *key, const char *ns, const char *label, int print)
{
    pmix_query_t q;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    pmix_status_t arc;
    PMIX_QUERY_CONSTRUCT(&q);
    PMIX_ARGV_APPEND(arc, q.keys, key);
    (void) arc;
    PMIX_INFO_CREATE(q.qualifiers, 1);
    q.nqual = 1;
    PMIX_INFO_LOAD(&q.qualifiers[0], PMIX_NSPACE, ns, PMIX_STRING);
    pmix_status_t rc = PMIx_Query_info(&q, 1, &results, &nresults);
    if (print) {
        printf("%squery-status %s %s\n", prefix, key, PMIx_Error_string(rc));
    }
    int rows = PMIX_SUCCESS == rc ? 0 : -1;
    for (size_t i = 0; i < nresults; i++) {
        pmix_value_t *v = &results[i].value;
        if (!PMIX_CHECK_KEY(&results[i], key) || PMIX_DATA_ARRAY != v->type || NULL == v->data.darray
            || PMIX_PROC_INFO != v->data.darray->type) {
            if (print) {
                printf("%s%s: not an array of pmix_proc_info_t (type %d)\n", prefix, key, (int) v->type);
            }
            rows = -1;
            continue;
        }
        pmix_proc_info_t *pi = (pmix_proc_info_t *) v->data.darray->array;
        for (size_t r = 0; r < v->data.darray->size; r++) {
            if (print) {
                printf("%s%s %s:%u host %s exe %s pid %d state %s\n", prefix, label, pi[r].proc.nspace,
                       pi[r].proc.rank, NULL == pi[r].hostname ? "none" : pi[r].hostname,
                       NULL == pi[r].executable_name ? "none" : pi[r].executable_name, (int) pi[r].pid,
                       PMIx_Proc_state_string(pi[r].state));
            }
            rows++;
        }
    }
    PMIX_QUERY_DESTRUCT(&q);
    if (NULL != results) {
        PMIX_INFO_FREE(results, nresults);
    }
    return rows;
}

static int namespaces(void)
{
    pmix_query_t q;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    pmix_status_t arc;
    PMIX_QUERY_CONSTRUCT(&q);
    PMIX_ARGV_APPEND(arc, q.keys, PMIX_QUERY_NAMESPACES);
    (void) arc;
    pmix_status_t rc = PMIx_Query_info(&q, 1, &results, &nresults);
    printf("query-status %s %s\n", PMIX_QUERY_NAMESPACES, PMIx_Error_string(rc));
    for (size_t i = 0; i < nresults; i++) {
        if (PMIX_STRING == results[i].value.type) {
            printf("namespaces %s\n", NULL == results[i].value.data.string ? "" : results[i].value.data.string);
        }
    }
    PMIX_QUERY_DESTRUCT(&q);
    if (NULL != results) {
        PMIX_INFO_FREE(results, nresults);
    }
    return PMIX_SUCCESS == rc ? 0 : 2;
}

static int as_tool(const char *dir, const char *server_pid, const char *ns)
{
    pmix_proc_t me;
    pmix_info_t info[2];
    pid_t pid = (pid_t) atoi(server_pid);
    PMIX_INFO_LOAD(&info[0], PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    PMIX_INFO_LOAD(&info[1], PMIX_SERVER_TMPDIR, dir, PMIX_STRING);
    pmix_status_t rc = PMIx_tool_init(&me, info, 2);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    int bad = namespaces();
    bad |= table(PMIX_QUERY_PROC_TABLE, ns, "table", 1) < 0 ? 2 : 0;
    bad |= table(PMIX_QUERY_LOCAL_PROC_TABLE, ns, "local", 1) < 0 ? 2 : 0;
    PMIx_tool_finalize();
    return bad;
}

static int as_client(void)
{
    pmix_proc_t me, wild;
    pmix_value_t *v = NULL;
    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    snprintf(prefix, sizeof(prefix), "rank %u: ", me.rank);
    char host[256] = "none";
    if (PMIX_SUCCESS == PMIx_Get(&me, PMIX_HOSTNAME, NULL, 0, &v) && PMIX_STRING == v->type) {
        snprintf(host, sizeof(host), "%s", v->data.string);
    }
    uint32_t size = 0;
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    if (PMIX_SUCCESS == PMIx_Get(&wild, PMIX_JOB_SIZE, NULL, 0, &v)) {
        size = v->data.uint32;
    }
    printf("%sme %s:%u host %s pid %d\n", prefix, me.nspace, me.rank, host, (int) getpid());
    PMIx_Fence(&wild, 1, NULL, 0);
    /* the launcher learns of a process on another node a moment after the process starts */
    for (int i = 0; i < 100 && table(PMIX_QUERY_PROC_TABLE, me.nspace, "table", 0) < (int) size; i++) {
        usleep(100000);
    }
    int bad = table(PMIX_QUERY_PROC_TABLE, me.nspace, "table", 1) < 0 ? 2 : 0;
    bad |= table(PMIX_QUERY_LOCAL_PROC_TABLE, me.nspace, "local", 1) < 0 ? 2 : 0;
    fflush(stdout);
    PMIx_Fence(&wild, 1, NULL, 0);
    PMIx_Finalize(NULL, 0);
    return bad;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc == 5 && 0 == strcmp(argv[1], "tool")) {
        return as_tool(argv[2], argv[3], argv[4]);
    }
    if (argc == 2 && 0 == strcmp(argv[1], "client")) {
        return as_client();
    }
    fprintf(stderr, "usage: proc_table tool SESSION_DIR SERVER_PID NS | proc_table client\n");
    return 2;
}
