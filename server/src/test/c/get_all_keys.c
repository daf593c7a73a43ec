/*
 * get_all_keys: reads every key a host registers, at every level, through a real libpmix 4.2.2 client,
 * and compares each value (type and content) with what the test host says it registered.
 *
 *   get_all_keys [--mode get|query|query-refresh] FACTS_FILE
 *
 * FACTS_FILE, one fact per line ('#' starts a comment):
 *   session KEYNAME VALUE
 *   job     KEYNAME VALUE
 *   app     APPNUM  KEYNAME VALUE
 *   node    NODEID  KEYNAME VALUE
 *   proc    RANK    KEYNAME VALUE
 * KEYNAME is the C macro name (PMIX_JOB_SIZE); VALUE is the rest of the line, in which ${NAME} is
 * replaced by the environment variable NAME (the test cannot know PMIX_SERVER_TMPDIR or the namespace
 * of a `pmix4j run` in advance). The value "!absent" means the key must NOT be found (e.g. PMIX_PROCDIR of
 * a process on another node); those are asked with PMIX_OPTIONAL so that the client does not wait for it.
 * Every key of the tables below must have a fact for every session/job/app/node/proc named in the file:
 * a forgotten expectation is an error (exit 4), not a silent skip; the keys marked IF_NAMED, which not every
 * host registers, are checked where the facts name them.
 *
 * Modes:
 *   get            PMIx_Get in every form the Standard gives for the key's realm (see check_* below).
 *   query          PMIx_Query_info, one query per key, with the Standard's qualifiers for the realm.
 *   query-refresh  the same with PMIX_QUERY_REFRESH_CACHE, which makes libpmix ask the server.
 *
 * Output: one line per check, "PASS ..." or "FAIL ...", naming mode, realm, key, target and qualifiers.
 * Checks the libpmix 4.2.2 client cannot pass whatever the server does (see libpmix_limit) print "XFAIL"
 * with the reason, or "XPASS" should they pass; they do not count as failures.
 * Exit: 0 all passed, 1 PMIx_Init failed, 2 some check failed, 3 PMIx_Finalize failed, 4 bad facts.
 *
 * How libpmix 4.2.2 resolves these (src/client/pmix_client_get.c, src/mca/gds/hash/gds_fetch.c) and
 * where that bends the Standard is written next to each check below.
 */
#include <pmix.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXFACTS 4096
#define MAXIDS 64

typedef enum { L_SESSION, L_JOB, L_APP, L_NODE, L_PROC, L_COUNT } level_t;
static const char *LEVEL_NAME[] = {"session", "job", "app", "node", "proc"};

typedef struct {
    const char *name;       /* macro name, as written in the facts file */
    const char *key;        /* the key string */
    pmix_data_type_t type;  /* the type the Standard gives it */
    bool if_named;          /* checked only when the facts name it (a key not every host registers) */
} keydef_t;

#define K(n, t) {#n, n, t, false}
/* keys checked only for hosts that register them: the facts of such a host name them */
#define IF_NAMED(n, t) {#n, n, t, true}
static const keydef_t SESSION_KEYS[] = {
    K(PMIX_SESSION_ID, PMIX_UINT32), K(PMIX_UNIV_SIZE, PMIX_UINT32),
    K(PMIX_TMPDIR, PMIX_STRING), /* a session-realm key in the Standard (and in libpmix's key lists) */
    /* keys of several realms, at session level only in a PMIX_SESSION_INFO_ARRAY: asked with
     * PMIX_SESSION_INFO only (alone they are the job's) */
    IF_NAMED(PMIX_MAX_PROCS, PMIX_UINT32), IF_NAMED(PMIX_NUM_NODES, PMIX_UINT32),
    IF_NAMED(PMIX_NODE_LIST, PMIX_STRING),
    {NULL, NULL, 0, false}};
static const keydef_t JOB_KEYS[] = {
    K(PMIX_JOBID, PMIX_STRING),     K(PMIX_JOB_SIZE, PMIX_UINT32),   K(PMIX_MAX_PROCS, PMIX_UINT32),
    K(PMIX_NUM_NODES, PMIX_UINT32), K(PMIX_JOB_NUM_APPS, PMIX_UINT32), K(PMIX_NODE_LIST, PMIX_STRING),
    K(PMIX_NPROC_OFFSET, PMIX_PROC_RANK), K(PMIX_MAPBY, PMIX_STRING), K(PMIX_RANKBY, PMIX_STRING),
    K(PMIX_BINDTO, PMIX_STRING),    K(PMIX_NSDIR, PMIX_STRING),
    {NULL, NULL, 0, false}};
static const keydef_t APP_KEYS[] = {
    K(PMIX_APPNUM, PMIX_UINT32), K(PMIX_APP_SIZE, PMIX_UINT32), K(PMIX_APPLDR, PMIX_PROC_RANK),
    K(PMIX_WDIR, PMIX_STRING),   K(PMIX_APP_ARGV, PMIX_STRING), {NULL, NULL, 0, false}};
static const keydef_t NODE_KEYS[] = {
    K(PMIX_HOSTNAME, PMIX_STRING),   K(PMIX_NODEID, PMIX_UINT32),    K(PMIX_LOCAL_SIZE, PMIX_UINT32),
    K(PMIX_NODE_SIZE, PMIX_UINT32),  K(PMIX_LOCALLDR, PMIX_PROC_RANK), K(PMIX_LOCAL_PEERS, PMIX_STRING),
    IF_NAMED(PMIX_AVAIL_PHYS_MEMORY, PMIX_UINT64),
    {NULL, NULL, 0, false}};
static const keydef_t PROC_KEYS[] = {
    K(PMIX_RANK, PMIX_PROC_RANK),       K(PMIX_LOCAL_RANK, PMIX_UINT16), K(PMIX_NODE_RANK, PMIX_UINT16),
    K(PMIX_GLOBAL_RANK, PMIX_PROC_RANK), K(PMIX_APP_RANK, PMIX_PROC_RANK), K(PMIX_APPNUM, PMIX_UINT32),
    K(PMIX_NODEID, PMIX_UINT32),         K(PMIX_HOSTNAME, PMIX_STRING),    K(PMIX_REINCARNATION, PMIX_UINT32),
    K(PMIX_SPAWNED, PMIX_BOOL),          K(PMIX_PROCDIR, PMIX_STRING),
    IF_NAMED(PMIX_PACKAGE_RANK, PMIX_UINT16), {NULL, NULL, 0, false}};
static const keydef_t *TABLES[] = {SESSION_KEYS, JOB_KEYS, APP_KEYS, NODE_KEYS, PROC_KEYS};

typedef struct {
    level_t level;
    long id;        /* appnum, nodeid or rank; -1 for session and job */
    char *name;     /* macro name */
    char *value;    /* expanded expectation */
} fact_t;

static fact_t facts[MAXFACTS];
static int nfacts;
static pmix_proc_t me;
static int failures, passes, xfails;

/* ---- facts ------------------------------------------------------------------------------------ */

static char *expand(const char *in, int lineno)
{
    size_t cap = strlen(in) + 1024, n = 0;
    char *out = malloc(cap);
    for (const char *p = in; *p;) {
        if (p[0] == '$' && p[1] == '{') {
            const char *end = strchr(p, '}');
            if (NULL == end) {
                fprintf(stderr, "facts line %d: unterminated ${ in '%s'\n", lineno, in);
                exit(4);
            }
            char var[256];
            snprintf(var, sizeof(var), "%.*s", (int) (end - p - 2), p + 2);
            const char *v = getenv(var);
            if (NULL == v) {
                fprintf(stderr, "facts line %d: environment variable %s is not set\n", lineno, var);
                exit(4);
            }
            size_t vl = strlen(v);
            if (n + vl + 1 > cap) {
                cap = 2 * (n + vl + 1);
                out = realloc(out, cap);
            }
            memcpy(out + n, v, vl);
            n += vl;
            p = end + 1;
        } else {
            if (n + 2 > cap) {
                cap *= 2;
                out = realloc(out, cap);
            }
            out[n++] = *p++;
        }
    }
    out[n] = '\0';
    return out;
}

static const keydef_t *keydef(level_t l, const char *name)
{
    for (const keydef_t *k = TABLES[l]; NULL != k->name; k++) {
        if (0 == strcmp(k->name, name)) {
            return k;
        }
    }
    return NULL;
}

static void read_facts(const char *path)
{
    FILE *f = fopen(path, "r");
    if (NULL == f) {
        perror(path);
        exit(4);
    }
    char line[8192];
    int lineno = 0;
    while (fgets(line, sizeof(line), f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '\0' || *p == '#') continue;
        char lvl[32], name[128];
        long id = -1;
        int used = 0;
        if (sscanf(p, "%31s%n", lvl, &used) != 1) continue;
        p += used;
        level_t l;
        for (l = 0; l < L_COUNT; l++) {
            if (0 == strcmp(lvl, LEVEL_NAME[l])) break;
        }
        if (l == L_COUNT) {
            fprintf(stderr, "facts line %d: unknown realm '%s'\n", lineno, lvl);
            exit(4);
        }
        if (l >= L_APP) {
            if (sscanf(p, "%ld%n", &id, &used) != 1) {
                fprintf(stderr, "facts line %d: %s needs a number\n", lineno, lvl);
                exit(4);
            }
            p += used;
        }
        if (sscanf(p, "%127s%n", name, &used) != 1) {
            fprintf(stderr, "facts line %d: no key name\n", lineno);
            exit(4);
        }
        p += used;
        if (*p == ' ' || *p == '\t') p++;
        if (NULL == keydef(l, name)) {
            fprintf(stderr, "facts line %d: %s is not a %s-realm key this client checks\n", lineno, name, lvl);
            exit(4);
        }
        if (nfacts == MAXFACTS) {
            fprintf(stderr, "too many facts\n");
            exit(4);
        }
        facts[nfacts].level = l;
        facts[nfacts].id = id;
        facts[nfacts].name = strdup(name);
        facts[nfacts].value = expand(p, lineno);
        nfacts++;
    }
    fclose(f);
}

static const char *fact(level_t l, long id, const char *name)
{
    for (int i = 0; i < nfacts; i++) {
        if (facts[i].level == l && facts[i].id == id && 0 == strcmp(facts[i].name, name)) {
            return facts[i].value;
        }
    }
    return NULL;
}

/* the ids (appnums, nodeids, ranks) the facts describe, in order of first appearance */
static int ids(level_t l, long out[MAXIDS])
{
    int n = 0;
    for (int i = 0; i < nfacts; i++) {
        if (facts[i].level != l) continue;
        bool seen = false;
        for (int j = 0; j < n; j++) seen |= out[j] == facts[i].id;
        if (!seen && n < MAXIDS) out[n++] = facts[i].id;
    }
    return n;
}

static const char *must(level_t l, long id, const char *name)
{
    const char *v = fact(l, id, name);
    if (NULL == v) {
        if (id >= 0) {
            fprintf(stderr, "facts: no %s for %s %ld: every checked key needs an expectation\n", name,
                    LEVEL_NAME[l], id);
        } else {
            fprintf(stderr, "facts: no %s for the %s: every checked key needs an expectation\n", name,
                    LEVEL_NAME[l]);
        }
        exit(4);
    }
    return v;
}

/* the expectation of a key: required for the tables' keys, NULL (not checked) for an unnamed IF_NAMED key */
static const char *expect(level_t l, long id, const keydef_t *k)
{
    return k->if_named ? fact(l, id, k->name) : must(l, id, k->name);
}

/* ---- values ----------------------------------------------------------------------------------- */

static void render(const pmix_value_t *v, char *buf, size_t len)
{
    switch (v->type) {
    case PMIX_STRING: snprintf(buf, len, "%s", v->data.string ? v->data.string : "(null)"); break;
    case PMIX_UINT32: snprintf(buf, len, "%u", v->data.uint32); break;
    case PMIX_UINT16: snprintf(buf, len, "%u", (unsigned) v->data.uint16); break;
    case PMIX_UINT8: snprintf(buf, len, "%u", (unsigned) v->data.uint8); break;
    case PMIX_UINT64: snprintf(buf, len, "%lu", (unsigned long) v->data.uint64); break;
    case PMIX_INT: snprintf(buf, len, "%d", v->data.integer); break;
    case PMIX_INT32: snprintf(buf, len, "%d", v->data.int32); break;
    case PMIX_SIZE: snprintf(buf, len, "%zu", v->data.size); break;
    case PMIX_PROC_RANK: snprintf(buf, len, "%u", v->data.rank); break;
    case PMIX_BOOL: snprintf(buf, len, "%s", v->data.flag ? "true" : "false"); break;
    default: {
        char *s = PMIx_Value_string(v);
        snprintf(buf, len, "%s", s ? s : "?");
        free(s);
    }
    }
}

/* compares; on mismatch writes why into why */
static bool matches(const keydef_t *k, const pmix_value_t *v, const char *expected, char *why, size_t len)
{
    char got[4096];
    render(v, got, sizeof(got));
    if (v->type != k->type) {
        snprintf(why, len, "got %s '%s', expected %s '%s'", PMIx_Data_type_string(v->type), got,
                 PMIx_Data_type_string(k->type), expected);
        return false;
    }
    if (0 != strcmp(got, expected)) {
        snprintf(why, len, "got '%s', expected '%s'", got, expected);
        return false;
    }
    snprintf(why, len, "%s", got);
    return true;
}

/* ---- checks ----------------------------------------------------------------------------------- */

typedef struct {
    pmix_info_t info[8];
    size_t n;
    char text[512];
} quals_t;

static void q_init(quals_t *q)
{
    memset(q, 0, sizeof(*q));
}

static void q_add(quals_t *q, const char *key, const void *val, pmix_data_type_t t)
{
    PMIX_INFO_LOAD(&q->info[q->n], key, val, t);
    q->n++;
    char v[256];
    render(&q->info[q->n - 1].value, v, sizeof(v));
    size_t used = strlen(q->text);
    snprintf(q->text + used, sizeof(q->text) - used, "%s%s=%s", used ? "," : "", key, v);
}

static void q_flag(quals_t *q, const char *key)
{
    bool t = true;
    q_add(q, key, &t, PMIX_BOOL);
}

static void q_done(quals_t *q)
{
    for (size_t i = 0; i < q->n; i++) PMIX_INFO_DESTRUCT(&q->info[i]);
    q->n = 0;
}

/* why libpmix 4.2.2's client cannot answer this Get, or NULL; set by check() before each Get */
static const char *client_limit;

static void report(bool ok, const char *mode, level_t l, const keydef_t *k, pmix_rank_t target, const quals_t *q,
                   const char *what)
{
    char t[32];
    if (PMIX_RANK_WILDCARD == target) {
        snprintf(t, sizeof(t), "*");
    } else {
        snprintf(t, sizeof(t), "%u", target);
    }
    const char *verdict = ok ? "PASS" : "FAIL";
    if (NULL != client_limit) {
        /* a known limit of the libpmix client: reported, never counted as the server's failure; a pass
         * (the server answered what the client forwarded) is reported as XPASS */
        verdict = ok ? "XPASS" : "XFAIL";
    }
    printf("%s %s %s %s proc=%s quals=[%s]: %s", verdict, mode, LEVEL_NAME[l], k->name, t, q->text, what);
    if (NULL != client_limit) {
        printf(" [libpmix 4.2.2 client: %s]", client_limit);
    }
    printf("\n");
    if (NULL != client_limit) xfails++;
    else if (ok) passes++;
    else failures++;
}

static void check_get(level_t l, const keydef_t *k, pmix_rank_t target, quals_t *q, const char *expected)
{
    pmix_proc_t p;
    pmix_value_t *val = NULL;
    char why[4300];
    bool absent = 0 == strcmp(expected, "!absent");
    PMIX_LOAD_PROCID(&p, me.nspace, target);
    if (absent) {
        q_flag(q, PMIX_OPTIONAL);
    }
    pmix_status_t rc = PMIx_Get(&p, k->key, q->n ? q->info : NULL, q->n, &val);
    if (absent) {
        if (PMIX_SUCCESS == rc) {
            render(val, why, sizeof(why));
            char msg[4400];
            snprintf(msg, sizeof(msg), "found '%s', expected no value", why);
            report(false, "get", l, k, target, q, msg);
        } else {
            snprintf(why, sizeof(why), "absent (%s)", PMIx_Error_string(rc));
            report(rc == PMIX_ERR_NOT_FOUND, "get", l, k, target, q, why);
        }
    } else if (PMIX_SUCCESS != rc) {
        snprintf(why, sizeof(why), "PMIx_Get returned %s, expected '%s'", PMIx_Error_string(rc), expected);
        report(false, "get", l, k, target, q, why);
    } else {
        bool ok = matches(k, val, expected, why, sizeof(why));
        report(ok, "get", l, k, target, q, why);
    }
    if (NULL != val) PMIX_VALUE_RELEASE(val);
    q_done(q);
}

/* The key's value in a query result: either a plain info of that key (what libpmix's own local
 * resolution returns) or inside a PMIX_QUERY_RESULTS array (what the Standard describes). */
static const pmix_value_t *find_result(const pmix_info_t *res, size_t n, const char *key, const char **form)
{
    for (size_t i = 0; i < n; i++) {
        if (PMIX_CHECK_KEY(&res[i], key)) {
            *form = "flat";
            return &res[i].value;
        }
        if (PMIX_CHECK_KEY(&res[i], PMIX_QUERY_RESULTS) && PMIX_DATA_ARRAY == res[i].value.type &&
            NULL != res[i].value.data.darray && PMIX_INFO == res[i].value.data.darray->type) {
            const pmix_info_t *in = (const pmix_info_t *) res[i].value.data.darray->array;
            for (size_t j = 0; j < res[i].value.data.darray->size; j++) {
                if (PMIX_CHECK_KEY(&in[j], key)) {
                    *form = "in " PMIX_QUERY_RESULTS;
                    return &in[j].value;
                }
            }
        }
    }
    return NULL;
}

static void check_query(const char *mode, level_t l, const keydef_t *k, pmix_rank_t target, quals_t *q,
                        const char *expected)
{
    pmix_query_t *query;
    pmix_info_t *results = NULL;
    size_t nresults = 0;
    char why[4400];
    bool absent = 0 == strcmp(expected, "!absent");

    if (0 == strcmp(mode, "query-refresh")) {
        q_flag(q, PMIX_QUERY_REFRESH_CACHE);
    }
    pmix_status_t arc;
    PMIX_QUERY_CREATE(query, 1);
    PMIX_ARGV_APPEND(arc, query[0].keys, k->key);
    (void) arc;
    PMIX_QUERY_QUALIFIERS_CREATE(&query[0], q->n);
    for (size_t i = 0; i < q->n; i++) {
        PMIX_INFO_XFER(&query[0].qualifiers[i], &q->info[i]);
    }
    pmix_status_t rc = PMIx_Query_info(query, 1, &results, &nresults);
    const char *form = "";
    const pmix_value_t *v = (PMIX_SUCCESS == rc || PMIX_ERR_PARTIAL_SUCCESS == rc)
                                ? find_result(results, nresults, k->key, &form) : NULL;
    if (absent) {
        if (NULL != v) {
            char got[4096];
            render(v, got, sizeof(got));
            snprintf(why, sizeof(why), "found '%s', expected no value", got);
            report(false, mode, l, k, target, q, why);
        } else {
            snprintf(why, sizeof(why), "absent (%s)", PMIx_Error_string(rc));
            report(true, mode, l, k, target, q, why);
        }
    } else if (PMIX_SUCCESS != rc && PMIX_ERR_PARTIAL_SUCCESS != rc) {
        snprintf(why, sizeof(why), "PMIx_Query_info returned %s, expected '%s'", PMIx_Error_string(rc), expected);
        report(false, mode, l, k, target, q, why);
    } else if (NULL == v) {
        snprintf(why, sizeof(why), "PMIx_Query_info returned %s with %zu results but no %s, expected '%s'",
                 PMIx_Error_string(rc), nresults, k->key, expected);
        report(false, mode, l, k, target, q, why);
    } else {
        char m[4300];
        bool ok = matches(k, v, expected, m, sizeof(m));
        snprintf(why, sizeof(why), "%s (%s)", m, form);
        report(ok, mode, l, k, target, q, why);
    }
    if (NULL != results) PMIX_INFO_FREE(results, nresults);
    PMIX_QUERY_FREE(query, 1);
    q_done(q);
}

static unsigned long num(const char *s)
{
    return strtoul(s, NULL, 10);
}

/* One check in the current mode. For queries the realm's qualifiers are built by the caller. */
static const char *mode;

static bool has(const quals_t *q, const char *key)
{
    for (size_t i = 0; i < q->n; i++) {
        if (PMIX_CHECK_KEY(&q->info[i], key)) return true;
    }
    return false;
}

static bool same_node_as_me(pmix_rank_t r)
{
    return 0 == strcmp(must(L_PROC, r, "PMIX_NODEID"), must(L_PROC, me.rank, "PMIX_NODEID"));
}

/*
 * The Gets the libpmix 4.2.2 client cannot satisfy whatever the server sends, by reading of its source
 * (src/client/pmix_client_get.c, src/mca/gds/hash/{gds_hash.c,gds_fetch.c}) and confirmed by running this
 * program under libpmix's own server (ref_host.c), where the same checks fail (or time out in the
 * server). Queries are not listed: a 4.2.2 client sends every PMIx_Query_info to its server (its local
 * resolution ends in pmix_pstrg.query, which answers NOT_FOUND without storage plugins, and the query goes
 * to the server), so what a query returns is the server's doing.
 */
static const char *libpmix_limit(level_t l, const keydef_t *k, pmix_rank_t target, const quals_t *q)
{
    bool rank = PMIX_RANK_WILDCARD != target;
    if (L_SESSION == l && 0 == strcmp(k->key, PMIX_SESSION_ID)) {
        return "the session id is kept as the session tracker's identifier (pmix_session_t.session), not among the"
               " session values pmix_gds_hash_xfer_sessioninfo searches: PMIX_SESSION_ID is never found";
    }
    if (L_APP == l && 0 == strcmp(k->key, PMIX_APPNUM) && !rank) {
        /* (with a process's rank the client reads that process's own PMIX_APPNUM, which is right) */
        return "an application's number is kept apart (pmix_apptrkr_t.appnum), not among the values"
               " pmix_gds_hash_fetch_appinfo searches: app-realm PMIX_APPNUM is never found";
    }
    if (L_APP == l && rank && !has(q, PMIX_APPNUM) && 0 != strcmp(k->key, PMIX_APPNUM)) {
        return "PMIX_APP_INFO without PMIX_APPNUM defaults to the caller's application only for rank WILDCARD;"
               " for a process rank gds/hash skips the app realm (valid rank) and the Get goes to the server as"
               " a process-level GET (libpmix's server defers it until PMIX_TIMEOUT)";
    }
    if (L_PROC == l && 0 == strcmp(k->key, PMIX_NODEID) && !same_node_as_me(target)) {
        return "PMIX_NODEID is on the client's node-key list, so PMIx_Get_nb turns it, for a process on another"
               " node, into a node-realm Get of that process's host, where the node id is never found (see the"
               " node-realm PMIX_NODEID entry)";
    }
    if (L_NODE == l && (0 == strcmp(k->key, PMIX_HOSTNAME) || 0 == strcmp(k->key, PMIX_NODEID))) {
        bool answered_from_proc = rank && (0 == strcmp(k->key, PMIX_HOSTNAME) || same_node_as_me(target));
        if (!answered_from_proc) {
            return "a node's name and id are kept apart (pmix_nodeinfo_t.hostname/.nodeid), not among the values"
                   " pmix_gds_hash_fetch_nodeinfo searches: node-realm PMIX_HOSTNAME/PMIX_NODEID are not found"
                   " (only a process's own PMIX_HOSTNAME, or PMIX_NODEID of a process on the caller's node, is)";
        }
    }
    if (L_NODE == l && rank && has(q, PMIX_NODE_INFO) && !has(q, PMIX_HOSTNAME) && !has(q, PMIX_NODEID)
        && same_node_as_me(target) && 0 != strcmp(k->key, PMIX_HOSTNAME) && 0 != strcmp(k->key, PMIX_NODEID)) {
        return "for a process on the caller's own node PMIx_Get_nb takes its fast path with the process's rank,"
               " where gds/hash ignores PMIX_NODE_INFO (valid rank); the Get then goes to the server as a"
               " process-level GET (libpmix's server defers it until PMIX_TIMEOUT)";
    }
    if (L_PROC == l && 0 == strcmp(k->key, PMIX_RANK)) {
        return "gds/hash stores a process's data without the PMIX_RANK that heads its PMIX_PROC_DATA array (it"
               " is the array's index): PMIX_RANK of a process is never found";
    }
    return NULL;
}

static void check(level_t l, const keydef_t *k, pmix_rank_t target, quals_t *q, const char *expected)
{
    if (0 == strcmp(mode, "get")) {
        client_limit = libpmix_limit(l, k, target, q);
        check_get(l, k, target, q, expected);
    } else {
        client_limit = NULL;
        check_query(mode, l, k, target, q, expected);
    }
    client_limit = NULL;
}

static bool is_get(void)
{
    return 0 == strcmp(mode, "get");
}

static void add_nspace(quals_t *q)
{
    q_add(q, PMIX_NSPACE, me.nspace, PMIX_STRING);
}

static void add_rank(quals_t *q, pmix_rank_t r)
{
    q_add(q, PMIX_RANK, &r, PMIX_PROC_RANK);
}

/*
 * Session realm. PMIx_Get: the key alone (libpmix adds PMIX_SESSION_INFO itself for the keys of its
 * pmix_check_session_info list; not for the IF_NAMED keys, which alone are the job's), with
 * PMIX_SESSION_INFO, and with PMIX_SESSION_INFO + PMIX_SESSION_ID.
 * PMIX_SESSION_INFO is put FIRST on purpose: PMIx_Get_nb in 4.2.2 tests info[0], not info[n], for
 * PMIX_SESSION_INFO, so a later position would not count as the directive.
 */
static void check_session(void)
{
    uint32_t sid = (uint32_t) num(must(L_SESSION, -1, "PMIX_SESSION_ID"));
    for (const keydef_t *k = SESSION_KEYS; k->name; k++) {
        const char *exp = expect(L_SESSION, -1, k);
        if (NULL == exp) continue;
        quals_t q;
        if (is_get() && !k->if_named) {
            q_init(&q);
            check(L_SESSION, k, PMIX_RANK_WILDCARD, &q, exp);
        }
        q_init(&q);
        q_flag(&q, PMIX_SESSION_INFO);
        check(L_SESSION, k, PMIX_RANK_WILDCARD, &q, exp);
        q_init(&q);
        q_flag(&q, PMIX_SESSION_INFO);
        q_add(&q, PMIX_SESSION_ID, &sid, PMIX_UINT32);
        check(L_SESSION, k, PMIX_RANK_WILDCARD, &q, exp);
    }
}

/* Job realm: rank WILDCARD, with and without the optional PMIX_JOB_INFO. Queries name the job with
 * PMIX_NSPACE and PMIX_RANK = WILDCARD. */
static void check_job(void)
{
    for (const keydef_t *k = JOB_KEYS; k->name; k++) {
        const char *exp = expect(L_JOB, -1, k);
        if (NULL == exp) continue;
        quals_t q;
        if (is_get()) {
            q_init(&q);
            check(L_JOB, k, PMIX_RANK_WILDCARD, &q, exp);
            q_init(&q);
            q_flag(&q, PMIX_JOB_INFO);
            check(L_JOB, k, PMIX_RANK_WILDCARD, &q, exp);
        } else {
            q_init(&q);
            q_flag(&q, PMIX_JOB_INFO);
            add_nspace(&q);
            add_rank(&q, PMIX_RANK_WILDCARD);
            check(L_JOB, k, PMIX_RANK_WILDCARD, &q, exp);
        }
    }
}

/*
 * Application realm: PMIX_APP_INFO + PMIX_APPNUM for every application; PMIX_APP_INFO alone with rank
 * WILDCARD (the caller's application) and with each process's rank (that process's application), as
 * the Standard's "Application realm attributes" section describes. Where the libpmix client falls short of
 * that, see libpmix_limit.
 */
static void check_app(void)
{
    long apps[MAXIDS], procs[MAXIDS];
    int napps = ids(L_APP, apps), nprocs = ids(L_PROC, procs);
    uint32_t myapp = (uint32_t) num(must(L_PROC, me.rank, "PMIX_APPNUM"));
    for (int a = 0; a < napps; a++) {
        uint32_t appnum = (uint32_t) apps[a];
        for (const keydef_t *k = APP_KEYS; k->name; k++) {
            const char *exp = expect(L_APP, apps[a], k);
            if (NULL == exp) continue;
            quals_t q;
            q_init(&q);
            q_flag(&q, PMIX_APP_INFO);
            if (!is_get()) add_nspace(&q);
            q_add(&q, PMIX_APPNUM, &appnum, PMIX_UINT32);
            check(L_APP, k, PMIX_RANK_WILDCARD, &q, exp);
            if (!is_get()) continue;
            if (appnum == myapp) {
                q_init(&q);
                q_flag(&q, PMIX_APP_INFO);
                check(L_APP, k, PMIX_RANK_WILDCARD, &q, exp);
            }
            for (int p = 0; p < nprocs; p++) {
                if (num(must(L_PROC, procs[p], "PMIX_APPNUM")) != appnum) continue;
                q_init(&q);
                q_flag(&q, PMIX_APP_INFO);
                check(L_APP, k, (pmix_rank_t) procs[p], &q, exp);
            }
        }
    }
}

/*
 * Node realm: PMIX_NODE_INFO + PMIX_HOSTNAME and PMIX_NODE_INFO + PMIX_NODEID for every node; the key
 * alone for the caller's node; PMIX_NODE_INFO with each process's rank (the node that process runs on),
 * as the Standard's PMIX_NODE_INFO text describes. Where the libpmix client falls short, see libpmix_limit.
 */
static void check_node(void)
{
    long nodes[MAXIDS], procs[MAXIDS];
    int nnodes = ids(L_NODE, nodes), nprocs = ids(L_PROC, procs);
    uint32_t mynode = (uint32_t) num(must(L_PROC, me.rank, "PMIX_NODEID"));
    for (int n = 0; n < nnodes; n++) {
        uint32_t nodeid = (uint32_t) nodes[n];
        const char *host = must(L_NODE, nodes[n], "PMIX_HOSTNAME");
        for (const keydef_t *k = NODE_KEYS; k->name; k++) {
            const char *exp = expect(L_NODE, nodes[n], k);
            if (NULL == exp) continue;
            quals_t q;
            q_init(&q);
            q_flag(&q, PMIX_NODE_INFO);
            if (!is_get()) add_nspace(&q);
            q_add(&q, PMIX_HOSTNAME, host, PMIX_STRING);
            check(L_NODE, k, PMIX_RANK_WILDCARD, &q, exp);
            q_init(&q);
            q_flag(&q, PMIX_NODE_INFO);
            if (!is_get()) add_nspace(&q);
            q_add(&q, PMIX_NODEID, &nodeid, PMIX_UINT32);
            check(L_NODE, k, PMIX_RANK_WILDCARD, &q, exp);
            if (!is_get()) continue;
            if (nodeid == mynode) {
                q_init(&q);
                check(L_NODE, k, PMIX_RANK_WILDCARD, &q, exp);
            }
            for (int p = 0; p < nprocs; p++) {
                if (num(must(L_PROC, procs[p], "PMIX_NODEID")) != nodeid) continue;
                q_init(&q);
                q_flag(&q, PMIX_NODE_INFO);
                check(L_NODE, k, (pmix_rank_t) procs[p], &q, exp);
            }
        }
    }
}

/* Process realm: the process's own name, no qualifiers; queries name it with PMIX_NSPACE + PMIX_RANK. */
static void check_proc(void)
{
    long procs[MAXIDS];
    int nprocs = ids(L_PROC, procs);
    for (int p = 0; p < nprocs; p++) {
        for (const keydef_t *k = PROC_KEYS; k->name; k++) {
            const char *exp = expect(L_PROC, procs[p], k);
            if (NULL == exp) continue;
            quals_t q;
            q_init(&q);
            if (!is_get()) {
                add_nspace(&q);
                add_rank(&q, (pmix_rank_t) procs[p]);
            }
            check(L_PROC, k, (pmix_rank_t) procs[p], &q, exp);
        }
    }
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    mode = "get";
    for (int i = 1; i < argc; i++) {
        if (0 == strcmp(argv[i], "--mode") && i + 1 < argc) {
            mode = argv[++i];
        } else {
            path = argv[i];
        }
    }
    if (NULL == path || (strcmp(mode, "get") && strcmp(mode, "query") && strcmp(mode, "query-refresh"))) {
        fprintf(stderr, "usage: get_all_keys [--mode get|query|query-refresh] FACTS_FILE\n");
        return 4;
    }
    read_facts(path);

    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("INIT %s:%u mode %s\n", me.nspace, me.rank, mode);
    if (NULL == fact(L_PROC, me.rank, "PMIX_RANK")) {
        fprintf(stderr, "facts: nothing about my own rank %u\n", me.rank);
        PMIx_Finalize(NULL, 0);
        return 4;
    }
    check_session();
    check_job();
    check_app();
    check_node();
    check_proc();
    printf("DONE %s:%u %d passed, %d failed, %d known libpmix client limits\n", me.nspace, me.rank, passes,
           failures, xfails);
    fflush(stdout);

    rc = PMIx_Finalize(NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_Finalize failed: %s\n", PMIx_Error_string(rc));
        return 3;
    }
    return failures ? 2 : 0;
}
