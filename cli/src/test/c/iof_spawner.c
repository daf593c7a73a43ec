/*
 * iof_spawner: a PMIx client that spawns a job of its own (PMIx_Spawn of ARGS..., one process, no
 * directives: a client's spawn forwards no output, so the runtime prints it) and stays until DIR/go3 exists.
 *
 *   iof_spawner DIR PROGRAM [ARG...]
 *
 * Prints "spawned <nspace>" (or "spawn failed <status>", exit 3). Exit 0.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_app_t app;
    pmix_nspace_t ns;
    pmix_status_t rc;
    char path[4096];
    int i;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 3) {
        fprintf(stderr, "usage: iof_spawner DIR PROGRAM [ARG...]\n");
        return 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(argv[2]);
    app.argv = calloc((size_t) argc - 1, sizeof(char *));
    for (i = 2; i < argc; i++) {
        app.argv[i - 2] = strdup(argv[i]);
    }
    app.maxprocs = 1;
    rc = PMIx_Spawn(NULL, 0, &app, 1, ns);
    PMIX_APP_DESTRUCT(&app);
    if (PMIX_SUCCESS != rc) {
        printf("spawn failed %s\n", PMIx_Error_string(rc));
        PMIx_Finalize(NULL, 0);
        return 3;
    }
    printf("spawned %s\n", ns);
    snprintf(path, sizeof(path), "%s/go3", argv[1]);
    while (0 != access(path, F_OK)) {
        usleep(50000);
    }
    PMIx_Finalize(NULL, 0);
    return 0;
}
