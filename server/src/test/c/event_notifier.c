/*
 * Event raiser for the event interop tests: a client that calls PMIx_Notify_event once and prints the
 * status the server answered.
 *
 *   event_notifier CODE RANGE [-r NS:RANK]... [-a NS:RANK] [-N] [-C]
 *     RANGE      a pmix_data_range_t number (3 = NAMESPACE, 6 = CUSTOM ...)
 *     -r NS:RANK add to PMIX_EVENT_CUSTOM_RANGE (RANK '*' = wildcard)
 *     -a NS:RANK PMIX_EVENT_AFFECTED_PROC
 *     -N         PMIX_EVENT_NON_DEFAULT
 *     -C         PMIX_EVENT_DO_NOT_CACHE
 * Every event carries "evtest.msg" = "hello from NS:RANK". Prints "NOTIFIED <status>"; exit 0 when the
 * status is PMIX_SUCCESS.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile int done = 0;
static volatile pmix_status_t result = PMIX_ERROR;

static void opcb(pmix_status_t status, void *cbdata)
{
    (void) cbdata;
    result = status;
    done = 1;
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
    pmix_proc_t me, targets[8], affected;
    size_t ntargets = 0, ninfo = 0;
    int have_affected = 0, nondefault = 0, nocache = 0, opt, waited = 0;
    pmix_info_t info[5];
    pmix_data_array_t darray;
    pmix_status_t code, rc;
    pmix_data_range_t range;
    char msg[PMIX_MAX_NSLEN + 64];
    bool flag = true;

    if (argc < 3) {
        fprintf(stderr, "usage: %s CODE RANGE [-r NS:RANK]... [-a NS:RANK] [-N] [-C]\n", argv[0]);
        return 2;
    }
    code = atoi(argv[1]);
    range = (pmix_data_range_t) atoi(argv[2]);
    optind = 3;
    while (-1 != (opt = getopt(argc, argv, "r:a:NC"))) {
        switch (opt) {
        case 'r':
            if (ntargets < 8 && 0 == parse_proc(optarg, &targets[ntargets])) {
                ntargets++;
            }
            break;
        case 'a':
            have_affected = 0 == parse_proc(optarg, &affected);
            break;
        case 'N': nondefault = 1; break;
        case 'C': nocache = 1; break;
        default: return 2;
        }
    }
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 2;
    }
    snprintf(msg, sizeof msg, "hello from %s:%u", me.nspace, me.rank);
    PMIX_INFO_LOAD(&info[ninfo++], "evtest.msg", msg, PMIX_STRING);
    if (ntargets > 0) {
        darray.type = PMIX_PROC;
        darray.size = ntargets;
        darray.array = targets;
        PMIX_INFO_LOAD(&info[ninfo++], PMIX_EVENT_CUSTOM_RANGE, &darray, PMIX_DATA_ARRAY);
    }
    if (have_affected) {
        PMIX_INFO_LOAD(&info[ninfo++], PMIX_EVENT_AFFECTED_PROC, &affected, PMIX_PROC);
    }
    if (nondefault) {
        PMIX_INFO_LOAD(&info[ninfo++], PMIX_EVENT_NON_DEFAULT, &flag, PMIX_BOOL);
    }
    if (nocache) {
        PMIX_INFO_LOAD(&info[ninfo++], PMIX_EVENT_DO_NOT_CACHE, &flag, PMIX_BOOL);
    }
    rc = PMIx_Notify_event(code, &me, range, info, ninfo, opcb, NULL);
    if (PMIX_SUCCESS != rc) {
        printf("NOTIFIED %d\n", rc);
        PMIx_Finalize(NULL, 0);
        return 1;
    }
    while (!done && waited < 10000) {
        usleep(1000);
        waited++;
    }
    printf("NOTIFIED %d\n", done ? result : PMIX_ERR_TIMEOUT);
    fflush(stdout);
    PMIx_Finalize(NULL, 0);
    return done && PMIX_SUCCESS == result ? 0 : 1;
}
