/*
 * A libpmix client of a job over several nodes that reports what its server's job data says:
 *   rank R local-size N local-peers P nodeid I node-size S
 *   rank R sees Q host H nodeid I
 *   rank R node H peers P
 * for every rank Q of the job (its node's name and id from the job data, no direct modex; libpmix 4.2.2
 * answers PMIX_NODEID of a rank on another node from that node's array, where it keeps the id apart from
 * the keys it searches, so that reads -1) and for the host of every rank, that node's PMIX_LOCAL_PEERS.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pmix.h>

static pmix_value_t *get(const pmix_proc_t *p, const char *key)
{
    pmix_value_t *v = NULL;
    pmix_info_t info;
    PMIX_INFO_LOAD(&info, PMIX_OPTIONAL, NULL, PMIX_BOOL);
    if (PMIX_SUCCESS != PMIx_Get(p, key, &info, 1, &v)) {
        return NULL;
    }
    return v;
}

static long number(pmix_value_t *v)
{
    long r = -1;
    if (NULL == v) {
        return -1;
    }
    switch (v->type) {
    case PMIX_UINT32: r = v->data.uint32; break;
    case PMIX_UINT16: r = v->data.uint16; break;
    case PMIX_INT: r = v->data.integer; break;
    default: r = -2;
    }
    PMIX_VALUE_RELEASE(v);
    return r;
}

static void string(pmix_value_t *v, char *buf, size_t len)
{
    if (NULL == v || PMIX_STRING != v->type || NULL == v->data.string) {
        snprintf(buf, len, "none");
    } else {
        snprintf(buf, len, "%s", v->data.string);
    }
    if (NULL != v) {
        PMIX_VALUE_RELEASE(v);
    }
}

int main(void)
{
    pmix_proc_t me, wild, peer;
    char peers[256], host[256];
    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_PROC_CONSTRUCT(&wild);
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    long size = number(get(&wild, PMIX_JOB_SIZE));
    long lsize = number(get(&wild, PMIX_LOCAL_SIZE));
    string(get(&wild, PMIX_LOCAL_PEERS), peers, sizeof(peers));
    long nodeid = number(get(&me, PMIX_NODEID));
    long nsize = number(get(&wild, PMIX_NODE_SIZE));
    printf("rank %u local-size %ld local-peers %s nodeid %ld node-size %ld\n", me.rank, lsize, peers, nodeid, nsize);
    for (long q = 0; q < size; q++) {
        PMIX_LOAD_PROCID(&peer, me.nspace, (pmix_rank_t) q);
        string(get(&peer, PMIX_HOSTNAME), host, sizeof(host));
        long id = number(get(&peer, PMIX_NODEID));
        printf("rank %u sees %ld host %s nodeid %ld\n", me.rank, q, host, id);
        pmix_info_t quals[2];
        pmix_value_t *v = NULL;
        PMIX_INFO_LOAD(&quals[0], PMIX_NODE_INFO, NULL, PMIX_BOOL);
        PMIX_INFO_LOAD(&quals[1], PMIX_HOSTNAME, host, PMIX_STRING);
        if (PMIX_SUCCESS != PMIx_Get(&wild, PMIX_LOCAL_PEERS, quals, 2, &v)) {
            v = NULL;
        }
        string(v, peers, sizeof(peers));
        printf("rank %u node %s peers %s\n", me.rank, host, peers);
    }
    fflush(stdout);
    PMIx_Finalize(NULL, 0);
    return 0;
}
