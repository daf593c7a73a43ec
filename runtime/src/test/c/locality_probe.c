/*
 * Prints what libpmix's server library makes of CPU sets on this node (or on the fake one HWLOC_FSROOT
 * points hwloc at): for each argument, a CPU list such as "0-1", one line
 *   <list> TAB <PMIx_server_generate_locality_string result, or NULL>
 * The placement tests compare it with NodeTopology.localityString.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pmix.h>
#include <pmix_server.h>

int main(int argc, char **argv)
{
    pmix_info_t info[1];
    const char *tmp = getenv("PROBE_TMPDIR");
    PMIX_INFO_LOAD(&info[0], PMIX_SERVER_TMPDIR, tmp != NULL ? tmp : "/tmp", PMIX_STRING);
    pmix_status_t rc = PMIx_server_init(NULL, info, 1);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_server_init failed: %s\n", PMIx_Error_string(rc));
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        char spec[256];
        pmix_cpuset_t cpuset;
        char *locality = NULL;
        PMIX_CPUSET_CONSTRUCT(&cpuset);
        snprintf(spec, sizeof(spec), "hwloc:%s", argv[i]);
        rc = PMIx_Parse_cpuset_string(spec, &cpuset);
        if (PMIX_SUCCESS != rc) {
            fprintf(stderr, "PMIx_Parse_cpuset_string(%s) failed: %s\n", spec, PMIx_Error_string(rc));
            return 3;
        }
        rc = PMIx_server_generate_locality_string(&cpuset, &locality);
        if (PMIX_SUCCESS != rc) {
            fprintf(stderr, "PMIx_server_generate_locality_string(%s) failed: %s\n", argv[i], PMIx_Error_string(rc));
            return 4;
        }
        printf("%s\t%s\n", argv[i], NULL == locality ? "NULL" : locality);
        free(locality);
    }
    fflush(stdout);
    PMIx_server_finalize();
    return 0;
}
