/* the job of the authorisation test, which another user tries to disturb. Usage: authz_victim GO_FILE
 * Each rank initializes and prints "victim rank R ready"; rank 0 also prints "victim nspace NS" and its
 * PMIx environment ("victim env K=V"), what a peer pretending to be it would need. Then each waits (at most
 * 120 s) until GO_FILE exists, rank 0 prints what it read on stdin ("victim stdin [...]"), and all fence,
 * finalize and print "victim rank R done". */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv)
{
    pmix_proc_t me, all;
    pmix_status_t rc;
    char buf[4096];
    size_t got = 0;
    ssize_t n;
    int i;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 2) {
        fprintf(stderr, "usage: authz_victim GO_FILE\n");
        return 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("victim rank %u ready\n", me.rank);
    if (0 == me.rank) {
        printf("victim nspace %s\n", me.nspace);
        for (i = 0; NULL != environ[i]; i++) {
            if (0 == strncmp(environ[i], "PMIX_", 5)) {
                printf("victim env %s\n", environ[i]);
            }
        }
    }
    for (i = 0; i < 2400 && 0 != access(argv[1], F_OK); i++) {
        usleep(50000);
    }
    if (0 != access(argv[1], F_OK)) {
        printf("victim rank %u was never told to go on\n", me.rank);
        return 3;
    }
    if (0 == me.rank) {
        while (got < sizeof(buf) - 1 && (n = read(0, buf + got, sizeof(buf) - 1 - got)) > 0) {
            got += (size_t) n;
        }
        buf[got] = '\0';
        printf("victim stdin [%s]\n", buf);
    }
    PMIX_LOAD_PROCID(&all, me.nspace, PMIX_RANK_WILDCARD);
    if (PMIX_SUCCESS != (rc = PMIx_Fence(&all, 1, NULL, 0))) {
        printf("victim rank %u fence failed: %s\n", me.rank, PMIx_Error_string(rc));
        return 4;
    }
    PMIx_Finalize(NULL, 0);
    printf("victim rank %u done\n", me.rank);
    return 0;
}
