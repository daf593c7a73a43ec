/* publish/lookup/unpublish client for the service-handler tests.
 * Usage: svc_pubsub OP...   with OP one of
 *   pub:KEY=VALUE[@RANGE[@PERSIST]]   RANGE: local ns session global proc; PERSIST: indef first proc app session
 *   get:KEY                           lookup without waiting
 *   wait:KEY[,KEY...]                 lookup with PMIX_WAIT (all keys) and PMIX_TIMEOUT 30
 *   unpub:KEY                         unpublish
 * Prints one line per operation: "<op> <key> rc=<status> [value=<v> from=<ns>:<rank>]". */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pmix_data_range_t range_of(const char *s)
{
    if (!strcmp(s, "local")) return PMIX_RANGE_LOCAL;
    if (!strcmp(s, "ns")) return PMIX_RANGE_NAMESPACE;
    if (!strcmp(s, "global")) return PMIX_RANGE_GLOBAL;
    if (!strcmp(s, "proc")) return PMIX_RANGE_PROC_LOCAL;
    return PMIX_RANGE_SESSION;
}

static pmix_persistence_t persist_of(const char *s)
{
    if (!strcmp(s, "indef")) return PMIX_PERSIST_INDEF;
    if (!strcmp(s, "first")) return PMIX_PERSIST_FIRST_READ;
    if (!strcmp(s, "proc")) return PMIX_PERSIST_PROC;
    if (!strcmp(s, "session")) return PMIX_PERSIST_SESSION;
    return PMIX_PERSIST_APP;
}

static void publish(char *spec)
{
    char *key = spec, *val = strchr(spec, '='), *opt, *range = NULL, *persist = NULL;
    pmix_info_t info[3];
    size_t n = 1;
    pmix_status_t rc;

    *val++ = '\0';
    if (NULL != (opt = strchr(val, '@'))) {
        *opt++ = '\0';
        range = opt;
        if (NULL != (opt = strchr(range, '@'))) {
            *opt++ = '\0';
            persist = opt;
        }
    }
    PMIX_INFO_LOAD(&info[0], key, val, PMIX_STRING);
    if (range) {
        pmix_data_range_t r = range_of(range);
        PMIX_INFO_LOAD(&info[n], PMIX_RANGE, &r, PMIX_DATA_RANGE);
        n++;
    }
    if (persist) {
        pmix_persistence_t p = persist_of(persist);
        PMIX_INFO_LOAD(&info[n], PMIX_PERSISTENCE, &p, PMIX_PERSIST);
        n++;
    }
    rc = PMIx_Publish(info, n);
    printf("pub %s rc=%d\n", key, rc);
}

static void lookup(char *keys, int wait)
{
    pmix_pdata_t pdata[8];
    pmix_info_t info[2];
    size_t n = 0, k;
    int zero = 0, timeout = 30;
    char *save = NULL, *key;
    pmix_status_t rc;

    for (key = strtok_r(keys, ",", &save); key && n < 8; key = strtok_r(NULL, ",", &save)) {
        PMIX_PDATA_CONSTRUCT(&pdata[n]);
        PMIX_LOAD_KEY(pdata[n].key, key);
        n++;
    }
    if (wait) {
        PMIX_INFO_LOAD(&info[0], PMIX_WAIT, &zero, PMIX_INT);
        PMIX_INFO_LOAD(&info[1], PMIX_TIMEOUT, &timeout, PMIX_INT);
    }
    rc = PMIx_Lookup(pdata, n, wait ? info : NULL, wait ? 2 : 0);
    for (k = 0; k < n; k++) {
        if (PMIX_SUCCESS == rc && PMIX_STRING == pdata[k].value.type) {
            printf("%s %s rc=%d value=%s from=%s:%u\n", wait ? "wait" : "get", pdata[k].key, rc,
                   pdata[k].value.data.string, pdata[k].proc.nspace, pdata[k].proc.rank);
        } else {
            printf("%s %s rc=%d\n", wait ? "wait" : "get", pdata[k].key, rc);
        }
    }
}

static void unpublish(char *key)
{
    char *keys[2] = {key, NULL};
    pmix_status_t rc = PMIx_Unpublish(keys, NULL, 0);
    printf("unpub %s rc=%d\n", key, rc);
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_status_t rc;
    int i;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (PMIX_SUCCESS != (rc = PMIx_Init(&me, NULL, 0))) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("init %s:%u\n", me.nspace, me.rank);
    for (i = 1; i < argc; i++) {
        char *op = argv[i], *arg = strchr(op, ':');
        if (NULL == arg) {
            fprintf(stderr, "bad op %s\n", op);
            return 2;
        }
        *arg++ = '\0';
        if (!strcmp(op, "pub")) publish(arg);
        else if (!strcmp(op, "get")) lookup(arg, 0);
        else if (!strcmp(op, "wait")) lookup(arg, 1);
        else if (!strcmp(op, "unpub")) unpublish(arg);
        else { fprintf(stderr, "bad op %s\n", op); return 2; }
    }
    PMIx_Finalize(NULL, 0);
    return 0;
}
