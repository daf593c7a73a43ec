/*
 * session_end_client: a PMIx client that waits to be told that its session ends.
 *
 *   session_end_client DIR
 *
 * Ignores SIGTERM (so that the runtime's stop after the event does not end it before it handled the event),
 * registers for PMIX_EVENT_SESSION_END, creates DIR/ready.<pid>, and waits (60 s at most). When the event
 * comes, writes the PMIX_SESSION_ID it carries (or "none") to DIR/ended.<pid> and exits 0; exit 3 when it
 * never came, 1 when PMIx_Init failed.
 */
#include <pmix.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *dir;

static void on_end(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                   pmix_info_t results[], size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id; (void) status; (void) source; (void) results; (void) nresults;
    char path[4096], tmp[4096];
    long sid = -1;
    for (size_t i = 0; i < ninfo; i++) {
        if (PMIX_CHECK_KEY(&info[i], PMIX_SESSION_ID) && PMIX_UINT32 == info[i].value.type) {
            sid = (long) info[i].value.data.uint32;
        }
    }
    snprintf(tmp, sizeof(tmp), "%s/.ended.%d", dir, (int) getpid());
    snprintf(path, sizeof(path), "%s/ended.%d", dir, (int) getpid());
    FILE *f = fopen(tmp, "w");
    if (f) {
        if (sid >= 0) fprintf(f, "%ld\n", sid); else fprintf(f, "none\n");
        fclose(f);
        rename(tmp, path);
    }
    if (cbfunc) cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
    _exit(0);
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_status_t rc, code = PMIX_EVENT_SESSION_END;
    char path[4096];

    if (argc != 2) {
        fprintf(stderr, "usage: session_end_client DIR\n");
        return 2;
    }
    dir = argv[1];
    signal(SIGTERM, SIG_IGN);
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    rc = PMIx_Register_event_handler(&code, 1, NULL, 0, on_end, NULL, NULL);
    if (rc < 0) {
        fprintf(stderr, "register failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    snprintf(path, sizeof(path), "%s/ready.%d", dir, (int) getpid());
    FILE *f = fopen(path, "w");
    if (f) fclose(f);
    sleep(60);
    PMIx_Finalize(NULL, 0);
    return 3;
}
