/* spawn client for the service-handler tests: spawns "/bin/echo spawned" with 2 processes and job
 * directive svc.directive=42, then reads the new job's data that came with the reply.
 * Prints "spawn rc=N nspace=S", "child job.size=N", "child svc.spawned=S". */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    pmix_proc_t me, child;
    pmix_app_t app;
    pmix_info_t jinfo, optional;
    pmix_value_t *val;
    pmix_nspace_t nspace;
    pmix_status_t rc;
    int fortytwo = 42;
    bool yes = true;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup("/bin/echo");
    app.argv = (char **) calloc(3, sizeof(char *));
    app.argv[0] = strdup("echo");
    app.argv[1] = strdup("spawned");
    app.maxprocs = 2;
    PMIX_INFO_LOAD(&jinfo, "svc.directive", &fortytwo, PMIX_INT);
    rc = PMIx_Spawn(&jinfo, 1, &app, 1, nspace);
    printf("spawn rc=%d nspace=%s\n", rc, nspace);
    if (PMIX_SUCCESS == rc) {
        PMIX_INFO_LOAD(&optional, PMIX_OPTIONAL, &yes, PMIX_BOOL);
        PMIX_LOAD_PROCID(&child, nspace, PMIX_RANK_WILDCARD);
        if (PMIX_SUCCESS == (rc = PMIx_Get(&child, PMIX_JOB_SIZE, &optional, 1, &val))) {
            printf("child job.size=%u\n", val->data.uint32);
            PMIX_VALUE_RELEASE(val);
        } else {
            printf("child job.size rc=%d\n", rc);
        }
        if (PMIX_SUCCESS == (rc = PMIx_Get(&child, "svc.spawned", &optional, 1, &val))) {
            printf("child svc.spawned=%s\n", PMIX_STRING == val->type ? val->data.string : "?");
            PMIX_VALUE_RELEASE(val);
        } else {
            printf("child svc.spawned rc=%d\n", rc);
        }
    }
    PMIx_Finalize(NULL, 0);
    return 0;
}
