/*
 * spawn_directive: a PMIx tool that asks a running `pmix4j run` to spawn with directives the runtime does
 * not carry out or cannot, and prints what PMIx_Spawn answers.
 *
 *   spawn_directive LAUNCHER_PID PROGRAM
 *
 * Connects to the launcher (PMIX_SERVER_PIDINFO; the rendezvous file is found under TMPDIR), then spawns one
 * process of PROGRAM twice: with PMIX_LAUNCHER_DAEMON marked required (PMIX_INFO_REQD: a launcher's own
 * daemon replaced, which pmix4j does not do), and with PMIX_SESSION_ID = 7. Prints
 * "launcher-daemon <status name>" and "session-id <status name>". Exit 0 when the first was refused with
 * PMIX_ERR_NOT_SUPPORTED and the second with PMIX_ERR_NOT_FOUND (a plain run has no session 7), 1 when
 * tool_init failed, 2 otherwise.
 */
#include <pmix_tool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pmix_status_t spawn_with(const char *program, pmix_info_t *directive)
{
    pmix_app_t app;
    pmix_nspace_t ns;
    pmix_status_t rc;

    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(program);
    app.argv = calloc(2, sizeof(char *));
    app.argv[0] = strdup(program);
    app.maxprocs = 1;
    rc = PMIx_Spawn(directive, 1, &app, 1, ns);
    PMIX_APP_DESTRUCT(&app);
    return rc;
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t info, directive;
    pmix_status_t stop, session;
    uint32_t sid = 7;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc != 3) {
        fprintf(stderr, "usage: spawn_directive LAUNCHER_PID PROGRAM\n");
        return 2;
    }
    pid_t pid = (pid_t) atoi(argv[1]);
    PMIX_INFO_LOAD(&info, PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    if (PMIX_SUCCESS != PMIx_tool_init(&me, &info, 1)) {
        fprintf(stderr, "PMIx_tool_init failed\n");
        return 1;
    }
    PMIX_INFO_LOAD(&directive, PMIX_LAUNCHER_DAEMON, "/bin/false", PMIX_STRING);
    PMIX_INFO_REQUIRED(&directive);
    stop = spawn_with(argv[2], &directive);
    printf("launcher-daemon %s\n", PMIx_Error_string(stop));
    PMIX_INFO_LOAD(&directive, PMIX_SESSION_ID, &sid, PMIX_UINT32);
    session = spawn_with(argv[2], &directive);
    printf("session-id %s\n", PMIx_Error_string(session));
    PMIx_tool_finalize();
    return PMIX_ERR_NOT_SUPPORTED == stop && PMIX_ERR_NOT_FOUND == session ? 0 : 2;
}
