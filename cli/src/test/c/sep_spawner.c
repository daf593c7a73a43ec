/*
 * sep_spawner: a PMIx client that spawns three one-process jobs of its own and ends before them, to show
 * which child jobs end with their parent job.
 *
 *   sep_spawner DIR PROGRAM ARG1 ARG2 ARG3
 *
 * Spawns PROGRAM ARG1 with no directive, PROGRAM ARG2 with PMIX_SPAWN_CHILD_SEP, PROGRAM ARG3 with no
 * directive, printing "spawned <n> <status name> <nspace>" for each (n = 1, 2, 3); then waits (30 s at
 * most) until DIR/go exists and exits. Exit 0, 1 when PMIx_Init failed, 3 when a spawn failed.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PMIX_SPAWN_CHILD_SEP
/* OpenPMIx 5's attribute, which libpmix 4.2.2 passes on like any key */
#define PMIX_SPAWN_CHILD_SEP "pmix.spchildsep"
#endif

static int spawn(int n, const char *program, const char *arg, int sep)
{
    pmix_app_t app;
    pmix_info_t directive;
    pmix_nspace_t ns;
    pmix_status_t rc;
    bool yes = true;

    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(program);
    app.argv = calloc(3, sizeof(char *));
    app.argv[0] = strdup(program);
    app.argv[1] = strdup(arg);
    app.maxprocs = 1;
    PMIX_INFO_LOAD(&directive, PMIX_SPAWN_CHILD_SEP, &yes, PMIX_BOOL);
    rc = PMIx_Spawn(sep ? &directive : NULL, sep ? 1 : 0, &app, 1, ns);
    PMIX_APP_DESTRUCT(&app);
    printf("spawned %d %s %s\n", n, PMIx_Error_string(rc), PMIX_SUCCESS == rc ? ns : "-");
    return PMIX_SUCCESS == rc;
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_status_t rc;
    char path[4096];

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc != 6) {
        fprintf(stderr, "usage: sep_spawner DIR PROGRAM ARG1 ARG2 ARG3\n");
        return 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    int ok = spawn(1, argv[2], argv[3], 0) & spawn(2, argv[2], argv[4], 1) & spawn(3, argv[2], argv[5], 0);
    snprintf(path, sizeof(path), "%s/go", argv[1]);
    for (int i = 0; i < 3000 && 0 != access(path, F_OK); i++) {
        usleep(10000);
    }
    PMIx_Finalize(NULL, 0);
    return ok ? 0 : 3;
}
