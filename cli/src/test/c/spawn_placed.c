/*
 * spawn_placed: a PMIx client that spawns a child job with placement directives, as an MPI program's
 * MPI_Comm_spawn with its info keys would:
 *   spawn_placed MAPBY NPROCS PROGRAM [ARGS...]
 * Rank 0 PMIx_Spawn's NPROCS copies of PROGRAM with PMIX_MAPBY=MAPBY, PMIX_DISPLAY_ALLOCATION and
 * PMIX_DISPLAY_MAP, and prints "spawn status S nspace NS"; the other ranks only initialize and finalize.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_status_t rc;
    if (argc < 4) {
        fprintf(stderr, "usage: spawn_placed MAPBY NPROCS PROGRAM [ARGS...]\n");
        return 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "spawn_placed: PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    int status = 0;
    if (0 == me.rank) {
        pmix_info_t job[3];
        bool yes = true;
        PMIX_INFO_LOAD(&job[0], PMIX_MAPBY, argv[1], PMIX_STRING);
        PMIX_INFO_LOAD(&job[1], PMIX_DISPLAY_ALLOCATION, &yes, PMIX_BOOL);
        PMIX_INFO_LOAD(&job[2], PMIX_DISPLAY_MAP, &yes, PMIX_BOOL);
        pmix_app_t app;
        PMIX_APP_CONSTRUCT(&app);
        app.cmd = strdup(argv[3]);
        app.argv = (char **) calloc((size_t) argc - 2, sizeof(char *));
        for (int i = 3; i < argc; i++) {
            app.argv[i - 3] = strdup(argv[i]);
        }
        app.maxprocs = atoi(argv[2]);
        char child[PMIX_MAX_NSLEN + 1] = "none";
        rc = PMIx_Spawn(job, 3, &app, 1, child);
        printf("spawn status %s nspace %s\n", PMIx_Error_string(rc), PMIX_SUCCESS == rc ? child : "none");
        fflush(stdout);
        status = PMIX_SUCCESS == rc ? 0 : 3;
        PMIX_APP_DESTRUCT(&app);
    }
    PMIx_Finalize(NULL, 0);
    return status;
}
