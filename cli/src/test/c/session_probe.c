/*
 * session_probe: a PMIx client that reports the session it runs in, as a libpmix 4.2.2 client reads it:
 * PMIX_SESSION_ID, then PMIX_MAX_PROCS, PMIX_UNIV_SIZE and PMIX_NUM_NODES qualified with PMIX_SESSION_INFO
 * and that PMIX_SESSION_ID. Prints one line, "probe rank R session S max M univ U nodes N" (-1 for a value
 * not found), and exits 0; 1 when PMIx_Init failed, 3 when the session id was not found.
 */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>

/* a uint32 of the session, -1 if not found */
static long session_u32(pmix_proc_t *job, const char *key, uint32_t sid, int with_id)
{
    pmix_info_t q[2];
    pmix_value_t *v = NULL;
    bool yes = true;
    long out = -1;
    PMIX_INFO_LOAD(&q[0], PMIX_SESSION_INFO, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&q[1], PMIX_SESSION_ID, &sid, PMIX_UINT32);
    if (PMIX_SUCCESS == PMIx_Get(job, key, q, with_id ? 2 : 1, &v) && NULL != v) {
        if (PMIX_UINT32 == v->type) {
            out = v->data.uint32;
        }
        PMIX_VALUE_RELEASE(v);
    }
    return out;
}

int main(void)
{
    pmix_proc_t me, job;
    long sid;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (PMIX_SUCCESS != PMIx_Init(&me, NULL, 0)) {
        fprintf(stderr, "PMIx_Init failed\n");
        return 1;
    }
    PMIX_LOAD_PROCID(&job, me.nspace, PMIX_RANK_WILDCARD);
    sid = session_u32(&job, PMIX_SESSION_ID, 0, 0);
    printf("probe rank %u session %ld max %ld univ %ld nodes %ld\n", me.rank, sid,
           sid < 0 ? -1 : session_u32(&job, PMIX_MAX_PROCS, (uint32_t) sid, 1),
           sid < 0 ? -1 : session_u32(&job, PMIX_UNIV_SIZE, (uint32_t) sid, 1),
           sid < 0 ? -1 : session_u32(&job, PMIX_NUM_NODES, (uint32_t) sid, 1));
    PMIx_Finalize(NULL, 0);
    return sid < 0 ? 3 : 0;
}
