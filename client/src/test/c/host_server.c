/*
 * A PMIx host built on the real libpmix 4.2.2 server library, for the interop tests of the Java client
 * and tool libraries. It serves every upcall a client or tool of the tests needs, logs each one on stdout
 * as a line "HOST <what> ..." for the test to assert on, and either
 *   - launches a job: N copies of the command after "--", with the environment of PMIx_server_setup_fork,
 *     and exits with the first non-zero exit status once they are done; or
 *   - without a command, serves tools until its stdin closes.
 * It prints "READY <server uri>" once the server listens.
 *
 * usage: host_server -d SESSION_TMPDIR -s SYSTEM_TMPDIR [-n SERVER_NSPACE] [-j JOB_NSPACE] [-np N]
 *                    [--system] [--stop-in-init] [--release-delay MS] [-- command args...]
 */
#define _GNU_SOURCE
#include <pmix.h>
#include <pmix_server.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static pmix_proc_t myproc;
static char job_ns[PMIX_MAX_NSLEN + 1] = "hsjob";
static int tool_counter = 0, spawn_counter = 0, release_delay_ms = 1000;

static void say(const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&out_lock);
    fputs("HOST ", stdout);
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
}

static const char *valstr(const pmix_value_t *v, char *buf, size_t n)
{
    switch (v->type) {
    case PMIX_STRING: snprintf(buf, n, "%s", v->data.string ? v->data.string : "(null)"); break;
    case PMIX_BOOL: snprintf(buf, n, "%s", v->data.flag ? "true" : "false"); break;
    case PMIX_UINT32: snprintf(buf, n, "%u", v->data.uint32); break;
    case PMIX_INT: snprintf(buf, n, "%d", v->data.integer); break;
    case PMIX_INT32: snprintf(buf, n, "%d", v->data.int32); break;
    case PMIX_PROC_RANK: snprintf(buf, n, "%u", v->data.rank); break;
    case PMIX_STATUS: snprintf(buf, n, "%d", v->data.status); break;
    case PMIX_PROC: snprintf(buf, n, "%s:%u", v->data.proc->nspace, v->data.proc->rank); break;
    default: snprintf(buf, n, "<type %d>", (int) v->type); break;
    }
    return buf;
}

/* ---- replies on a thread of their own: libpmix must not be re-entered from inside some upcalls ---- */
typedef struct {
    void (*fn)(void *);
    void *arg;
    int delay_ms;
} later_t;

static void *later_run(void *p)
{
    later_t *l = p;
    if (l->delay_ms > 0) usleep(l->delay_ms * 1000);
    l->fn(l->arg);
    free(l);
    return NULL;
}

static void later(void (*fn)(void *), void *arg, int delay_ms)
{
    pthread_t t;
    later_t *l = malloc(sizeof(*l));
    l->fn = fn;
    l->arg = arg;
    l->delay_ms = delay_ms;
    pthread_create(&t, NULL, later_run, l);
    pthread_detach(t);
}

typedef struct {
    pmix_op_cbfunc_t cb;
    void *cbdata;
    pmix_status_t status;
} op_reply_t;

static void op_reply(void *p)
{
    op_reply_t *r = p;
    r->cb(r->status, r->cbdata);
    free(r);
}

static pmix_status_t reply_op(pmix_op_cbfunc_t cb, void *cbdata, pmix_status_t status)
{
    if (NULL == cb) return status;
    op_reply_t *r = malloc(sizeof(*r));
    r->cb = cb;
    r->cbdata = cbdata;
    r->status = status;
    later(op_reply, r, 0);
    return PMIX_SUCCESS;
}

typedef struct {
    pmix_info_cbfunc_t cb;
    void *cbdata;
    pmix_status_t status;
    pmix_info_t *info;
    size_t ninfo;
} info_reply_t;

static void info_release(void *cbdata)
{
    info_reply_t *r = cbdata;
    if (r->info) PMIX_INFO_FREE(r->info, r->ninfo);
    free(r);
}

static void info_reply(void *p)
{
    info_reply_t *r = p;
    r->cb(r->status, r->info, r->ninfo, r->cbdata, info_release, r);
}

static pmix_status_t reply_info(pmix_info_cbfunc_t cb, void *cbdata, pmix_status_t status, pmix_info_t *info,
                                size_t ninfo)
{
    info_reply_t *r = calloc(1, sizeof(*r));
    r->cb = cb;
    r->cbdata = cbdata;
    r->status = status;
    r->info = info;
    r->ninfo = ninfo;
    later(info_reply, r, 0);
    return PMIX_SUCCESS;
}

/* ---- published data: a small table ---- */
#define MAXPUB 256
static struct {
    int used;
    pmix_proc_t owner;
    char key[PMIX_MAX_KEYLEN + 1];
    pmix_value_t value;
} pubs[MAXPUB];

static pmix_status_t publish_fn(const pmix_proc_t *proc, const pmix_info_t info[], size_t ninfo,
                                pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    char buf[256];
    pthread_mutex_lock(&state_lock);
    for (size_t n = 0; n < ninfo; n++) {
        if (0 == strncmp(info[n].key, "pmix.", 5)) continue; /* directives */
        for (int i = 0; i < MAXPUB; i++) {
            if (!pubs[i].used) {
                pubs[i].used = 1;
                pubs[i].owner = *proc;
                PMIX_LOAD_KEY(pubs[i].key, info[n].key);
                PMIx_Value_xfer(&pubs[i].value, &info[n].value);
                say("publish %s:%u %s=%s", proc->nspace, proc->rank, info[n].key, valstr(&info[n].value, buf, sizeof buf));
                break;
            }
        }
    }
    pthread_mutex_unlock(&state_lock);
    return reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

typedef struct {
    pmix_lookup_cbfunc_t cb;
    void *cbdata;
    pmix_status_t status;
    pmix_pdata_t *pd;
    size_t n;
} lookup_reply_t;

static void lookup_reply(void *p)
{
    lookup_reply_t *r = p;
    r->cb(r->status, r->pd, r->n, r->cbdata);
    if (r->pd) PMIX_PDATA_FREE(r->pd, r->n);
    free(r);
}

static pmix_status_t lookup_fn(const pmix_proc_t *proc, char **keys, const pmix_info_t info[], size_t ninfo,
                               pmix_lookup_cbfunc_t cbfunc, void *cbdata)
{
    (void) info;
    (void) ninfo;
    size_t nkeys = 0, found = 0;
    while (keys[nkeys]) nkeys++;
    lookup_reply_t *r = calloc(1, sizeof(*r));
    r->cb = cbfunc;
    r->cbdata = cbdata;
    PMIX_PDATA_CREATE(r->pd, nkeys);
    r->n = nkeys;
    pthread_mutex_lock(&state_lock);
    for (size_t k = 0; k < nkeys; k++) {
        for (int i = 0; i < MAXPUB; i++) {
            if (pubs[i].used && 0 == strcmp(pubs[i].key, keys[k])) {
                PMIX_LOAD_PROCID(&r->pd[found].proc, pubs[i].owner.nspace, pubs[i].owner.rank);
                PMIX_LOAD_KEY(r->pd[found].key, pubs[i].key);
                PMIx_Value_xfer(&r->pd[found].value, &pubs[i].value);
                found++;
                break;
            }
        }
    }
    pthread_mutex_unlock(&state_lock);
    say("lookup by %s:%u of %zu keys: %zu found", proc->nspace, proc->rank, nkeys, found);
    r->status = found ? PMIX_SUCCESS : PMIX_ERR_NOT_FOUND;
    if (0 == found) {
        PMIX_PDATA_FREE(r->pd, nkeys);
        r->pd = NULL;
        r->n = 0;
    } else {
        r->n = found;
    }
    later(lookup_reply, r, 0);
    return PMIX_SUCCESS;
}

static pmix_status_t unpublish_fn(const pmix_proc_t *proc, char **keys, const pmix_info_t info[], size_t ninfo,
                                  pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    (void) info;
    (void) ninfo;
    int removed = 0;
    pthread_mutex_lock(&state_lock);
    for (int i = 0; i < MAXPUB; i++) {
        if (!pubs[i].used || !PMIX_CHECK_PROCID(&pubs[i].owner, proc)) continue;
        for (size_t k = 0; keys && keys[k]; k++) {
            if (0 == strcmp(keys[k], pubs[i].key)) {
                pubs[i].used = 0;
                PMIX_VALUE_DESTRUCT(&pubs[i].value);
                removed++;
            }
        }
    }
    pthread_mutex_unlock(&state_lock);
    say("unpublish by %s:%u removed %d", proc->nspace, proc->rank, removed);
    return reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

/* ---- clients ---- */
static pmix_status_t connected_fn(const pmix_proc_t *proc, void *server_object, pmix_op_cbfunc_t cbfunc,
                                  void *cbdata)
{
    (void) server_object;
    say("client_connected %s:%u", proc->nspace, proc->rank);
    return reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

static pmix_status_t finalized_fn(const pmix_proc_t *proc, void *server_object, pmix_op_cbfunc_t cbfunc,
                                  void *cbdata)
{
    (void) server_object;
    say("client_finalized %s:%u", proc->nspace, proc->rank);
    return reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

static pmix_status_t abort_fn(const pmix_proc_t *proc, void *server_object, int status, const char msg[],
                              pmix_proc_t procs[], size_t nprocs, pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    (void) server_object;
    (void) procs;
    say("abort by %s:%u status=%d nprocs=%zu msg=%s", proc->nspace, proc->rank, status, nprocs, msg ? msg : "");
    return reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

static pmix_status_t fencenb_fn(const pmix_proc_t procs[], size_t nprocs, const pmix_info_t info[], size_t ninfo,
                                char *data, size_t ndata, pmix_modex_cbfunc_t cbfunc, void *cbdata)
{
    (void) procs;
    (void) nprocs;
    (void) info;
    (void) ninfo;
    /* one node: every server's contribution is ours */
    char *copy = NULL;
    if (ndata) {
        copy = malloc(ndata);
        memcpy(copy, data, ndata);
    }
    say("fence_nb %zu bytes", ndata);
    cbfunc(PMIX_SUCCESS, copy, ndata, cbdata, free, copy);
    return PMIX_SUCCESS;
}

static pmix_status_t dmodex_fn(const pmix_proc_t *proc, const pmix_info_t info[], size_t ninfo,
                               pmix_modex_cbfunc_t cbfunc, void *cbdata)
{
    (void) proc;
    (void) info;
    (void) ninfo;
    (void) cbfunc;
    (void) cbdata;
    return PMIX_ERR_NOT_SUPPORTED;
}

/* ---- events ---- */
typedef struct {
    pmix_proc_t target;
} release_t;

typedef struct {
    pmix_info_t *info;
    size_t ninfo;
} notified_t;

/* libpmix keeps the info of a notification until its callback: free it there */
static void notified(pmix_status_t status, void *cbdata)
{
    notified_t *n = cbdata;
    (void) status;
    PMIX_INFO_FREE(n->info, n->ninfo);
    free(n);
}

static void send_release(void *p)
{
    release_t *r = p;
    notified_t *n = calloc(1, sizeof(*n));
    pmix_data_array_t darray;
    n->ninfo = 2;
    PMIX_INFO_CREATE(n->info, n->ninfo);
    PMIX_DATA_ARRAY_CONSTRUCT(&darray, 1, PMIX_PROC);
    memcpy(darray.array, &r->target, sizeof(pmix_proc_t));
    PMIX_INFO_LOAD(&n->info[0], PMIX_EVENT_CUSTOM_RANGE, &darray, PMIX_DATA_ARRAY);
    PMIX_DATA_ARRAY_DESTRUCT(&darray);
    PMIX_INFO_LOAD(&n->info[1], PMIX_EVENT_NON_DEFAULT, NULL, PMIX_BOOL);
    say("release %s:%u", r->target.nspace, r->target.rank);
    PMIx_Notify_event(PMIX_DEBUGGER_RELEASE, &myproc, PMIX_RANGE_CUSTOM, n->info, n->ninfo, notified, n);
    free(r);
}

typedef struct {
    pmix_status_t code;
    pmix_proc_t source;
} echo_t;

static void send_echo(void *p)
{
    echo_t *e = p;
    notified_t *n = calloc(1, sizeof(*n));
    n->ninfo = 2;
    PMIX_INFO_CREATE(n->info, n->ninfo);
    PMIX_INFO_LOAD(&n->info[0], "hs.echo.of", &e->code, PMIX_STATUS);
    PMIX_INFO_LOAD(&n->info[1], PMIX_EVENT_AFFECTED_PROC, &e->source, PMIX_PROC);
    say("echo event -3100 for %d", e->code);
    PMIx_Notify_event(-3100, &myproc, PMIX_RANGE_NAMESPACE, n->info, n->ninfo, notified, n);
    free(e);
}

static pmix_status_t notify_fn(pmix_status_t code, const pmix_proc_t *source, pmix_data_range_t range,
                               pmix_info_t info[], size_t ninfo, pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    char buf[256];
    say("notify_event code=%d source=%s:%u range=%d ninfo=%zu", code, source->nspace, source->rank, (int) range,
        ninfo);
    for (size_t n = 0; n < ninfo; n++) {
        say("notify_event info %s=%s", info[n].key, valstr(&info[n].value, buf, sizeof buf));
    }
    if (PMIX_READY_FOR_DEBUG == code) {
        release_t *r = malloc(sizeof(*r));
        r->target = *source;
        /* libpmix aggregates the local clients' readiness and reports it as from LOCAL_PEERS */
        if (!PMIX_RANK_IS_VALID(r->target.rank)) r->target.rank = PMIX_RANK_WILDCARD;
        later(send_release, r, release_delay_ms);
    } else if (code == -3001) {
        echo_t *e = malloc(sizeof(*e));
        e->code = code;
        e->source = *source;
        later(send_echo, e, 200);
    }
    /* libpmix 4.2.2 waits on its own callback data after this upcall returns: answering through the
     * callback from another thread races with that, so report completion directly */
    (void) cbfunc;
    (void) cbdata;
    return PMIX_OPERATION_SUCCEEDED;
}

static pmix_status_t register_events_fn(pmix_status_t *codes, size_t ncodes, const pmix_info_t info[],
                                        size_t ninfo, pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    (void) codes;
    (void) info;
    (void) ninfo;
    say("register_events ncodes=%zu", ncodes);
    return reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

static pmix_status_t deregister_events_fn(pmix_status_t *codes, size_t ncodes, pmix_op_cbfunc_t cbfunc,
                                          void *cbdata)
{
    (void) codes;
    say("deregister_events ncodes=%zu", ncodes);
    return reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

/* ---- query, log, allocation, job control, monitoring, credentials ---- */
static pmix_status_t query_fn(pmix_proc_t *proct, pmix_query_t *queries, size_t nqueries,
                              pmix_info_cbfunc_t cbfunc, void *cbdata)
{
    pmix_info_t *results;
    size_t nres = 0;
    PMIX_INFO_CREATE(results, nqueries);
    for (size_t q = 0; q < nqueries; q++) {
        for (size_t k = 0; queries[q].keys && queries[q].keys[k]; k++) {
            const char *key = queries[q].keys[k];
            say("query by %s:%u key=%s nqual=%zu", proct->nspace, proct->rank, key, queries[q].nqual);
            if (0 == strcmp(key, PMIX_QUERY_NAMESPACES)) {
                PMIX_INFO_LOAD(&results[nres], key, job_ns, PMIX_STRING);
                nres++;
            } else if (0 == strcmp(key, "hs.answer")) {
                uint32_t v = 42;
                PMIX_INFO_LOAD(&results[nres], key, &v, PMIX_UINT32);
                nres++;
            }
            break;
        }
    }
    if (0 == nres) {
        PMIX_INFO_FREE(results, nqueries);
        return reply_info(cbfunc, cbdata, PMIX_ERR_NOT_FOUND, NULL, 0);
    }
    return reply_info(cbfunc, cbdata, PMIX_SUCCESS, results, nqueries > nres ? nqueries : nres);
}

static void log_fn(const pmix_proc_t *client, const pmix_info_t data[], size_t ndata, const pmix_info_t directives[],
                   size_t ndirs, pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    char buf[256];
    (void) directives;
    for (size_t n = 0; n < ndata; n++) {
        say("log by %s:%u %s=%s ndirs=%zu", client->nspace, client->rank, data[n].key,
            valstr(&data[n].value, buf, sizeof buf), ndirs);
    }
    reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

static pmix_status_t allocate_fn(const pmix_proc_t *client, pmix_alloc_directive_t directive,
                                 const pmix_info_t data[], size_t ndata, pmix_info_cbfunc_t cbfunc, void *cbdata)
{
    (void) data;
    pmix_info_t *res;
    say("allocate by %s:%u directive=%d ninfo=%zu", client->nspace, client->rank, (int) directive, ndata);
    PMIX_INFO_CREATE(res, 1);
    PMIX_INFO_LOAD(&res[0], PMIX_ALLOC_ID, "hs-alloc-1", PMIX_STRING);
    return reply_info(cbfunc, cbdata, PMIX_SUCCESS, res, 1);
}

static pmix_status_t job_control_fn(const pmix_proc_t *requestor, const pmix_proc_t targets[], size_t ntargets,
                                    const pmix_info_t directives[], size_t ndirs, pmix_info_cbfunc_t cbfunc,
                                    void *cbdata)
{
    char buf[256];
    (void) targets;
    for (size_t n = 0; n < ndirs; n++) {
        say("job_control by %s:%u ntargets=%zu %s=%s", requestor->nspace, requestor->rank, ntargets, directives[n].key,
            valstr(&directives[n].value, buf, sizeof buf));
    }
    return reply_info(cbfunc, cbdata, PMIX_SUCCESS, NULL, 0);
}

static pmix_status_t monitor_fn(const pmix_proc_t *requestor, const pmix_info_t *monitor, pmix_status_t error,
                                const pmix_info_t directives[], size_t ndirs, pmix_info_cbfunc_t cbfunc, void *cbdata)
{
    (void) directives;
    pmix_info_t *res;
    say("monitor by %s:%u %s error=%d ndirs=%zu", requestor->nspace, requestor->rank, monitor->key, error, ndirs);
    PMIX_INFO_CREATE(res, 1);
    PMIX_INFO_LOAD(&res[0], "hs.monitoring", "yes", PMIX_STRING);
    return reply_info(cbfunc, cbdata, PMIX_SUCCESS, res, 1);
}

typedef struct {
    pmix_credential_cbfunc_t cb;
    void *cbdata;
    pmix_byte_object_t cred;
} cred_reply_t;

static void cred_reply(void *p)
{
    cred_reply_t *r = p;
    pmix_info_t info;
    PMIX_INFO_LOAD(&info, "hs.cred.kind", "test", PMIX_STRING);
    r->cb(PMIX_SUCCESS, &r->cred, &info, 1, r->cbdata);
    PMIX_INFO_DESTRUCT(&info);
    free(r);
}

static pmix_status_t get_cred_fn(const pmix_proc_t *proc, const pmix_info_t directives[], size_t ndirs,
                                 pmix_credential_cbfunc_t cbfunc, void *cbdata)
{
    (void) directives;
    cred_reply_t *r = calloc(1, sizeof(*r));
    char *bytes = malloc(64);
    int n = snprintf(bytes, 64, "CRED-%s-%u", proc->nspace, proc->rank);
    say("get_credential by %s:%u ndirs=%zu", proc->nspace, proc->rank, ndirs);
    r->cb = cbfunc;
    r->cbdata = cbdata;
    r->cred.bytes = bytes;
    r->cred.size = n;
    later(cred_reply, r, 0);
    return PMIX_SUCCESS;
}

typedef struct {
    pmix_validation_cbfunc_t cb;
    void *cbdata;
    pmix_status_t status;
} val_reply_t;

static void val_reply(void *p)
{
    val_reply_t *r = p;
    pmix_info_t info;
    PMIX_INFO_LOAD(&info, "hs.cred.valid", r->status == PMIX_SUCCESS ? "yes" : "no", PMIX_STRING);
    r->cb(r->status, &info, 1, r->cbdata);
    PMIX_INFO_DESTRUCT(&info);
    free(r);
}

static pmix_status_t validate_cred_fn(const pmix_proc_t *proc, const pmix_byte_object_t *cred,
                                      const pmix_info_t directives[], size_t ndirs, pmix_validation_cbfunc_t cbfunc,
                                      void *cbdata)
{
    (void) directives;
    (void) ndirs;
    val_reply_t *r = calloc(1, sizeof(*r));
    r->cb = cbfunc;
    r->cbdata = cbdata;
    r->status = (cred->size >= 5 && 0 == memcmp(cred->bytes, "CRED-", 5)) ? PMIX_SUCCESS : PMIX_ERR_INVALID_CRED;
    say("validate_credential by %s:%u size=%zu status=%d", proc->nspace, proc->rank, cred->size, r->status);
    later(val_reply, r, 0);
    return PMIX_SUCCESS;
}

/* ---- IO forwarding ---- */
/* libpmix keeps pointers to the source and data until the callback */
typedef struct {
    pmix_proc_t src;
    pmix_byte_object_t bo;
} delivery_t;

static void delivered(pmix_status_t status, void *cbdata)
{
    say("iof_delivered status=%d", status);
    free(cbdata);
}

static void deliver_output(void *p)
{
    (void) p;
    delivery_t *d = calloc(1, sizeof(*d));
    PMIX_LOAD_PROCID(&d->src, job_ns, 0);
    d->bo.bytes = "hello from the host's job\n";
    d->bo.size = strlen(d->bo.bytes);
    pmix_status_t rc = PMIx_server_IOF_deliver(&d->src, PMIX_FWD_STDOUT_CHANNEL, &d->bo, NULL, 0, delivered, d);
    say("iof_deliver rc=%d", rc);
}

static pmix_status_t iof_pull_fn(const pmix_proc_t procs[], size_t nprocs, const pmix_info_t directives[],
                                 size_t ndirs, pmix_iof_channel_t channels, pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    (void) procs;
    (void) directives;
    say("iof_pull nprocs=%zu ndirs=%zu channels=%d", nprocs, ndirs, (int) channels);
    later(deliver_output, NULL, 300);
    /* as for notify_event: libpmix 4.2.2 waits on its callback data, so complete directly */
    (void) cbfunc;
    (void) cbdata;
    return PMIX_OPERATION_SUCCEEDED;
}

static pmix_status_t push_stdin_fn(const pmix_proc_t *source, const pmix_proc_t targets[], size_t ntargets,
                                   const pmix_info_t directives[], size_t ndirs, const pmix_byte_object_t *bo,
                                   pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    (void) targets;
    (void) directives;
    (void) ndirs;
    say("push_stdin by %s:%u ntargets=%zu data=%.*s", source->nspace, source->rank, ntargets,
        bo ? (int) bo->size : 0, bo ? bo->bytes : "");
    return reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

/* ---- tools ---- */
typedef struct {
    pmix_tool_connection_cbfunc_t cb;
    void *cbdata;
    pmix_proc_t proc;
} tool_reply_t;

static void tool_reply(void *p)
{
    tool_reply_t *r = p;
    r->cb(PMIX_SUCCESS, &r->proc, r->cbdata);
    free(r);
}

static void tool_connected_fn(pmix_info_t *info, size_t ninfo, pmix_tool_connection_cbfunc_t cbfunc, void *cbdata)
{
    tool_reply_t *r = calloc(1, sizeof(*r));
    const char *ns = NULL, *cmd = "";
    uint32_t rank = 0;
    pid_t pid = 0;
    int launcher = 0;
    for (size_t n = 0; n < ninfo; n++) {
        if (PMIX_CHECK_KEY(&info[n], PMIX_NSPACE)) ns = info[n].value.data.string;
        else if (PMIX_CHECK_KEY(&info[n], PMIX_RANK)) rank = info[n].value.data.rank;
        else if (PMIX_CHECK_KEY(&info[n], PMIX_CMD_LINE)) cmd = info[n].value.data.string;
        else if (PMIX_CHECK_KEY(&info[n], PMIX_PROC_PID)) pid = info[n].value.data.pid;
        else if (PMIX_CHECK_KEY(&info[n], PMIX_LAUNCHER)) launcher = PMIX_INFO_TRUE(&info[n]);
    }
    if (ns) {
        PMIX_LOAD_PROCID(&r->proc, ns, rank);
    } else {
        char buf[PMIX_MAX_NSLEN + 1];
        pthread_mutex_lock(&state_lock);
        snprintf(buf, sizeof buf, "%.200s.tool.%d", myproc.nspace, ++tool_counter);
        pthread_mutex_unlock(&state_lock);
        PMIX_LOAD_PROCID(&r->proc, buf, 0);
    }
    say("tool_connected %s:%u given=%d pid=%d launcher=%d cmd=%.60s", r->proc.nspace, r->proc.rank, ns != NULL,
        (int) pid, launcher, cmd);
    r->cb = cbfunc;
    r->cbdata = cbdata;
    later(tool_reply, r, 0);
}

/* ---- launching ---- */
#define MAXKIDS 64
static pid_t kids[MAXKIDS];
static int nkids = 0;

static int launch(const char *nspace, int np, char **argv, int stop_in_init, const pmix_proc_t *parent)
{
    /* argv NULL: register the job only (tool-only mode, so that its output and data have an owner) */
    pmix_info_t *info;
    size_t ninfo = 0;
    char *regex = NULL, *ppn = NULL, peers[1024] = "", hostname[256];
    uint32_t u32;
    pmix_status_t rc;

    gethostname(hostname, sizeof hostname);
    char *dot = strchr(hostname, '.');
    if (dot) *dot = '\0';
    for (int i = 0; i < np; i++) {
        snprintf(peers + strlen(peers), sizeof peers - strlen(peers), "%s%d", i ? "," : "", i);
    }
    PMIx_generate_regex(hostname, &regex);
    PMIx_generate_ppn(peers, &ppn);
    PMIX_INFO_CREATE(info, 12);
    u32 = np;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_JOB_SIZE, &u32, PMIX_UINT32); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_UNIV_SIZE, &u32, PMIX_UINT32); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_MAX_PROCS, &u32, PMIX_UINT32); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_LOCAL_SIZE, &u32, PMIX_UINT32); ninfo++;
    u32 = 1;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_JOB_NUM_APPS, &u32, PMIX_UINT32); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_NUM_NODES, &u32, PMIX_UINT32); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_JOBID, nspace, PMIX_STRING); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_NODE_MAP, regex, PMIX_STRING); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_PROC_MAP, ppn, PMIX_STRING); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_LOCAL_PEERS, peers, PMIX_STRING); ninfo++;
    if (stop_in_init) {
        PMIX_INFO_LOAD(&info[ninfo], PMIX_DEBUG_STOP_IN_INIT, NULL, PMIX_BOOL); ninfo++;
    }
    if (parent) {
        PMIX_INFO_LOAD(&info[ninfo], PMIX_PARENT_ID, parent, PMIX_PROC); ninfo++;
    }
    rc = PMIx_server_register_nspace(nspace, np, info, ninfo, NULL, NULL);
    if (PMIX_SUCCESS != rc && PMIX_OPERATION_SUCCEEDED != rc) {
        say("register_nspace %s failed: %s", nspace, PMIx_Error_string(rc));
        return rc;
    }
    for (int i = 0; argv && i < np; i++) {
        pmix_proc_t p;
        char **env;
        size_t n = 0, k = 0;
        PMIX_LOAD_PROCID(&p, nspace, i);
        PMIx_server_register_client(&p, geteuid(), getegid(), NULL, NULL, NULL);
        while (environ[n]) n++;
        env = calloc(n + 1, sizeof(char *));
        for (char **e = environ; *e; e++) {
            if (0 != strncmp(*e, "PMIX_", 5)) env[k++] = strdup(*e);
        }
        PMIx_server_setup_fork(&p, &env);
        pid_t pid = fork();
        if (0 == pid) {
            execve(argv[0], argv, env);
            perror("execve");
            _exit(127);
        }
        pthread_mutex_lock(&state_lock);
        if (nkids < MAXKIDS) kids[nkids++] = pid;
        pthread_mutex_unlock(&state_lock);
        for (char **e = env; *e; e++) free(*e);
        free(env);
    }
    say("launched %s np=%d", nspace, np);
    return PMIX_SUCCESS;
}

typedef struct {
    pmix_spawn_cbfunc_t cb;
    void *cbdata;
    pmix_proc_t parent;
    int np;
    char **argv;
    char nspace[PMIX_MAX_NSLEN + 1];
} spawn_req_t;

/* registering and forking call back into libpmix: not from inside the upcall */
static void do_spawn(void *p)
{
    spawn_req_t *r = p;
    pmix_status_t st = launch(r->nspace, r->np, r->argv, 0, &r->parent);
    r->cb(st, r->nspace, r->cbdata);
    for (char **a = r->argv; *a; a++) free(*a);
    free(r->argv);
    free(r);
}

static pmix_status_t spawn_fn(const pmix_proc_t *proc, const pmix_info_t job_info[], size_t ninfo,
                              const pmix_app_t apps[], size_t napps, pmix_spawn_cbfunc_t cbfunc, void *cbdata)
{
    (void) job_info;
    if (0 == napps || NULL == apps[0].argv || NULL == apps[0].argv[0]) {
        return PMIX_ERR_BAD_PARAM;
    }
    spawn_req_t *r = calloc(1, sizeof(*r));
    size_t n = 0;
    pthread_mutex_lock(&state_lock);
    snprintf(r->nspace, sizeof r->nspace, "%.200s.spawn.%d", job_ns, ++spawn_counter);
    pthread_mutex_unlock(&state_lock);
    say("spawn by %s:%u napps=%zu ninfo=%zu cmd=%s np=%d", proc->nspace, proc->rank, napps, ninfo, apps[0].cmd,
        apps[0].maxprocs);
    while (apps[0].argv[n]) n++;
    r->argv = calloc(n + 1, sizeof(char *));
    for (size_t i = 0; i < n; i++) r->argv[i] = strdup(apps[0].argv[i]);
    r->cb = cbfunc;
    r->cbdata = cbdata;
    r->parent = *proc;
    r->np = apps[0].maxprocs;
    later(do_spawn, r, 0);
    return PMIX_SUCCESS;
}

static pmix_status_t connect_fn(const pmix_proc_t procs[], size_t nprocs, const pmix_info_t info[], size_t ninfo,
                                pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    (void) procs;
    (void) info;
    say("connect nprocs=%zu ninfo=%zu", nprocs, ninfo);
    return reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

static pmix_status_t disconnect_fn(const pmix_proc_t procs[], size_t nprocs, const pmix_info_t info[],
                                   size_t ninfo, pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    (void) procs;
    (void) info;
    say("disconnect nprocs=%zu ninfo=%zu", nprocs, ninfo);
    return reply_op(cbfunc, cbdata, PMIX_SUCCESS);
}

static pmix_server_module_t module = {
    .connect = connect_fn,
    .disconnect = disconnect_fn,
    .client_connected = connected_fn,
    .client_finalized = finalized_fn,
    .abort = abort_fn,
    .fence_nb = fencenb_fn,
    .direct_modex = dmodex_fn,
    .publish = publish_fn,
    .lookup = lookup_fn,
    .unpublish = unpublish_fn,
    .spawn = spawn_fn,
    .register_events = register_events_fn,
    .deregister_events = deregister_events_fn,
    .notify_event = notify_fn,
    .query = query_fn,
    .tool_connected = tool_connected_fn,
    .log = log_fn,
    .allocate = allocate_fn,
    .job_control = job_control_fn,
    .monitor = monitor_fn,
    .get_credential = get_cred_fn,
    .validate_credential = validate_cred_fn,
    .iof_pull = iof_pull_fn,
    .push_stdin = push_stdin_fn,
};

int main(int argc, char **argv)
{
    const char *tmpdir = NULL, *systmp = NULL, *srv_ns = "hsserver";
    int np = 1, system_support = 0, stop_in_init = 0, cmd_at = -1;
    pmix_info_t info[8];
    size_t ninfo = 0;
    bool flag = true;
    pmix_status_t rc;

    for (int i = 1; i < argc; i++) {
        if (0 == strcmp(argv[i], "-d") && i + 1 < argc) tmpdir = argv[++i];
        else if (0 == strcmp(argv[i], "-s") && i + 1 < argc) systmp = argv[++i];
        else if (0 == strcmp(argv[i], "-n") && i + 1 < argc) srv_ns = argv[++i];
        else if (0 == strcmp(argv[i], "-j") && i + 1 < argc) PMIX_LOAD_NSPACE(job_ns, argv[++i]);
        else if (0 == strcmp(argv[i], "-np") && i + 1 < argc) np = atoi(argv[++i]);
        else if (0 == strcmp(argv[i], "--system")) system_support = 1;
        else if (0 == strcmp(argv[i], "--stop-in-init")) stop_in_init = 1;
        else if (0 == strcmp(argv[i], "--release-delay") && i + 1 < argc) release_delay_ms = atoi(argv[++i]);
        else if (0 == strcmp(argv[i], "--")) { cmd_at = i + 1; break; }
        else { fprintf(stderr, "host_server: unknown argument %s\n", argv[i]); return 2; }
    }
    if (!tmpdir || !systmp) {
        fprintf(stderr, "host_server: -d and -s are required\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    PMIX_INFO_LOAD(&info[ninfo], PMIX_SERVER_TOOL_SUPPORT, &flag, PMIX_BOOL); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_SERVER_TMPDIR, tmpdir, PMIX_STRING); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_SYSTEM_TMPDIR, systmp, PMIX_STRING); ninfo++;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_SERVER_NSPACE, srv_ns, PMIX_STRING); ninfo++;
    uint32_t zero = 0;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_SERVER_RANK, &zero, PMIX_PROC_RANK); ninfo++;
    bool no = false;
    PMIX_INFO_LOAD(&info[ninfo], PMIX_IOF_LOCAL_OUTPUT, &no, PMIX_BOOL); ninfo++;
    if (system_support) {
        PMIX_INFO_LOAD(&info[ninfo], PMIX_SERVER_SYSTEM_SUPPORT, &flag, PMIX_BOOL); ninfo++;
    }
    rc = PMIx_server_init(&module, info, ninfo);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "host_server: PMIx_server_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_LOAD_PROCID(&myproc, srv_ns, 0);
    {
        pmix_value_t *v = NULL;
        char *uri = "?";
        if (PMIX_SUCCESS == PMIx_Get(&myproc, PMIX_SERVER_URI, NULL, 0, &v) && v->type == PMIX_STRING) {
            uri = v->data.string;
        }
        pthread_mutex_lock(&out_lock);
        printf("READY %s pid=%d\n", uri, (int) getpid());
        fflush(stdout);
        pthread_mutex_unlock(&out_lock);
    }
    int status = 0;
    if (cmd_at > 0 && cmd_at < argc) {
        if (PMIX_SUCCESS != launch(job_ns, np, &argv[cmd_at], stop_in_init, NULL)) {
            status = 1;
        }
        for (;;) {
            int st;
            pid_t pid = wait(&st);
            if (pid < 0) break;
            int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
            say("exited pid=%d status=%d", (int) pid, code);
            if (0 == status && code) status = code;
        }
    } else {
        launch(job_ns, np, NULL, 0, NULL);
        char buf[256];
        for (;;) {
            ssize_t n = read(0, buf, sizeof buf);
            if (n > 0 || (n < 0 && EINTR == errno)) continue;
            break;
        }
    }
    say("finalizing");
    PMIx_server_finalize();
    return status;
}
