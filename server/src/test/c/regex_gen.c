/*
 * Test helper for pmix4j's regex tests: asks the installed libpmix to generate node and ppn regexes.
 *
 * Input (stdin), one request per line:
 *   N <comma-separated node names>      -> PMIx_generate_regex
 *   P <semicolon-separated rank lists>  -> PMIx_generate_ppn
 *   n <regex>                           -> libpmix's own node-regex parser
 *   p <regex>                           -> libpmix's own ppn-regex parser
 * Output (stdout), one line per request: "OK <result>" or "ERR <status>". For n the result is
 * "<count> <names joined by ','>", for p "<count> <per-node lists joined by ';'>".
 *
 * The parsers are libpmix-internal (exported, but not in the public headers); the test uses them only
 * to check libpmix's view of a regex against ours.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <pmix_tool.h>
#include <pmix_server.h>

/* exported by libpmix 4.2.2 (src/mca/preg/base), not declared in its public headers */
extern pmix_status_t pmix_preg_base_parse_nodes(const char *regexp, char ***names);
extern pmix_status_t pmix_preg_base_parse_procs(const char *regexp, char ***procs);

static void print_argv(char **argv, char sep)
{
    int count = 0, i;
    for (i = 0; NULL != argv && NULL != argv[i]; i++) {
        count++;
    }
    printf("OK %d ", count);
    for (i = 0; i < count; i++) {
        if (i > 0) {
            putchar(sep);
        }
        fputs(argv[i], stdout);
        free(argv[i]);
    }
    putchar('\n');
    free(argv);
}

int main(void)
{
    pmix_proc_t me;
    pmix_info_t info;
    bool t = true;
    pmix_status_t rc;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;

    PMIX_INFO_LOAD(&info, PMIX_TOOL_DO_NOT_CONNECT, &t, PMIX_BOOL);
    rc = PMIx_tool_init(&me, &info, 1);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    while ((n = getline(&line, &cap, stdin)) > 0) {
        char *regex = NULL;
        if (line[n - 1] == '\n') {
            line[--n] = '\0';
        }
        if (n < 2 || line[1] != ' ') {
            printf("ERR bad-request\n");
            continue;
        }
        if (line[0] == 'n' || line[0] == 'p') {
            char **argv = NULL;
            rc = line[0] == 'n' ? pmix_preg_base_parse_nodes(line + 2, &argv)
                                : pmix_preg_base_parse_procs(line + 2, &argv);
            if (PMIX_SUCCESS != rc) {
                printf("ERR %d\n", rc);
            } else {
                print_argv(argv, line[0] == 'n' ? ',' : ';');
            }
            fflush(stdout);
            continue;
        }
        if (line[0] == 'N') {
            rc = PMIx_generate_regex(line + 2, &regex);
        } else if (line[0] == 'P') {
            rc = PMIx_generate_ppn(line + 2, &regex);
        } else {
            printf("ERR bad-request\n");
            continue;
        }
        if (PMIX_SUCCESS != rc || NULL == regex) {
            printf("ERR %d\n", rc);
        } else {
            printf("OK %s\n", regex);
            free(regex);
        }
        fflush(stdout);
    }
    free(line);
    PMIx_tool_finalize();
    return 0;
}
