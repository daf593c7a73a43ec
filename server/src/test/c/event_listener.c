/*
 * Event listener for the event interop tests: registers an event handler (as a client, or as a tool with
 * -t URI), prints every event it receives, and exits when it has the events it waits for.
 *
 *   event_listener [-t URI] [-c CODE]... [-a NS:RANK] [-n COUNT] [-w SECONDS] [-x] [-d] [-2] [-f]
 *     -c CODE    register for CODE (repeatable); without -c: a default handler
 *     -a NS:RANK PMIX_EVENT_AFFECTED_PROC directive (RANK '*' = wildcard)
 *     -n COUNT   events to wait for (default 1)
 *     -w SECONDS how long to wait (default 20)
 *     -x         expect no event: wait the whole time, succeed if none came
 *     -d         deregister the handler right after registering it
 *     -2         then register a second handler for the same codes (and -a), plus a directive of no
 *                meaning ("evtest.second"), which makes the client library send a second REGEVENTS
 *     -f         wait the whole time even when the events came (to catch duplicates)
 *     -t URI     connect as a tool to the server at URI instead of as a client
 *
 * Output (stdout, one line each): "REGISTERED <status> <ref>", "DEREGISTERED <status>",
 * "EVENT ref=<handler ref> code=<c> source=<ns>:<rank> ninfo=<n>", then "INFO <key>=<value>" per info,
 * "DONE events=<n>". Exit 0 on success, 2 on an API failure, 3 when the expected events did not come.
 */
#include <pmix_tool.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile int nevents = 0;

static void print_proc(const char *prefix, const pmix_proc_t *p)
{
    if (PMIX_RANK_WILDCARD == p->rank) {
        printf("%s%s:*", prefix, p->nspace);
    } else {
        printf("%s%s:%u", prefix, p->nspace, p->rank);
    }
}

static void print_info(const pmix_info_t *info)
{
    const pmix_value_t *v = &info->value;
    size_t i;
    printf("INFO %s=", info->key);
    switch (v->type) {
    case PMIX_STRING: printf("%s", v->data.string); break;
    case PMIX_BOOL: printf("%s", v->data.flag ? "true" : "false"); break;
    case PMIX_STATUS: printf("status:%d", v->data.status); break;
    case PMIX_INT: printf("int:%d", v->data.integer); break;
    case PMIX_INT32: printf("int32:%d", v->data.int32); break;
    case PMIX_UINT32: printf("uint32:%u", v->data.uint32); break;
    case PMIX_TIME: printf("time:%ld", (long) v->data.time); break;
    case PMIX_DATA_RANGE: printf("range:%d", (int) v->data.range); break;
    case PMIX_PROC: print_proc("proc:", v->data.proc); break;
    case PMIX_DATA_ARRAY:
        printf("array:");
        if (PMIX_PROC == v->data.darray->type) {
            for (i = 0; i < v->data.darray->size; i++) {
                print_proc(i ? "," : "", &((pmix_proc_t *) v->data.darray->array)[i]);
            }
        } else {
            printf("type%d[%lu]", (int) v->data.darray->type, (unsigned long) v->data.darray->size);
        }
        break;
    default: printf("type%d", (int) v->type); break;
    }
    printf("\n");
}

static void handler(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[],
                    size_t ninfo, pmix_info_t results[], size_t nresults,
                    pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    size_t n;
    (void) results;
    (void) nresults;
    pthread_mutex_lock(&lock);
    printf("EVENT ref=%lu code=%d ", (unsigned long) id, status);
    print_proc("source=", source);
    printf(" ninfo=%lu\n", (unsigned long) ninfo);
    for (n = 0; n < ninfo; n++) {
        print_info(&info[n]);
    }
    fflush(stdout);
    nevents++;
    pthread_mutex_unlock(&lock);
    if (NULL != cbfunc) {
        cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
    }
}

static int parse_proc(const char *s, pmix_proc_t *p)
{
    const char *colon = strrchr(s, ':');
    char ns[PMIX_MAX_NSLEN + 1];
    if (NULL == colon || (size_t) (colon - s) > PMIX_MAX_NSLEN) {
        return -1;
    }
    memcpy(ns, s, colon - s);
    ns[colon - s] = '\0';
    PMIX_LOAD_PROCID(p, ns, 0 == strcmp(colon + 1, "*") ? PMIX_RANK_WILDCARD : (pmix_rank_t) atoi(colon + 1));
    return 0;
}

int main(int argc, char **argv)
{
    pmix_status_t codes[16];
    size_t ncodes = 0;
    pmix_proc_t me, affected;
    int have_affected = 0, want = 1, secs = 20, expect_none = 0, dereg = 0, second = 0, full = 0, opt, ok;
    const char *uri = NULL;
    pmix_info_t dir[1], tinfo[1], dir2[2];
    bool flag = true;
    pmix_status_t rc;
    time_t end;

    while (-1 != (opt = getopt(argc, argv, "t:c:a:n:w:xd2f"))) {
        switch (opt) {
        case 't': uri = optarg; break;
        case 'c':
            if (ncodes < 16) {
                codes[ncodes++] = atoi(optarg);
            }
            break;
        case 'a':
            if (0 != parse_proc(optarg, &affected)) {
                fprintf(stderr, "bad proc '%s'\n", optarg);
                return 2;
            }
            have_affected = 1;
            break;
        case 'n': want = atoi(optarg); break;
        case 'w': secs = atoi(optarg); break;
        case 'x': expect_none = 1; break;
        case 'd': dereg = 1; break;
        case '2': second = 1; break;
        case 'f': full = 1; break;
        default: return 2;
        }
    }

    if (NULL != uri) {
        PMIX_INFO_LOAD(&tinfo[0], PMIX_SERVER_URI, uri, PMIX_STRING);
        rc = PMIx_tool_init(&me, tinfo, 1);
    } else {
        rc = PMIx_Init(&me, NULL, 0);
    }
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "init failed: %s\n", PMIx_Error_string(rc));
        return 2;
    }
    fprintf(stderr, "listener %s:%u up\n", me.nspace, me.rank);

    if (have_affected) {
        PMIX_INFO_LOAD(&dir[0], PMIX_EVENT_AFFECTED_PROC, &affected, PMIX_PROC);
    }
    rc = PMIx_Register_event_handler(ncodes ? codes : NULL, ncodes, have_affected ? dir : NULL,
                                     have_affected ? 1 : 0, handler, NULL, NULL);
    pthread_mutex_lock(&lock);
    printf("REGISTERED %d %d\n", rc < 0 ? rc : 0, rc);
    fflush(stdout);
    pthread_mutex_unlock(&lock);
    if (rc < 0) {
        return 2;
    }
    if (dereg) {
        pmix_status_t drc = PMIx_Deregister_event_handler((size_t) rc, NULL, NULL);
        pthread_mutex_lock(&lock);
        printf("DEREGISTERED %d\n", drc);
        fflush(stdout);
        pthread_mutex_unlock(&lock);
    }

    if (second) {
        PMIX_INFO_LOAD(&dir2[0], "evtest.second", &flag, PMIX_BOOL);
        if (have_affected) {
            PMIX_INFO_LOAD(&dir2[1], PMIX_EVENT_AFFECTED_PROC, &affected, PMIX_PROC);
        }
        rc = PMIx_Register_event_handler(ncodes ? codes : NULL, ncodes, dir2, have_affected ? 2 : 1, handler,
                                         NULL, NULL);
        pthread_mutex_lock(&lock);
        printf("REGISTERED %d %d\n", rc < 0 ? rc : 0, rc);
        fflush(stdout);
        pthread_mutex_unlock(&lock);
        if (rc < 0) {
            return 2;
        }
    }

    end = time(NULL) + secs;
    while (time(NULL) < end && (expect_none || full || nevents < want)) {
        usleep(10000);
    }
    ok = expect_none ? (0 == nevents) : (nevents >= want);
    pthread_mutex_lock(&lock);
    printf("DONE events=%d\n", nevents);
    fflush(stdout);
    pthread_mutex_unlock(&lock);

    rc = NULL != uri ? PMIx_tool_finalize() : PMIx_Finalize(NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "finalize failed: %s\n", PMIx_Error_string(rc));
    }
    return ok ? 0 : 3;
}
