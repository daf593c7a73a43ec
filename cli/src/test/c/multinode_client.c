/*
 * multinode_client: a libpmix client for the multi-node tests (MultiNodeRunTest).
 *
 *   multinode_client fence    puts a GLOBAL key, fences with PMIX_COLLECT_DATA, gets every rank's key
 *   multinode_client dmodex   puts a GLOBAL key, fences without data, gets every rank's key (the direct modex)
 *   multinode_client get      puts and commits, no fence: gets every rank's key (waiting for its commit)
 *   multinode_client group    every rank constructs the group "mn.group" of all ranks asking for a context id,
 *                             prints "group R context ID", and destructs it
 *   multinode_client pubsub   rank 0 publishes mn.pub=from-HOST; after a fence every rank looks it up and
 *                             prints "lookup R VALUE"; after a second fence rank 0 unpublishes it
 *   multinode_client names    finds its node by the name gethostname() gives (cut at the first dot), as a
 *                             program that never read PMIX_HOSTNAME would: prints "names R own O aliases A
 *                             peers P resolved N" (its node's PMIX_HOSTNAME_ALIASES, the PMIX_LOCAL_PEERS of
 *                             the node named O, how many processes PMIx_Resolve_peers(O) gives)
 *
 * Prints "rank R host H nodeid N localsize L peers P size S", then "get R T VALUE" for each rank T read, and
 * "done R". Exit 0 on success, 1 init, 2 a call failed (the line says which).
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fail(const char *what, pmix_status_t rc)
{
    printf("FAIL %s %s\n", what, PMIx_Error_string(rc));
    fflush(stdout);
    return 2;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "fence";
    pmix_proc_t me, job;
    pmix_value_t *val = NULL, v;
    pmix_status_t rc;
    if (PMIx_Init(&me, NULL, 0) != PMIX_SUCCESS) return 1;
    PMIX_LOAD_PROCID(&job, me.nspace, PMIX_RANK_WILDCARD);
    uint32_t size = 0, nodeid = 0, localsize = 0;
    char host[256] = "?", peers[1024] = "?";
    if ((rc = PMIx_Get(&job, PMIX_JOB_SIZE, NULL, 0, &val)) != PMIX_SUCCESS) return fail("job-size", rc);
    size = val->data.uint32; PMIX_VALUE_RELEASE(val);
    if ((rc = PMIx_Get(&me, PMIX_HOSTNAME, NULL, 0, &val)) != PMIX_SUCCESS) return fail("hostname", rc);
    snprintf(host, sizeof host, "%s", val->data.string); PMIX_VALUE_RELEASE(val);
    if ((rc = PMIx_Get(&me, PMIX_NODEID, NULL, 0, &val)) != PMIX_SUCCESS) return fail("nodeid", rc);
    nodeid = val->data.uint32; PMIX_VALUE_RELEASE(val);
    if ((rc = PMIx_Get(&job, PMIX_LOCAL_SIZE, NULL, 0, &val)) != PMIX_SUCCESS) return fail("local-size", rc);
    localsize = val->data.uint32; PMIX_VALUE_RELEASE(val);
    if ((rc = PMIx_Get(&job, PMIX_LOCAL_PEERS, NULL, 0, &val)) != PMIX_SUCCESS) return fail("local-peers", rc);
    snprintf(peers, sizeof peers, "%s", val->data.string); PMIX_VALUE_RELEASE(val);
    printf("rank %u host %s nodeid %u localsize %u peers %s size %u\n", me.rank, host, nodeid, localsize, peers, size);
    fflush(stdout);

    if (strcmp(mode, "group") == 0) {
        pmix_proc_t *members = malloc(size * sizeof(pmix_proc_t));
        for (uint32_t t = 0; t < size; t++) {
            PMIX_LOAD_PROCID(&members[t], me.nspace, t);
        }
        pmix_info_t ask;
        bool yes = true;
        PMIX_INFO_LOAD(&ask, PMIX_GROUP_ASSIGN_CONTEXT_ID, &yes, PMIX_BOOL);
        pmix_info_t *results = NULL;
        size_t nresults = 0;
        if ((rc = PMIx_Group_construct("mn.group", members, size, &ask, 1, &results, &nresults)) != PMIX_SUCCESS)
            return fail("group-construct", rc);
        long long context = -1;
        for (size_t i = 0; i < nresults; i++) {
            if (PMIX_CHECK_KEY(&results[i], PMIX_GROUP_CONTEXT_ID)) context = (long long) results[i].value.data.size;
        }
        printf("group %u context %lld\n", me.rank, context);
        if ((rc = PMIx_Group_destruct("mn.group", NULL, 0)) != PMIX_SUCCESS) return fail("group-destruct", rc);
        printf("done %u\n", me.rank);
        fflush(stdout);
        return PMIx_Finalize(NULL, 0) == PMIX_SUCCESS ? 0 : 2;
    }
    if (strcmp(mode, "names") == 0) {
        char own[256] = "";
        gethostname(own, sizeof own);
        char *dot = strchr(own, '.');
        if (dot != NULL && !(own[0] >= '0' && own[0] <= '9')) *dot = '\0';
        char aliases[1024] = "none", bypeers[1024] = "none";
        pmix_info_t q[2];
        bool yes = true;
        PMIX_INFO_LOAD(&q[0], PMIX_NODE_INFO, &yes, PMIX_BOOL);
        PMIX_INFO_LOAD(&q[1], PMIX_HOSTNAME, host, PMIX_STRING);
        if (PMIx_Get(&job, PMIX_HOSTNAME_ALIASES, q, 2, &val) == PMIX_SUCCESS) {
            snprintf(aliases, sizeof aliases, "%s", val->data.string); PMIX_VALUE_RELEASE(val);
        }
        PMIX_INFO_DESTRUCT(&q[1]);
        PMIX_INFO_LOAD(&q[1], PMIX_HOSTNAME, own, PMIX_STRING);
        if ((rc = PMIx_Get(&job, PMIX_LOCAL_PEERS, q, 2, &val)) != PMIX_SUCCESS) return fail("peers-by-own-name", rc);
        snprintf(bypeers, sizeof bypeers, "%s", val->data.string); PMIX_VALUE_RELEASE(val);
        pmix_proc_t *procs = NULL;
        size_t nprocs = 0;
        if ((rc = PMIx_Resolve_peers(own, me.nspace, &procs, &nprocs)) != PMIX_SUCCESS) return fail("resolve-peers", rc);
        printf("names %u own %s aliases %s peers %s resolved %zu\n", me.rank, own, aliases, bypeers, nprocs);
        printf("done %u\n", me.rank);
        fflush(stdout);
        return PMIx_Finalize(NULL, 0) == PMIX_SUCCESS ? 0 : 2;
    }
    if (strcmp(mode, "pubsub") == 0) {
        pmix_info_t pub;
        char text[300];
        snprintf(text, sizeof text, "from-%s", host);
        if (me.rank == 0) {
            PMIX_INFO_LOAD(&pub, "mn.pub", text, PMIX_STRING);
            if ((rc = PMIx_Publish(&pub, 1)) != PMIX_SUCCESS) return fail("publish", rc);
            PMIX_INFO_DESTRUCT(&pub);
        }
        if ((rc = PMIx_Fence(NULL, 0, NULL, 0)) != PMIX_SUCCESS) return fail("fence", rc);
        pmix_pdata_t pd;
        PMIX_PDATA_CONSTRUCT(&pd);
        PMIX_LOAD_KEY(pd.key, "mn.pub");
        if ((rc = PMIx_Lookup(&pd, 1, NULL, 0)) != PMIX_SUCCESS) return fail("lookup", rc);
        printf("lookup %u %s by %s:%u\n", me.rank, pd.value.data.string, pd.proc.nspace, pd.proc.rank);
        PMIX_PDATA_DESTRUCT(&pd);
        if ((rc = PMIx_Fence(NULL, 0, NULL, 0)) != PMIX_SUCCESS) return fail("fence", rc);
        if (me.rank == 0) {
            char *keys[] = {"mn.pub", NULL};
            if ((rc = PMIx_Unpublish(keys, NULL, 0)) != PMIX_SUCCESS) return fail("unpublish", rc);
        }
        printf("done %u\n", me.rank);
        fflush(stdout);
        return PMIx_Finalize(NULL, 0) == PMIX_SUCCESS ? 0 : 2;
    }

    char key[64], value[300];
    snprintf(key, sizeof key, "mn.key.%u", me.rank);
    snprintf(value, sizeof value, "value-%u-on-%s", me.rank, host);
    PMIX_VALUE_LOAD(&v, value, PMIX_STRING);
    if ((rc = PMIx_Put(PMIX_GLOBAL, key, &v)) != PMIX_SUCCESS) return fail("put", rc);
    PMIX_VALUE_DESTRUCT(&v);
    if ((rc = PMIx_Commit()) != PMIX_SUCCESS) return fail("commit", rc);
    if (strcmp(mode, "get") != 0) {
        pmix_info_t info;
        bool collect = strcmp(mode, "fence") == 0;
        PMIX_INFO_LOAD(&info, PMIX_COLLECT_DATA, &collect, PMIX_BOOL);
        if ((rc = PMIx_Fence(&job, 1, &info, 1)) != PMIX_SUCCESS) return fail("fence", rc);
        PMIX_INFO_DESTRUCT(&info);
    }
    for (uint32_t t = 0; t < size; t++) {
        pmix_proc_t peer;
        PMIX_LOAD_PROCID(&peer, me.nspace, t);
        snprintf(key, sizeof key, "mn.key.%u", t);
        if ((rc = PMIx_Get(&peer, key, NULL, 0, &val)) != PMIX_SUCCESS) return fail(key, rc);
        char peerhost[256] = "?";
        pmix_value_t *hv = NULL;
        if (PMIx_Get(&peer, PMIX_HOSTNAME, NULL, 0, &hv) == PMIX_SUCCESS) {
            snprintf(peerhost, sizeof peerhost, "%s", hv->data.string);
            PMIX_VALUE_RELEASE(hv);
        }
        printf("get %u %u %s host %s\n", me.rank, t, val->data.string, peerhost);
        PMIX_VALUE_RELEASE(val);
    }
    /* a last fence, so that no rank leaves while another still asks it for its data */
    if ((rc = PMIx_Fence(NULL, 0, NULL, 0)) != PMIX_SUCCESS) return fail("final-fence", rc);
    printf("done %u\n", me.rank);
    fflush(stdout);
    return PMIx_Finalize(NULL, 0) == PMIX_SUCCESS ? 0 : 2;
}
