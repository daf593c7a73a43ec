/*
 * late_job_end: a PMIx tool that learns of jobs' lifecycle events only after the jobs ended, from the
 * server's event cache, as a debugger or workflow tool that attaches late does.
 *
 *   late_job_end SESSION_DIR SERVER_PID spawn PROGRAM [ARGS...]
 *   late_job_end SESSION_DIR SERVER_PID nspace NS OTHER_NS
 *
 * Connects to the server of `pmix4j dvm` or `pmix4j run` (PMIX_SERVER_PIDINFO = SERVER_PID,
 * PMIX_SERVER_TMPDIR = SESSION_DIR). With "spawn" it PMIx_Spawn's PROGRAM twice, one process each, as two
 * jobs NS and OTHER_NS, asking for every lifecycle event (PMIX_NOTIFY_JOB_EVENTS, PMIX_NOTIFY_COMPLETION,
 * PMIX_LOG_JOB_EVENTS, PMIX_LOG_COMPLETION) but registering for none of them yet; with "nspace" it is told
 * the namespaces of two jobs somebody else started. Either way it then polls PMIX_QUERY_NAMESPACES until
 * neither job is listed any more (60 s at most), and only THEN registers two handlers:
 *   "mine"  for PMIX_EVENT_JOB_START, PMIX_LAUNCH_COMPLETE and PMIX_EVENT_JOB_END with
 *           PMIX_EVENT_AFFECTED_PROC = NS:WILDCARD,
 *   "other" for PMIX_EVENT_JOB_END with PMIX_EVENT_AFFECTED_PROCS = [OTHER_NS:WILDCARD],
 * (the other first) and waits (20 s at most) until each had a job end, then a little longer for anything
 * that should not come. Prints, in this order:
 *   tool NS:R
 *   spawned NS / spawned-other OTHER_NS             (spawn only)
 *   gone NS OTHER_NS
 *   HANDLER event JOB_START nspace NS timestamp T
 *   HANDLER event LAUNCH_COMPLETE nspace NS timestamp T
 *   HANDLER event JOB_END nspace NS term_status S procid NS2:R exit_code C timestamp T
 * one event line per event in arrival order (a missing item "none"), HANDLER being "mine" or "other".
 * Exit 0 when both handlers had a job end; 1 tool_init failed, 2 spawn or query failed, 3 a job was still
 * listed after 60 s, 4 a job end did not come.
 */
#include <pmix_tool.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_EVENTS 32

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char lines[MAX_EVENTS][1200];
static int nlines;
static int mine_ended, other_ended;

static const char *name_of(pmix_status_t st)
{
    switch (st) {
    case PMIX_EVENT_JOB_START: return "JOB_START";
    case PMIX_LAUNCH_COMPLETE: return "LAUNCH_COMPLETE";
    case PMIX_EVENT_JOB_END: return "JOB_END";
    default: return "OTHER";
    }
}

static void record(const char *who, pmix_status_t status, pmix_info_t info[], size_t ninfo)
{
    char nspace[PMIX_MAX_NSLEN + 1] = "none", term[64] = "none", procid[PMIX_MAX_NSLEN + 32] = "none",
         code[32] = "none", stamp[32] = "none";
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
            snprintf(lines[nlines], sizeof(lines[0]), "%s event JOB_END nspace %s term_status %s procid %s"
                     " exit_code %s timestamp %s", who, nspace, term, procid, code, stamp);
        } else {
            snprintf(lines[nlines], sizeof(lines[0]), "%s event %s nspace %s timestamp %s", who, name_of(status),
                     nspace, stamp);
        }
        nlines++;
    }
    if (PMIX_EVENT_JOB_END == status) {
        if ('m' == who[0]) {
            mine_ended = 1;
        } else {
            other_ended = 1;
        }
    }
    pthread_mutex_unlock(&lock);
}

static void on_mine(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                    pmix_info_t results[], size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id; (void) source; (void) results; (void) nresults;
    record("mine", status, info, ninfo);
    if (cbfunc) cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
}

static void on_other(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                     pmix_info_t results[], size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id; (void) source; (void) results; (void) nresults;
    record("other", status, info, ninfo);
    if (cbfunc) cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
}

static int spawn(int argc, char **argv, pmix_nspace_t ns)
{
    pmix_app_t app;
    pmix_info_t job[4];
    bool yes = true;
    PMIX_APP_CONSTRUCT(&app);
    app.cmd = strdup(argv[0]);
    app.argv = calloc(argc + 1, sizeof(char *));
    for (int i = 0; i < argc; i++) {
        app.argv[i] = strdup(argv[i]);
    }
    app.maxprocs = 1;
    char cwd[4096];
    app.cwd = strdup(NULL != getcwd(cwd, sizeof(cwd)) ? cwd : "/");
    PMIX_INFO_LOAD(&job[0], PMIX_NOTIFY_JOB_EVENTS, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&job[1], PMIX_NOTIFY_COMPLETION, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&job[2], PMIX_LOG_JOB_EVENTS, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&job[3], PMIX_LOG_COMPLETION, &yes, PMIX_BOOL);
    pmix_status_t rc = PMIx_Spawn(job, 4, &app, 1, ns);
    if (PMIX_SUCCESS != rc) {
        printf("spawn failed: %s\n", PMIx_Error_string(rc));
        return 2;
    }
    return 0;
}

/* 1 when NS is in the comma-separated list, 0 when not, -1 when the query failed */
static int listed(const char *ns)
{
    pmix_query_t *query;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    int found = 0;
    pmix_status_t arc;
    PMIX_QUERY_CREATE(query, 1);
    PMIX_ARGV_APPEND(arc, query[0].keys, PMIX_QUERY_NAMESPACES);
    (void) arc;
    pmix_status_t rc = PMIx_Query_info(query, 1, &results, &nresults);
    PMIX_QUERY_FREE(query, 1);
    if (PMIX_SUCCESS != rc) {
        printf("query failed: %s\n", PMIx_Error_string(rc));
        return -1;
    }
    for (size_t i = 0; i < nresults; i++) {
        if (PMIX_CHECK_KEY(&results[i], PMIX_QUERY_NAMESPACES) && PMIX_STRING == results[i].value.type
            && NULL != results[i].value.data.string) {
            char *list = strdup(results[i].value.data.string), *save = NULL;
            for (char *t = strtok_r(list, ",", &save); NULL != t; t = strtok_r(NULL, ",", &save)) {
                found |= 0 == strcmp(t, ns);
            }
            free(list);
        }
    }
    PMIX_INFO_FREE(results, nresults);
    return found;
}

/* a handler for CODES about NS: named with PMIX_EVENT_AFFECTED_PROC, or as an array of one process with
 * PMIX_EVENT_AFFECTED_PROCS */
static int register_for(pmix_status_t *codes, size_t ncodes, const char *ns, int as_array, pmix_notification_fn_t fn)
{
    pmix_proc_t affected;
    pmix_info_t directive;
    pmix_data_array_t array;
    PMIX_LOAD_PROCID(&affected, ns, PMIX_RANK_WILDCARD);
    if (as_array) {
        array.type = PMIX_PROC;
        array.size = 1;
        array.array = &affected;
        PMIX_INFO_LOAD(&directive, PMIX_EVENT_AFFECTED_PROCS, &array, PMIX_DATA_ARRAY);
    } else {
        PMIX_INFO_LOAD(&directive, PMIX_EVENT_AFFECTED_PROC, &affected, PMIX_PROC);
    }
    pmix_status_t rc = PMIx_Register_event_handler(codes, ncodes, &directive, 1, fn, NULL, NULL);
    if (rc < 0) {
        printf("register failed: %s\n", PMIx_Error_string(rc));
        return 2;
    }
    return 0;
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t info[2];
    pmix_nspace_t ns, other;
    pmix_status_t rc;

    setvbuf(stdout, NULL, _IOLBF, 0);
    int spawning = argc >= 5 && 0 == strcmp(argv[3], "spawn");
    if (!spawning && !(argc == 6 && 0 == strcmp(argv[3], "nspace"))) {
        fprintf(stderr, "usage: late_job_end SESSION_DIR SERVER_PID spawn PROGRAM [ARGS...]\n"
                        "       late_job_end SESSION_DIR SERVER_PID nspace NS OTHER_NS\n");
        return 2;
    }
    pid_t pid = (pid_t) atoi(argv[2]);
    PMIX_INFO_LOAD(&info[0], PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
    PMIX_INFO_LOAD(&info[1], PMIX_SERVER_TMPDIR, argv[1], PMIX_STRING);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, info, 2))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("tool %s:%u\n", me.nspace, me.rank);
    int bad = 0;
    if (spawning) {
        bad = spawn(argc - 4, argv + 4, ns);
        if (0 == bad) {
            printf("spawned %s\n", ns);
            bad = spawn(argc - 4, argv + 4, other);
        }
        if (0 == bad) {
            printf("spawned-other %s\n", other);
        }
    } else {
        PMIX_LOAD_NSPACE(ns, argv[4]);
        PMIX_LOAD_NSPACE(other, argv[5]);
    }
    /* the jobs are surely over once the server no longer lists them */
    int waited = 0;
    while (0 == bad) {
        int a = listed(ns), b = listed(other);
        if (a < 0 || b < 0) {
            bad = 2;
        } else if (0 == a && 0 == b) {
            printf("gone %s %s\n", ns, other);
            break;
        } else if (++waited > 600) {
            printf("still listed after 60 s: %s%s\n", a ? ns : "", b ? other : "");
            bad = 3;
        } else {
            usleep(100000);
        }
    }
    if (0 == bad) {
        pmix_status_t end = PMIX_EVENT_JOB_END;
        pmix_status_t all[] = {PMIX_EVENT_JOB_START, PMIX_LAUNCH_COMPLETE, PMIX_EVENT_JOB_END};
        bad = register_for(&end, 1, other, 1, on_other);
        if (0 == bad) {
            bad = register_for(all, 3, ns, 0, on_mine);
        }
    }
    if (0 == bad) {
        int got = 0;
        for (int i = 0; i < 2000 && !got; i++) {
            pthread_mutex_lock(&lock);
            got = mine_ended && other_ended;
            pthread_mutex_unlock(&lock);
            if (!got) {
                usleep(10000);
            }
        }
        /* room for an event that should not come: the server sends what it has at the registration */
        usleep(300000);
        bad = got ? 0 : 4;
    }
    pthread_mutex_lock(&lock);
    for (int i = 0; i < nlines; i++) {
        printf("%s\n", lines[i]);
    }
    pthread_mutex_unlock(&lock);
    PMIx_tool_finalize();
    return bad;
}
