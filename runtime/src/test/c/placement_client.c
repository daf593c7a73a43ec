/*
 * A libpmix client that reports where it runs and what the server says about every rank's placement:
 *   rank R runs-on <CPU list from sched_getaffinity>
 *   rank R sees P cpuset <PMIX_CPUSET or none> locality <PMIX_LOCALITY_STRING or none> lrank L nrank N
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pmix.h>

static void affinity(char *buf, size_t len)
{
    cpu_set_t set;
    int first = -1, prev = -2, n = 0;
    buf[0] = '\0';
    CPU_ZERO(&set);
    if (0 != sched_getaffinity(0, sizeof(set), &set)) {
        snprintf(buf, len, "error");
        return;
    }
    /* hwloc list syntax: runs collapsed to a-b */
    for (int c = 0; c <= CPU_SETSIZE; c++) {
        int in = c < CPU_SETSIZE && CPU_ISSET(c, &set);
        if (in && prev == c - 1) {
            prev = c;
            continue;
        }
        if (first >= 0) {
            n += snprintf(buf + n, len - n, "%s%d", n > 0 ? "," : "", first);
            if (prev > first) {
                n += snprintf(buf + n, len - n, "-%d", prev);
            }
        }
        first = in ? c : -1;
        prev = in ? c : -2;
    }
}

static const char *get_string(const pmix_proc_t *p, const char *key, char *buf, size_t len)
{
    pmix_value_t *v = NULL;
    pmix_info_t info;
    PMIX_INFO_LOAD(&info, PMIX_OPTIONAL, NULL, PMIX_BOOL);
    if (PMIX_SUCCESS != PMIx_Get(p, key, &info, 1, &v) || NULL == v || PMIX_STRING != v->type
        || NULL == v->data.string) {
        snprintf(buf, len, "none");
    } else {
        snprintf(buf, len, "%s", v->data.string);
    }
    if (NULL != v) {
        PMIX_VALUE_RELEASE(v);
    }
    return buf;
}

static unsigned get_u(const pmix_proc_t *p, const char *key)
{
    pmix_value_t *v = NULL;
    unsigned r = 9999;
    if (PMIX_SUCCESS == PMIx_Get(p, key, NULL, 0, &v) && NULL != v) {
        if (PMIX_UINT16 == v->type) {
            r = v->data.uint16;
        } else if (PMIX_UINT32 == v->type) {
            r = v->data.uint32;
        }
        PMIX_VALUE_RELEASE(v);
    }
    return r;
}

int main(void)
{
    pmix_proc_t me, wild, peer;
    pmix_value_t *v = NULL;
    char runs[1024], cs[256], loc[256];
    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    if (PMIX_SUCCESS != PMIx_Get(&wild, PMIX_JOB_SIZE, NULL, 0, &v)) {
        fprintf(stderr, "no job size\n");
        return 1;
    }
    uint32_t size = v->data.uint32;
    PMIX_VALUE_RELEASE(v);
    affinity(runs, sizeof(runs));
    printf("rank %u runs-on %s\n", me.rank, runs);
    for (uint32_t r = 0; r < size; r++) {
        PMIX_LOAD_PROCID(&peer, me.nspace, r);
        printf("rank %u sees %u cpuset %s", me.rank, r, get_string(&peer, PMIX_CPUSET, cs, sizeof(cs)));
        printf(" locality %s lrank %u nrank %u\n", get_string(&peer, PMIX_LOCALITY_STRING, loc, sizeof(loc)),
               get_u(&peer, PMIX_LOCAL_RANK), get_u(&peer, PMIX_NODE_RANK));
    }
    fflush(stdout);
    PMIx_Finalize(NULL, 0);
    return 0;
}
