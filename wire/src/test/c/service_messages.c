/*
 * service_messages.c - the libpmix side of ServiceMessagesLibpmixBytesTest.
 *
 * Packs the request and reply payloads of the service commands (allocation, job control, monitoring,
 * credentials, IO forwarding, groups, fabrics, device distances) and the IO data message with the public
 * PMIx_Data_pack, one pack per field in the order libpmix 4.2.2's client and server pack them, for fixed
 * values that the Java test builds as records too; the test compares the bytes.
 *
 * Built against the installed libpmix (Debian libpmix-dev) by NativeBuild. PMIx_tool_init
 * (PMIX_TOOL_DO_NOT_CONNECT) initialises the library; it reads PMIX_BFROP_BUFFER_TYPE, so the buffer kind is
 * chosen by the environment ("PMIX_BFROP_BUFFER_FULLY_DESC" or the default non-described one).
 *
 * Usage: service_messages OUTFILE
 * Output, records back to back (integers little-endian): NUL-terminated name, u32 length, the bytes.
 * Besides the messages it writes "topology" and "cpuset", the TOPO and PROC_CPUSET packs alone: the
 * topology is this machine's (hwloc's XML differs between machines), so the test decodes both to build
 * its device distances request. Exit status: 0 ok, 1 I/O or usage problem, 2 a pack failed, 3 init failed.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmix.h>
#include <pmix_tool.h>

/* the command codes (pmix_cmd_t, one byte) are internal to libpmix; these are the protocol's numbers */
enum {
    ALLOC_CMD = 17,
    JOB_CONTROL_CMD = 18,
    MONITOR_CMD = 19,
    GET_CREDENTIAL_CMD = 20,
    VALIDATE_CRED_CMD = 21,
    IOF_PULL_CMD = 22,
    IOF_PUSH_CMD = 23,
    GROUP_CONSTRUCT_CMD = 24,
    GROUP_JOIN_CMD = 25,
    GROUP_INVITE_CMD = 26,
    GROUP_LEAVE_CMD = 27,
    GROUP_DESTRUCT_CMD = 28,
    IOF_DEREG_CMD = 29,
    FABRIC_REGISTER_CMD = 30,
    FABRIC_UPDATE_CMD = 31,
    COMPUTE_DEVICE_DISTANCES_CMD = 32
};

static FILE *out;
static pmix_data_buffer_t buf;
static int failures;

static void put_u32(uint32_t v)
{
    unsigned char b[4] = {v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >> 24) & 0xff};
    fwrite(b, 1, 4, out);
}

/* starts a message: a fresh buffer */
static void begin(void)
{
    PMIX_DATA_BUFFER_CONSTRUCT(&buf);
}

static void pack(const char *what, void *src, int32_t n, pmix_data_type_t type)
{
    pmix_status_t rc = PMIx_Data_pack(NULL, &buf, src, n, type);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "service_messages: packing %s failed: %s\n", what, PMIx_Error_string(rc));
        failures++;
    }
}

/* a request starts with its command */
static void command(uint8_t cmd)
{
    begin();
    pack("command", &cmd, 1, PMIX_COMMAND);
}

static void pack_size(size_t n)
{
    pack("size", &n, 1, PMIX_SIZE);
}

/* libpmix's usual info list: SIZE n, then the infos only when there are any */
static void pack_infos(pmix_info_t *infos, size_t n)
{
    pack_size(n);
    if (0 < n) {
        pack("infos", infos, (int32_t) n, PMIX_INFO);
    }
}

static void end(const char *name)
{
    fwrite(name, 1, strlen(name) + 1, out);
    put_u32((uint32_t) buf.bytes_used);
    fwrite(buf.base_ptr, 1, buf.bytes_used, out);
    PMIX_DATA_BUFFER_DESTRUCT(&buf);
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t init;
    bool t = true;
    pmix_status_t rc;

    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTFILE\n", argv[0]);
        return 1;
    }
    PMIX_INFO_CONSTRUCT(&init);
    PMIX_INFO_LOAD(&init, PMIX_TOOL_DO_NOT_CONNECT, &t, PMIX_BOOL);
    rc = PMIx_tool_init(&me, &init, 1);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "service_messages: PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 3;
    }
    out = fopen(argv[1], "wb");
    if (NULL == out) {
        perror(argv[1]);
        return 1;
    }

    /* the fixed values (ServiceMessagesLibpmixBytesTest builds the same) */
    pmix_info_t infos[2];
    uint32_t answer = 42;
    PMIX_INFO_LOAD(&infos[0], "pmix.test.str", "hello", PMIX_STRING);
    PMIX_INFO_LOAD(&infos[1], "pmix.test.num", &answer, PMIX_UINT32);
    pmix_info_t complete;
    PMIX_INFO_LOAD(&complete, PMIX_IOF_COMPLETE, &t, PMIX_BOOL);
    pmix_proc_t procs[2];
    PMIX_LOAD_PROCID(&procs[0], "ns1", 0);
    PMIX_LOAD_PROCID(&procs[1], "ns1", PMIX_RANK_WILDCARD);
    char *group = "grp";
    pmix_byte_object_t cred = {.bytes = "CRED", .size = 4};
    pmix_byte_object_t input = {.bytes = "input\n", .size = 6};
    pmix_byte_object_t output = {.bytes = "out", .size = 3};
    pmix_status_t ok = PMIX_SUCCESS;
    pmix_status_t failed = PMIX_ERR_NOT_FOUND;
    pmix_status_t unsupported = PMIX_ERR_NOT_SUPPORTED;
    pmix_status_t raised = PMIX_MONITOR_HEARTBEAT_ALERT;

    /* ---- requests, as the 4.2.2 client packs them ---- */
    command(ALLOC_CMD);
    pmix_alloc_directive_t directive = PMIX_ALLOC_NEW;
    pack("directive", &directive, 1, PMIX_ALLOC_DIRECTIVE);
    pack_infos(infos, 2);
    end("alloc");

    command(JOB_CONTROL_CMD);
    pack_size(2);
    pack("targets", procs, 2, PMIX_PROC);
    pack_infos(infos, 2);
    end("job_control");

    command(JOB_CONTROL_CMD);
    pack_size(0);
    pack_infos(NULL, 0);
    end("job_control_no_targets");

    command(MONITOR_CMD);
    pack("monitor", &infos[1], 1, PMIX_INFO);
    pack("error", &raised, 1, PMIX_STATUS);
    pack_infos(infos, 1);
    end("monitor");

    command(GET_CREDENTIAL_CMD);
    pack_infos(infos, 2);
    end("get_credential");

    command(VALIDATE_CRED_CMD);
    pack("credential", &cred, 1, PMIX_BYTE_OBJECT);
    pack_infos(NULL, 0);
    end("validate_credential");

    command(IOF_PULL_CMD);
    pack_size(2);
    pack("sources", procs, 2, PMIX_PROC);
    pack_infos(infos, 1);
    pmix_iof_channel_t channels = PMIX_FWD_STDOUT_CHANNEL | PMIX_FWD_STDERR_CHANNEL;
    pack("channels", &channels, 1, PMIX_IOF_CHANNEL);
    pack_size(5);
    end("iof_pull");

    command(IOF_PUSH_CMD);
    pack_size(1);
    pack("targets", procs, 1, PMIX_PROC);
    pack_infos(NULL, 0);
    pack("data", &input, 1, PMIX_BYTE_OBJECT);
    end("iof_push");

    command(IOF_PUSH_CMD);
    pack_size(1);
    pack("targets", procs, 1, PMIX_PROC);
    pack_infos(NULL, 0);
    end("iof_push_end_of_input");

    command(IOF_DEREG_CMD);
    pack_infos(infos, 1);
    pack_size(3);
    end("iof_deregister");

    command(GROUP_CONSTRUCT_CMD);
    pack("group id", &group, 1, PMIX_STRING);
    pack_size(2);
    pack("members", procs, 2, PMIX_PROC);
    pack_infos(infos, 1);
    end("group_construct");

    command(GROUP_JOIN_CMD);
    end("group_join");

    command(GROUP_INVITE_CMD);
    end("group_invite");

    command(GROUP_LEAVE_CMD);
    pack("group id", &group, 1, PMIX_STRING);
    pack_infos(NULL, 0);
    end("group_leave");

    command(GROUP_DESTRUCT_CMD);
    pack("group id", &group, 1, PMIX_STRING);
    pack_infos(infos, 1);
    end("group_destruct");

    command(FABRIC_REGISTER_CMD);
    pack_infos(infos, 2);
    end("fabric_register");

    command(FABRIC_UPDATE_CMD);
    pack_size(4);
    end("fabric_update");

    pmix_topology_t topo = {NULL, NULL};
    rc = PMIx_Load_topology(&topo);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "service_messages: PMIx_Load_topology failed: %s\n", PMIx_Error_string(rc));
        failures++;
    } else {
        pmix_cpuset_t unbound = {"hwloc", NULL};
        begin();
        pack("topology", &topo, 1, PMIX_TOPO);
        end("topology");
        begin();
        pack("cpuset", &unbound, 1, PMIX_PROC_CPUSET);
        end("cpuset");
        command(COMPUTE_DEVICE_DISTANCES_CMD);
        pack("topology", &topo, 1, PMIX_TOPO);
        pack("cpuset", &unbound, 1, PMIX_PROC_CPUSET);
        pack_infos(infos, 1);
        end("compute_device_distances");
    }

    /* ---- replies, as the 4.2.2 server packs them ---- */
    begin();
    pack("status", &ok, 1, PMIX_STATUS);
    pack_infos(infos, 2);
    end("status_infos");

    begin();
    pack("status", &failed, 1, PMIX_STATUS);
    pack_infos(NULL, 0);
    end("status_infos_failed");

    begin();
    pack("status", &unsupported, 1, PMIX_STATUS);
    end("status_only");

    begin();
    pack("status", &ok, 1, PMIX_STATUS);
    pack("credential", &cred, 1, PMIX_BYTE_OBJECT);
    pack_infos(infos, 1);
    end("credential");

    begin();
    pack("status", &failed, 1, PMIX_STATUS);
    end("credential_failed");

    begin();
    size_t server_id = 1;
    pack("status", &ok, 1, PMIX_STATUS);
    pack("server id", &server_id, 1, PMIX_SIZE);
    end("iof_pull_reply");

    begin();
    pack("status", &failed, 1, PMIX_STATUS);
    end("iof_pull_reply_failed");

    begin();
    size_t context_id = 77;
    pack("status", &ok, 1, PMIX_STATUS);
    pack("context id", &context_id, 1, PMIX_SIZE);
    end("group_construct_reply");

    begin();
    size_t no_context_id = SIZE_MAX;
    pack("status", &ok, 1, PMIX_STATUS);
    pack("context id", &no_context_id, 1, PMIX_SIZE);
    end("group_construct_reply_no_id");

    pmix_device_distance_t dist[2];
    memset(dist, 0, sizeof(dist));
    dist[0].uuid = "ofi://0";
    dist[0].osname = "hfi1_0";
    dist[0].type = PMIX_DEVTYPE_OPENFABRICS;
    dist[0].mindist = 1;
    dist[0].maxdist = 2;
    dist[1].uuid = "gpu://1";
    dist[1].osname = NULL;
    dist[1].type = PMIX_DEVTYPE_GPU;
    dist[1].mindist = 10;
    dist[1].maxdist = 65535;
    begin();
    pack("status", &ok, 1, PMIX_STATUS);
    pack_size(2);
    pack("distances", dist, 2, PMIX_DEVICE_DIST);
    end("device_distances_reply");

    begin();
    pack("status", &ok, 1, PMIX_STATUS);
    pack_size(0);
    end("device_distances_reply_none");

    /* ---- the IO data message (tag 2), as pmix_iof_process_iof packs it ---- */
    begin();
    pmix_iof_channel_t channel = PMIX_FWD_STDOUT_CHANNEL;
    size_t requester_id = 3;
    pack("source", &procs[0], 1, PMIX_PROC);
    pack("channel", &channel, 1, PMIX_IOF_CHANNEL);
    pack("requester id", &requester_id, 1, PMIX_SIZE);
    pack_infos(&complete, 1);
    pack("data", &output, 1, PMIX_BYTE_OBJECT);
    end("iof_data");

    if (0 != fclose(out)) {
        perror(argv[1]);
        return 1;
    }
    PMIx_tool_finalize();
    return failures == 0 ? 0 : 2;
}
