/*
 * job_events: a PMIx client that spawns a child job asking for its lifecycle events, as a tool or a
 * workflow manager would, and prints what arrives:
 *   job_events [--completion-only] NPROCS PROGRAM [ARGS...]
 * It registers handlers for PMIX_EVENT_JOB_START, PMIX_LAUNCH_COMPLETE and PMIX_EVENT_JOB_END, then
 * PMIx_Spawn's NPROCS copies of PROGRAM with PMIX_NOTIFY_JOB_EVENTS, PMIX_NOTIFY_COMPLETION,
 * PMIX_LOG_JOB_EVENTS and PMIX_LOG_COMPLETION, waits (30 s at most) for the child's job end and prints
 * one line per event of the child job, in the order they arrived:
 *   event JOB_START nspace NS timestamp T
 *   event LAUNCH_COMPLETE nspace NS timestamp T
 *   event JOB_END nspace NS term_status S procid NS2:R exit_code C timestamp T
 * (a missing item is printed as "none"), then "spawned NS" and "child-ended yes|no" ("no" at once when the
 * spawn was refused).
 * With --completion-only it asks for the end only: PMIX_NOTIFY_COMPLETION and PMIX_LOG_COMPLETION.
 */
#include <pmix.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_EVENTS 16

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char lines[MAX_EVENTS][1024];
static char line_nspace[MAX_EVENTS][PMIX_MAX_NSLEN + 1];
static int line_is_end[MAX_EVENTS];
static int nlines;

static const char *name_of(pmix_status_t st)
{
    switch (st) {
    case PMIX_EVENT_JOB_START: return "JOB_START";
    case PMIX_LAUNCH_COMPLETE: return "LAUNCH_COMPLETE";
    case PMIX_EVENT_JOB_END: return "JOB_END";
    default: return "OTHER";
    }
}

static void handler(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                    pmix_info_t results[], size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    char nspace[PMIX_MAX_NSLEN + 1] = "none", term[64] = "none", procid[PMIX_MAX_NSLEN + 32] = "none",
         code[32] = "none", stamp[32] = "none";
    (void) id; (void) source; (void) results; (void) nresults;
    for (size_t i = 0; i < ninfo; i++) {
        pmix_value_t *v = &info[i].value;
        if (PMIX_CHECK_KEY(&info[i], PMIX_NSPACE) && PMIX_STRING == v->type) {
            snprintf(nspace, sizeof(nspace), "%s", v->data.string);
        } else if (PMIX_CHECK_KEY(&info[i], PMIX_EVENT_AFFECTED_PROC) && PMIX_PROC == v->type
                   && 0 == strcmp(nspace, "none")) {
            snprintf(nspace, sizeof(nspace), "%s", v->data.proc->nspace);
        } else if (PMIX_CHECK_KEY(&info[i], PMIX_JOB_TERM_STATUS)) {
            snprintf(term, sizeof(term), "%d", PMIX_STATUS == v->type ? v->data.status : v->data.integer);
        } else if (PMIX_CHECK_KEY(&info[i], PMIX_PROCID) && PMIX_PROC == v->type) {
            snprintf(procid, sizeof(procid), "%s:%u", v->data.proc->nspace, v->data.proc->rank);
        } else if (PMIX_CHECK_KEY(&info[i], PMIX_EXIT_CODE)) {
            snprintf(code, sizeof(code), "%d", v->data.integer);
        } else if (PMIX_CHECK_KEY(&info[i], PMIX_EVENT_TIMESTAMP)) {
            snprintf(stamp, sizeof(stamp), "%ld", PMIX_TIME == v->type ? (long) v->data.time : -1L);
        }
    }
    pthread_mutex_lock(&lock);
    if (nlines < MAX_EVENTS) {
        if (PMIX_EVENT_JOB_END == status) {
            snprintf(lines[nlines], sizeof(lines[0]), "event JOB_END nspace %s term_status %s procid %s exit_code %s"
                     " timestamp %s", nspace, term, procid, code, stamp);
        } else {
            snprintf(lines[nlines], sizeof(lines[0]), "event %s nspace %s timestamp %s", name_of(status), nspace,
                     stamp);
        }
        snprintf(line_nspace[nlines], sizeof(line_nspace[0]), "%s", nspace);
        line_is_end[nlines] = PMIX_EVENT_JOB_END == status;
        nlines++;
    }
    pthread_mutex_unlock(&lock);
    cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_status_t rc;
    int completion_only = argc > 1 && 0 == strcmp(argv[1], "--completion-only");
    if (completion_only) {
        argv++;
        argc--;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: job_events NPROCS PROGRAM [ARGS...]\n");
        return 2;
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "job_events: PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    pmix_status_t codes[] = {PMIX_EVENT_JOB_START, PMIX_LAUNCH_COMPLETE, PMIX_EVENT_JOB_END};
    rc = PMIx_Register_event_handler(codes, 3, NULL, 0, handler, NULL, NULL);
    if (rc < 0) {
        fprintf(stderr, "job_events: PMIx_Register_event_handler failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }

    pmix_app_t app;
    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(argv[2]);
    app.argv = calloc(argc - 1, sizeof(char *));
    for (int i = 2; i < argc; i++) {
        app.argv[i - 2] = strdup(argv[i]);
    }
    app.maxprocs = atoi(argv[1]);
    char cwd[4096];
    app.cwd = strdup(NULL != getcwd(cwd, sizeof(cwd)) ? cwd : "/");
    pmix_info_t job[4];
    size_t njob = 0;
    bool yes = true;
    PMIX_INFO_LOAD(&job[njob++], PMIX_NOTIFY_COMPLETION, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&job[njob++], PMIX_LOG_COMPLETION, &yes, PMIX_BOOL);
    if (!completion_only) {
        PMIX_INFO_LOAD(&job[njob++], PMIX_NOTIFY_JOB_EVENTS, &yes, PMIX_BOOL);
        PMIX_INFO_LOAD(&job[njob++], PMIX_LOG_JOB_EVENTS, &yes, PMIX_BOOL);
    }
    char child[PMIX_MAX_NSLEN + 1] = "";
    rc = PMIx_Spawn(job, njob, &app, 1, child);
    /* a child job that fails may make the spawn report it, but it was spawned and its events still come */
    printf("spawned %s (%s)\n", child, PMIx_Error_string(rc));
    fflush(stdout);

    int ended = 0;
    /* no namespace: nothing was started, so no end will come */
    for (int waited = 0; '\0' != child[0] && waited < 3000 && !ended; waited++) {
        pthread_mutex_lock(&lock);
        for (int i = 0; i < nlines; i++) {
            ended |= line_is_end[i] && 0 == strcmp(line_nspace[i], child);
        }
        pthread_mutex_unlock(&lock);
        if (!ended) {
            usleep(10000);
        }
    }
    pthread_mutex_lock(&lock);
    for (int i = 0; i < nlines; i++) {
        printf("%s\n", lines[i]);
    }
    pthread_mutex_unlock(&lock);
    printf("child-ended %s\n", ended ? "yes" : "no");
    fflush(stdout);
    PMIx_Finalize(NULL, 0);
    return 0;
}
