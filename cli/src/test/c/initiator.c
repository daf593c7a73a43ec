/*
 * An initiator of the tools chapter's indirect launch, built against libpmix 4.2.2: a launcher tool that
 * starts an intermediate launcher (IL) with PMIx_Spawn (libpmix fork/execs it, with a keepalive pipe) and
 * PMIX_LAUNCHER_RNDZ_URI (our own URI, for the IL to connect back) and PMIX_LAUNCHER_RNDZ_FILE (where the
 * IL writes its server's connection information) in its environment.
 *
 *   initiator il   RNDZFILE IL-CMD...          IL-based parsing: one spawn with the whole command line,
 *                                              PMIX_SPAWN_TOOL + PMIX_DEBUG_STOP_IN_INIT + launch directives
 *                                              (PMIX_DISPLAY_MAP); waits for the IL to stop in init
 *                                              (PMIX_READY_FOR_DEBUG), attaches to its server, registers for
 *                                              PMIX_LAUNCH_COMPLETE and the job's end, releases the IL
 *   initiator hold RNDZFILE IL-CMD...          the same, then waits to be killed once the job is launched
 *   initiator hold-init RNDZFILE IL-CMD...     the same, but waits to be killed without releasing the IL
 *   initiator refuse RNDZFILE IL-CMD...        the same with PMIX_JOB_TIMEOUT among the directives;
 *                                              waits for the IL's PMIX_ERR_JOB_FAILED_TO_LAUNCH
 *   initiator dvm  RNDZFILE NP APP IL-CMD...   initiator-based parsing: spawns the IL (a DVM), waits for its
 *                                              PMIX_LAUNCHER_READY, attaches to it and spawns NP copies of APP
 *   initiator dvm-end RNDZFILE NP APP IL-CMD...  the same, then ends the IL with PMIX_EVENT_JOB_END for it and
 *                                              waits to be killed
 *
 * Prints "il <nspace>", "ready-for-debug", "launcher-ready <uri>", "attached <server>", "launch-complete
 * <nspace>", "launch-failed <why>", "job-end <nspace> status <n>", "ended-il <status>", "done"; exits non-zero on a failed step (or 3 when an awaited
 * event does not come within a minute).
 */
#define _GNU_SOURCE
#include <pmix_tool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* appends to a NULL-terminated array of strings */
static void append(char ***argv, const char *s)
{
    int n = 0;
    while (NULL != *argv && NULL != (*argv)[n]) {
        n++;
    }
    *argv = realloc(*argv, (n + 2) * sizeof(char *));
    (*argv)[n] = strdup(s);
    (*argv)[n + 1] = NULL;
}

static volatile int launch_failed, ready_for_debug, launcher_ready, launch_complete;
static struct {
    char nspace[PMIX_MAX_NSLEN + 1];
    int status;
} ended[16];
static volatile int nended;
static char launcher_uri[1024];
static char launched[PMIX_MAX_NSLEN + 1];
static char app_nspace[PMIX_MAX_NSLEN + 1];

static void on_event(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                     pmix_info_t *results, size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id; (void) source; (void) results; (void) nresults;
    if (PMIX_READY_FOR_DEBUG == status) {
        ready_for_debug = 1;
    } else if (PMIX_LAUNCHER_READY == status) {
        for (size_t n = 0; n < ninfo; n++) {
            if (PMIX_CHECK_KEY(&info[n], PMIX_SERVER_URI) && PMIX_STRING == info[n].value.type) {
                snprintf(launcher_uri, sizeof(launcher_uri), "%s", info[n].value.data.string);
            }
        }
        launcher_ready = 1;
    } else if (PMIX_ERR_JOB_FAILED_TO_LAUNCH == status) {
        for (size_t n = 0; n < ninfo; n++) {
            if (PMIX_CHECK_KEY(&info[n], PMIX_EVENT_TEXT_MESSAGE) && PMIX_STRING == info[n].value.type) {
                printf("launch-failed %s\n", info[n].value.data.string);
            }
        }
        launch_failed = 1;
    } else if (PMIX_LAUNCH_COMPLETE == status) {
        for (size_t n = 0; n < ninfo; n++) {
            if (PMIX_CHECK_KEY(&info[n], PMIX_NSPACE) && PMIX_STRING == info[n].value.type) {
                snprintf(launched, sizeof(launched), "%s", info[n].value.data.string);
            }
        }
        launch_complete = 1;
    } else if (PMIX_EVENT_JOB_END == status) {
        const char *ns = NULL;
        int st = -1;
        for (size_t n = 0; n < ninfo; n++) {
            if (PMIX_CHECK_KEY(&info[n], PMIX_EVENT_AFFECTED_PROC) && PMIX_PROC == info[n].value.type) {
                ns = info[n].value.data.proc->nspace;
            } else if (PMIX_CHECK_KEY(&info[n], PMIX_JOB_TERM_STATUS)) {
                st = info[n].value.data.status;
            }
        }
        /* the job may end before PMIx_Spawn returned its name to us: remember every end */
        if (ns != NULL && nended < 16) {
            snprintf(ended[nended].nspace, sizeof(ended[nended].nspace), "%s", ns);
            ended[nended].status = st;
            __sync_synchronize();
            nended++;
        }
    }
    if (NULL != cbfunc) {
        cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
    }
}

static void registered(pmix_status_t status, size_t id, void *cbdata)
{
    (void) id;
    volatile int *done = (volatile int *) cbdata;
    *done = (PMIX_SUCCESS == status) ? 1 : -1;
}

static int on(pmix_status_t code)
{
    volatile int done = 0;
    PMIx_Register_event_handler(&code, 1, NULL, 0, on_event, registered, (void *) &done);
    while (0 == done) {
        usleep(1000);
    }
    return done;
}

/* the status PMIX_EVENT_JOB_END gave for nspace, or -2 while it has not come */
static int end_of(const char *nspace)
{
    for (int i = 0; i < nended; i++) {
        if (0 == strcmp(ended[i].nspace, nspace)) {
            return ended[i].status;
        }
    }
    return -2;
}

static int await_end(const char *nspace)
{
    for (int i = 0; i < 60000 && -2 == end_of(nspace); i++) {
        usleep(1000);
    }
    if (-2 == end_of(nspace)) {
        printf("timeout waiting for PMIX_EVENT_JOB_END of %s\n", nspace);
        return 0;
    }
    return 1;
}

static int await(volatile int *flag, const char *what)
{
    for (int i = 0; i < 60000 && !*flag; i++) {
        usleep(1000);
    }
    if (!*flag) {
        printf("timeout waiting for %s\n", what);
        fflush(stdout);
        return 0;
    }
    return 1;
}

/*
 * Ends without PMIx_tool_finalize: libpmix 4.2.2's finalize blocks for ever (only the main thread left,
 * in pthread_mutex_lock inside PMIx_tool_finalize) when the server it attached to as primary - the IL -
 * closes while it finalizes, which is what an IL does when its job is over or when finalize itself kills it
 * (PMIx_tool_finalize SIGTERMs the tools it fork/exec'd). Exiting closes our end of the keepalive pipe,
 * which is how the IL learns that we are gone.
 */
static int finish(void)
{
    printf("done\n");
    fflush(stdout);
    _exit(0);
}

int main(int argc, char **argv)
{
    pmix_proc_t me, server, il;
    pmix_info_t tinit[2];
    pmix_status_t rc;
    int first;

    if (argc < 4) {
        fprintf(stderr, "usage: initiator il|hold|refuse RNDZFILE IL-CMD... | dvm RNDZFILE NP APP IL-CMD...\n");
        return 2;
    }
    const char *mode = argv[1];
    const char *rndz = argv[2];
    int dvm = 0 == strcmp(mode, "dvm") || 0 == strcmp(mode, "dvm-end");
    first = dvm ? 5 : 3;
    setvbuf(stdout, NULL, _IOLBF, 0);

    /* a launcher that connects to no server: it fork/execs the IL itself and serves it */
    PMIX_INFO_LOAD(&tinit[0], PMIX_LAUNCHER, NULL, PMIX_BOOL);
    PMIX_INFO_LOAD(&tinit[1], PMIX_TOOL_DO_NOT_CONNECT, NULL, PMIX_BOOL);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, tinit, 2))) {
        printf("tool_init %s\n", PMIx_Error_string(rc));
        return 1;
    }
    pmix_value_t *uri = NULL;
    if (PMIX_SUCCESS != (rc = PMIx_Get(&me, PMIX_MYSERVER_URI, NULL, 0, &uri))) {
        printf("get myserver uri %s\n", PMIx_Error_string(rc));
        return 1;
    }
    on(PMIX_READY_FOR_DEBUG);
    on(PMIX_LAUNCHER_READY);
    on(PMIX_ERR_JOB_FAILED_TO_LAUNCH);

    /* the IL: its command line as one app, our rendezvous in its environment */
    pmix_app_t app;
    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(argv[first]);
    for (int i = first; i < argc; i++) {
        append(&app.argv, argv[i]);
    }
    char *var;
    if (0 > asprintf(&var, "PMIX_LAUNCHER_RNDZ_URI=%s", uri->data.string)) return 1;
    append(&app.env, var);
    if (0 > asprintf(&var, "PMIX_LAUNCHER_RNDZ_FILE=%s", rndz)) return 1;
    append(&app.env, var);
    app.maxprocs = 1;

    void *jinfo = PMIx_Info_list_start();
    PMIx_Info_list_add(jinfo, PMIX_SPAWN_TOOL, NULL, PMIX_BOOL);
    if (!dvm) {
        PMIx_Info_list_add(jinfo, PMIX_DEBUG_STOP_IN_INIT, NULL, PMIX_BOOL);
        void *dirs = PMIx_Info_list_start();
        PMIx_Info_list_add(dirs, PMIX_DISPLAY_MAP, NULL, PMIX_BOOL);
        if (0 == strcmp(mode, "refuse")) {
            int limit = 5;
            PMIx_Info_list_add(dirs, PMIX_JOB_TIMEOUT, &limit, PMIX_INT);
        }
        pmix_data_array_t darray;
        PMIx_Info_list_convert(dirs, &darray);
        PMIx_Info_list_add(jinfo, PMIX_LAUNCH_DIRECTIVES, &darray, PMIX_DATA_ARRAY);
        PMIx_Info_list_release(dirs);
    }
    pmix_data_array_t jarray;
    PMIx_Info_list_convert(jinfo, &jarray);
    PMIx_Info_list_release(jinfo);
    pmix_nspace_t ilns;
    rc = PMIx_Spawn((pmix_info_t *) jarray.array, jarray.size, &app, 1, ilns);
    if (PMIX_SUCCESS != rc) {
        printf("spawn il %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("il %s\n", ilns);
    PMIX_LOAD_PROCID(&il, ilns, 0);

    pmix_info_t att[2];
    if (dvm) {
        if (!await(&launcher_ready, "PMIX_LAUNCHER_READY")) return 3;
        printf("launcher-ready %s\n", launcher_uri);
        PMIX_INFO_LOAD(&att[0], PMIX_SERVER_URI, launcher_uri, PMIX_STRING);
    } else {
        if (!await(&ready_for_debug, "PMIX_READY_FOR_DEBUG")) return 3;
        printf("ready-for-debug\n");
        if (0 == strcmp(mode, "hold-init")) {
            /* never release it: wait to be killed while the IL is held in init */
            for (;;) {
                pause();
            }
        }
        PMIX_INFO_LOAD(&att[0], PMIX_TOOL_ATTACHMENT_FILE, rndz, PMIX_STRING);
    }
    PMIX_INFO_LOAD(&att[1], PMIX_PRIMARY_SERVER, NULL, PMIX_BOOL);
    if (PMIX_SUCCESS != (rc = PMIx_tool_attach_to_server(&me, &server, att, 2))) {
        printf("attach %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("attached %s:%u\n", server.nspace, server.rank);
    on(PMIX_LAUNCH_COMPLETE);
    on(PMIX_EVENT_JOB_END);

    if (dvm) {
        pmix_app_t job;
        PMIX_APP_CONSTRUCT(&job);
        job.cmd = strdup(argv[4]);
        append(&job.argv, argv[4]);
        job.maxprocs = atoi(argv[3]);
        pmix_nspace_t ns;
        if (PMIX_SUCCESS != (rc = PMIx_Spawn(NULL, 0, &job, 1, ns))) {
            printf("spawn app %s\n", PMIx_Error_string(rc));
            return 1;
        }
        snprintf(app_nspace, sizeof(app_nspace), "%s", ns);
        printf("spawned %s\n", ns);
    } else {
        /* release the IL from its stop in init: it then parses its command line and launches */
        pmix_info_t rel[2];
        pmix_data_array_t targets = {.type = PMIX_PROC, .size = 1, .array = &il};
        PMIX_INFO_LOAD(&rel[0], PMIX_EVENT_CUSTOM_RANGE, &targets, PMIX_DATA_ARRAY);
        PMIX_INFO_LOAD(&rel[1], PMIX_EVENT_NON_DEFAULT, NULL, PMIX_BOOL);
        rc = PMIx_Notify_event(PMIX_DEBUGGER_RELEASE, &me, PMIX_RANGE_CUSTOM, rel, 2, NULL, NULL);
        printf("release %s\n", PMIx_Error_string(rc));
        if (0 == strcmp(mode, "refuse")) {
            if (!await(&launch_failed, "PMIX_ERR_JOB_FAILED_TO_LAUNCH")) return 3;
            return finish();
        }
        if (!await(&launch_complete, "PMIX_LAUNCH_COMPLETE")) return 3;
        printf("launch-complete %s\n", launched);
        if (0 == strcmp(mode, "hold")) {
            for (;;) {
                pause();
            }
        }
    }
    const char *job = app_nspace[0] ? app_nspace : launched;
    if (!await_end(job)) return 3;
    printf("job-end %s status %d\n", job, end_of(job));
    if (0 == strcmp(mode, "dvm-end")) {
        /* the chapter's way to end an IL idling as a server: PMIX_EVENT_JOB_END for it, from us */
        pmix_info_t e[3];
        pmix_proc_t whole;
        PMIX_LOAD_PROCID(&whole, ilns, PMIX_RANK_WILDCARD);
        pmix_data_array_t targets = {.type = PMIX_PROC, .size = 1, .array = &il};
        PMIX_INFO_LOAD(&e[0], PMIX_EVENT_AFFECTED_PROC, &whole, PMIX_PROC);
        PMIX_INFO_LOAD(&e[1], PMIX_EVENT_CUSTOM_RANGE, &targets, PMIX_DATA_ARRAY);
        PMIX_INFO_LOAD(&e[2], PMIX_EVENT_NON_DEFAULT, NULL, PMIX_BOOL);
        rc = PMIx_Notify_event(PMIX_EVENT_JOB_END, &me, PMIX_RANGE_CUSTOM, e, 3, NULL, NULL);
        printf("ended-il %s\n", PMIx_Error_string(rc));
        fflush(stdout);
        for (;;) {
            pause();
        }
    }
    return finish();
}
