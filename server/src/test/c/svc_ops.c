/* log, job control and the other host-bound requests, for the service-handler tests.
 * Usage: svc_ops CLEANUP_DIR   (an absolute directory to register for cleanup)
 * Prints one line per call: "<name> rc=N" and, where the call returns infos, "  key=value". */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_infos(pmix_info_t *info, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        switch (info[i].value.type) {
        case PMIX_STRING: printf("  %s=%s\n", info[i].key, info[i].value.data.string); break;
        case PMIX_SIZE: printf("  %s=%zu\n", info[i].key, info[i].value.data.size); break;
        case PMIX_UINT32: printf("  %s=%u\n", info[i].key, info[i].value.data.uint32); break;
        case PMIX_INT: printf("  %s=%d\n", info[i].key, info[i].value.data.integer); break;
        default: printf("  %s=(type %d)\n", info[i].key, info[i].value.type); break;
        }
    }
}

int main(int argc, char **argv)
{
    pmix_proc_t me, target;
    pmix_info_t data[2], dirs[3], *results = NULL, monitor;
    size_t nresults = 0;
    pmix_status_t rc;
    bool yes = true;
    uint64_t nodes = 2;
    int sig = 15;
    uint32_t rate = 5;
    pmix_byte_object_t cred;
    pmix_fabric_t fabric;
    char *grp = "svcgroup";

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 2) {
        fprintf(stderr, "usage: svc_ops CLEANUP_DIR\n");
        return 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }

    /* log */
    PMIX_INFO_LOAD(&data[0], PMIX_LOG_STDERR, "svc log line", PMIX_STRING);
    PMIX_INFO_LOAD(&dirs[0], PMIX_LOG_GENERATE_TIMESTAMP, &yes, PMIX_BOOL);
    rc = PMIx_Log(data, 1, dirs, 1);
    printf("log rc=%d\n", rc);

    /* cleanup registrations only: answered by the server itself */
    PMIX_INFO_LOAD(&dirs[0], PMIX_REGISTER_CLEANUP_DIR, argv[1], PMIX_STRING);
    PMIX_INFO_LOAD(&dirs[1], PMIX_CLEANUP_RECURSIVE, &yes, PMIX_BOOL);
    rc = PMIx_Job_control(NULL, 0, dirs, 2, &results, &nresults);
    printf("cleanup rc=%d\n", rc);
    PMIX_INFO_LOAD(&dirs[0], PMIX_REGISTER_CLEANUP, "relative/file", PMIX_STRING);
    rc = PMIx_Job_control(&me, 1, dirs, 1, &results, &nresults);
    printf("cleanup-relative rc=%d\n", rc);

    /* a real job control request, plus a cleanup file: the host sees only the signal */
    PMIX_LOAD_PROCID(&target, me.nspace, 1);
    PMIX_INFO_LOAD(&dirs[0], PMIX_JOB_CTRL_SIGNAL, &sig, PMIX_INT);
    PMIX_INFO_LOAD(&dirs[1], PMIX_REGISTER_CLEANUP, "/tmp/svc-cleanup-file", PMIX_STRING);
    results = NULL;
    nresults = 0;
    rc = PMIx_Job_control(&target, 1, dirs, 2, &results, &nresults);
    printf("jobctl rc=%d\n", rc);
    print_infos(results, nresults);

    /* allocation */
    PMIX_INFO_LOAD(&dirs[0], PMIX_ALLOC_NUM_NODES, &nodes, PMIX_UINT64);
    results = NULL;
    nresults = 0;
    rc = PMIx_Allocation_request(PMIX_ALLOC_NEW, dirs, 1, &results, &nresults);
    printf("alloc rc=%d\n", rc);
    print_infos(results, nresults);

    /* monitor */
    PMIX_INFO_LOAD(&monitor, PMIX_MONITOR_HEARTBEAT, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&dirs[0], PMIX_MONITOR_HEARTBEAT_TIME, &rate, PMIX_UINT32);
    results = NULL;
    nresults = 0;
    rc = PMIx_Process_monitor(&monitor, PMIX_MONITOR_HEARTBEAT_ALERT, dirs, 1, &results, &nresults);
    printf("monitor rc=%d\n", rc);
    print_infos(results, nresults);

    /* credentials */
    PMIX_BYTE_OBJECT_CONSTRUCT(&cred);
    rc = PMIx_Get_credential(NULL, 0, &cred);
    printf("getcred rc=%d cred=%.*s\n", rc, (int) cred.size, cred.bytes ? cred.bytes : "");
    if (PMIX_SUCCESS != rc) {
        cred.bytes = strdup("FAKE");
        cred.size = 4;
    }
    results = NULL;
    nresults = 0;
    rc = PMIx_Validate_credential(&cred, NULL, 0, &results, &nresults);
    printf("validate rc=%d\n", rc);
    print_infos(results, nresults);

    /* groups */
    PMIX_INFO_LOAD(&dirs[0], PMIX_GROUP_ASSIGN_CONTEXT_ID, &yes, PMIX_BOOL);
    results = NULL;
    nresults = 0;
    rc = PMIx_Group_construct(grp, &me, 1, dirs, 1, &results, &nresults);
    printf("group-construct rc=%d\n", rc);
    print_infos(results, nresults);
    rc = PMIx_Group_leave(grp, NULL, 0);
    printf("group-leave rc=%d\n", rc);
    rc = PMIx_Group_destruct(grp, NULL, 0);
    printf("group-destruct rc=%d\n", rc);

    /* fabric */
    PMIX_FABRIC_CONSTRUCT(&fabric);
    fabric.name = "svcfabric";
    PMIX_INFO_LOAD(&dirs[0], "svc.fabric.plane", "A", PMIX_STRING);
    rc = PMIx_Fabric_register(&fabric, dirs, 1);
    printf("fabric-register rc=%d\n", rc);
    print_infos(fabric.info, fabric.ninfo);
    fabric.index = 7;
    rc = PMIx_Fabric_update(&fabric);
    printf("fabric-update rc=%d\n", rc);

    PMIx_Finalize(NULL, 0);
    return 0;
}
