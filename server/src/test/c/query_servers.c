/* A tool that asks which servers it could connect to. Usage: query_servers SERVER_URI
 * Connects to the server, queries PMIX_QUERY_AVAIL_SERVERS and prints one line per server found:
 * "server <nspace> rank <rank> pid <pid>", then "found <n>". libpmix 4.2.2 answers this query in
 * the tool library itself, from the rendezvous files under its system tmpdir (PMIX_SYSTEM_TMPDIR or
 * TMPDIR). Exit 0 when the query succeeded, 1 when tool_init failed, 2 when the query failed. */
#include <pmix_tool.h>
#include <stdio.h>
#include <string.h>

static void print_server(const pmix_data_array_t *arr)
{
    const pmix_info_t *s = (const pmix_info_t *) arr->array;
    const char *nspace = "?";
    unsigned rank = 0, pid = 0;
    for (size_t j = 0; j < arr->size; j++) {
        if (PMIX_CHECK_KEY(&s[j], PMIX_SERVER_NSPACE)) {
            nspace = s[j].value.data.string;
        } else if (PMIX_CHECK_KEY(&s[j], PMIX_SERVER_RANK)) {
            rank = s[j].value.data.rank;
        } else if (PMIX_CHECK_KEY(&s[j], PMIX_SERVER_PIDINFO)) {
            pid = PMIX_UINT32 == s[j].value.type ? s[j].value.data.uint32 : (unsigned) s[j].value.data.pid;
        }
    }
    printf("server %s rank %u pid %u\n", nspace, rank, pid);
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t info, *results = NULL;
    size_t nresults = 0, found = 0;
    pmix_query_t query;
    pmix_status_t rc;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc != 2) {
        fprintf(stderr, "usage: query_servers SERVER_URI\n");
        return 2;
    }
    PMIX_INFO_LOAD(&info, PMIX_SERVER_URI, argv[1], PMIX_STRING);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, &info, 1))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_QUERY_CONSTRUCT(&query);
    PMIX_ARGV_APPEND(rc, query.keys, PMIX_QUERY_AVAIL_SERVERS);
    rc = PMIx_Query_info(&query, 1, &results, &nresults);
    printf("query %s\n", PMIx_Error_string(rc));
    for (size_t n = 0; PMIX_SUCCESS == rc && n < nresults; n++) {
        if (PMIX_CHECK_KEY(&results[n], PMIX_SERVER_INFO_ARRAY) && PMIX_DATA_ARRAY == results[n].value.type) {
            print_server(results[n].value.data.darray);
            found++;
        }
    }
    printf("found %zu\n", found);
    PMIx_tool_finalize();
    return PMIX_SUCCESS == rc ? 0 : 2;
}
