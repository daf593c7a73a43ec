/*
 * pmix4j benchmark peer: times libpmix's PMIx_Data_pack / PMIx_Data_unpack on a registration-sized
 * payload: 1,000 infos "pmix.pdata", each a data array of 8 proc-level infos. The Java side
 * (RegistrationPayloadBench) builds the same payload; bench/codec.sh runs both and prints the ratio.
 *
 * usage: pack_bench SECONDS [BYTES_OUT]   prints "pack_ns=<ns per pack> unpack_ns=<ns per unpack> bytes=<n>"
 * and, with BYTES_OUT, writes the packed bytes so the script can check both sides encode the same.
 */
#include <pmix_tool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NPROCS 1000
#define NKEYS 8

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* the 8 keys a host registers per process (rank first, as PMIX_PROC_DATA requires) */
static void load_proc(pmix_info_t *info, uint32_t rank)
{
    pmix_data_array_t *arr;
    pmix_info_t *kv;
    uint16_t lrank = rank % 64, nrank = rank % 64;
    uint32_t appnum = 0, nodeid = rank / 64;
    char host[32];

    PMIX_DATA_ARRAY_CREATE(arr, NKEYS, PMIX_INFO);
    kv = (pmix_info_t *) arr->array;
    snprintf(host, sizeof(host), "node%04u", nodeid);
    PMIX_INFO_LOAD(&kv[0], PMIX_RANK, &rank, PMIX_PROC_RANK);
    PMIX_INFO_LOAD(&kv[1], PMIX_LOCAL_RANK, &lrank, PMIX_UINT16);
    PMIX_INFO_LOAD(&kv[2], PMIX_NODE_RANK, &nrank, PMIX_UINT16);
    PMIX_INFO_LOAD(&kv[3], PMIX_GLOBAL_RANK, &rank, PMIX_PROC_RANK);
    PMIX_INFO_LOAD(&kv[4], PMIX_APP_RANK, &rank, PMIX_PROC_RANK);
    PMIX_INFO_LOAD(&kv[5], PMIX_APPNUM, &appnum, PMIX_UINT32);
    PMIX_INFO_LOAD(&kv[6], PMIX_NODEID, &nodeid, PMIX_UINT32);
    PMIX_INFO_LOAD(&kv[7], PMIX_HOSTNAME, host, PMIX_STRING);
    PMIX_INFO_LOAD(info, PMIX_PROC_DATA, arr, PMIX_DATA_ARRAY);
    PMIX_DATA_ARRAY_FREE(arr);
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t opt;
    pmix_info_t *infos;
    pmix_data_buffer_t buf;
    pmix_status_t rc;
    double seconds = argc > 1 ? atof(argv[1]) : 2.0;
    bool yes = true;
    long n, iters;
    double t0, pack_ns, unpack_ns;
    size_t nbytes;

    /* PMIx_Data_pack needs an initialized library, but no server */
    PMIX_INFO_LOAD(&opt, PMIX_TOOL_DO_NOT_CONNECT, &yes, PMIX_BOOL);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, &opt, 1))) {
        fprintf(stderr, "PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    PMIX_INFO_CREATE(infos, NPROCS);
    for (n = 0; n < NPROCS; n++) {
        load_proc(&infos[n], (uint32_t) n);
    }

    /* pack: a fresh buffer each time, as a server does per registration */
    for (iters = 1;; iters *= 2) {
        t0 = now_ns();
        for (n = 0; n < iters; n++) {
            PMIX_DATA_BUFFER_CONSTRUCT(&buf);
            rc = PMIx_Data_pack(NULL, &buf, infos, NPROCS, PMIX_INFO);
            nbytes = buf.bytes_used;
            PMIX_DATA_BUFFER_DESTRUCT(&buf);
        }
        pack_ns = (now_ns() - t0) / iters;
        if (PMIX_SUCCESS != rc) {
            fprintf(stderr, "pack failed: %s\n", PMIx_Error_string(rc));
            return 1;
        }
        if (pack_ns * iters > seconds * 1e9 / 2 && iters >= 8) {
            break;
        }
    }

    PMIX_DATA_BUFFER_CONSTRUCT(&buf);
    PMIx_Data_pack(NULL, &buf, infos, NPROCS, PMIX_INFO);
    if (argc > 2) {
        FILE *f = fopen(argv[2], "wb");
        if (NULL == f || fwrite(buf.base_ptr, 1, buf.bytes_used, f) != buf.bytes_used) {
            perror(argv[2]);
            return 1;
        }
        fclose(f);
    }

    /* unpack, including the release of what was unpacked (the Java side pays for it in GC) */
    for (iters = 1;; iters *= 2) {
        t0 = now_ns();
        for (n = 0; n < iters; n++) {
            pmix_info_t *out;
            int32_t cnt = NPROCS;
            PMIX_INFO_CREATE(out, NPROCS);
            buf.unpack_ptr = buf.base_ptr;
            rc = PMIx_Data_unpack(NULL, &buf, out, &cnt, PMIX_INFO);
            PMIX_INFO_FREE(out, NPROCS);
        }
        unpack_ns = (now_ns() - t0) / iters;
        if (PMIX_SUCCESS != rc) {
            fprintf(stderr, "unpack failed: %s\n", PMIx_Error_string(rc));
            return 1;
        }
        if (unpack_ns * iters > seconds * 1e9 / 2 && iters >= 8) {
            break;
        }
    }
    printf("pack_ns=%.0f unpack_ns=%.0f bytes=%zu\n", pack_ns, unpack_ns, nbytes);
    PMIX_DATA_BUFFER_DESTRUCT(&buf);
    PMIx_tool_finalize();
    return 0;
}
