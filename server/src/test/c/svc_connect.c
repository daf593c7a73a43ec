/* connect/disconnect client for the service-handler tests.
 * Usage: svc_connect OTHER_NSPACE   connect {own,*} with {OTHER,*}, read the other job's data, disconnect
 *        svc_connect - self          connect {own,*} alone (to test a participant that vanishes)
 *        svc_connect die             init and exit at once without finalizing
 * Prints "connect rc=N", "other job.size=N" / "other svc.color=S" (or "... rc=N"), "disconnect rc=N". */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    pmix_proc_t me, procs[2], other;
    pmix_value_t *val;
    pmix_info_t optional, timeout;
    pmix_status_t rc;
    size_t nprocs = 2;
    int secs = 30;
    bool yes = true;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 2) {
        fprintf(stderr, "usage: svc_connect OTHER_NSPACE | - self | die\n");
        return 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("init %s:%u\n", me.nspace, me.rank);
    if (!strcmp(argv[1], "die")) {
        _exit(0);
    }
    PMIX_LOAD_PROCID(&procs[0], me.nspace, PMIX_RANK_WILDCARD);
    if (!strcmp(argv[1], "-")) {
        nprocs = 1;
    } else {
        PMIX_LOAD_PROCID(&procs[1], argv[1], PMIX_RANK_WILDCARD);
    }
    PMIX_INFO_LOAD(&timeout, PMIX_TIMEOUT, &secs, PMIX_INT);
    rc = PMIx_Connect(procs, nprocs, &timeout, 1);
    printf("connect rc=%d\n", rc);
    if (PMIX_SUCCESS == rc && 2 == nprocs) {
        /* optional: the data must already be here (from the connect reply), no request to the server */
        PMIX_INFO_LOAD(&optional, PMIX_OPTIONAL, &yes, PMIX_BOOL);
        PMIX_LOAD_PROCID(&other, argv[1], PMIX_RANK_WILDCARD);
        if (PMIX_SUCCESS == (rc = PMIx_Get(&other, PMIX_JOB_SIZE, &optional, 1, &val))) {
            printf("other job.size=%u\n", val->data.uint32);
            PMIX_VALUE_RELEASE(val);
        } else {
            printf("other job.size rc=%d\n", rc);
        }
        if (PMIX_SUCCESS == (rc = PMIx_Get(&other, "svc.color", &optional, 1, &val))) {
            printf("other svc.color=%s\n", PMIX_STRING == val->type ? val->data.string : "?");
            PMIX_VALUE_RELEASE(val);
        } else {
            printf("other svc.color rc=%d\n", rc);
        }
        rc = PMIx_Disconnect(procs, nprocs, NULL, 0);
        printf("disconnect rc=%d\n", rc);
    }
    PMIx_Finalize(NULL, 0);
    return 0;
}
