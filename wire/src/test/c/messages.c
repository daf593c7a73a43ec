/*
 * messages.c - the libpmix side of pmix4j's MessagesLibpmixBytesTest.
 *
 * Packs, with libpmix's public PMIx_Data_pack, one pack per field in the order libpmix 4.2.2's client and
 * server pack them, every message the Java records declare: the request of every command (with its command
 * pack), the replies, and the two pushed messages (the event notification and the IO data message), all
 * from the fixed values the Java test gives its records. The buffer kind is chosen as libpmix chooses it:
 * PMIx_tool_init reads PMIX_BFROP_BUFFER_TYPE (PMIX_BFROP_BUFFER_FULLY_DESC for fully-described buffers;
 * anything else, or nothing, the default non-described ones).
 *
 * The internal types PMIX_KVAL (28) and PMIX_BUFFER (26) have no public C struct: their items are made by
 * unpacking hand-built bytes (as bfrops_peer.c does) and packed from what libpmix unpacked. The command
 * codes (pmix_cmd_t, one byte) are internal too: the numbers below are the protocol's.
 *
 * Usage: messages OUTFILE. Output: one record per message, back to back: the NUL-terminated ASCII name, a
 * little-endian u32 length, then the bytes of the message. The first two records, "topology" and "cpuset",
 * are the TOPO and PROC_CPUSET packs alone: the topology is this machine's (hwloc's XML differs between
 * machines), so the test decodes both to build its device distances request. Exit status 0 ok, 1 I/O or
 * usage problem, 2 a pack failed, 3 PMIx_tool_init failed.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmix.h>
#include <pmix_tool.h>

/* enough for any internal struct of 4.2.2 (pmix_kval_t, pmix_buffer_t) */
#define INTERNAL_STRUCT_BOUND 512

enum {
    REQ_JOB_INFO_CMD = 0,
    ABORT_CMD = 1,
    COMMIT_CMD = 2,
    FENCE_CMD = 3,
    GET_CMD = 4,
    FINALIZE_CMD = 5,
    PUBLISH_CMD = 6,
    LOOKUP_CMD = 7,
    UNPUBLISH_CMD = 8,
    SPAWN_CMD = 9,
    CONNECT_CMD = 10,
    DISCONNECT_CMD = 11,
    NOTIFY_CMD = 12,
    REGISTER_EVENTS_CMD = 13,
    DEREGISTER_EVENTS_CMD = 14,
    QUERY_CMD = 15,
    LOG_CMD = 16,
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
    COMPUTE_DEVICE_DISTANCES_CMD = 32,
    /* OpenPMIx 5/6's PMIx_Session_control; 4.2.2 has no such call, so its fields are packed here in the
       order OpenPMIx 6 packs them (src/common/pmix_session.c): session id, count, directives */
    SESSION_CTRL_CMD = 35
};

static FILE *g_out;
static bool g_fully_described;
static int g_failures;
static pmix_data_buffer_t g_buf;
static const char *g_name;

/* starts the message called name: a fresh buffer */
static void begin(const char *name)
{
    g_name = name;
    PMIX_DATA_BUFFER_CONSTRUCT(&g_buf);
}

static void pack(void *src, int32_t n, pmix_data_type_t t)
{
    pmix_status_t rc = PMIx_Data_pack(NULL, &g_buf, src, n, t);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "messages: %s: packing %d items of type %u failed: %s\n", g_name, n, (unsigned) t,
                PMIx_Error_string(rc));
        g_failures++;
    }
}

static void put_u32(uint32_t v)
{
    unsigned char b[4] = {v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >> 24) & 0xff};
    fwrite(b, 1, 4, g_out);
}

/* writes the message begun last as one record */
static void end(void)
{
    fwrite(g_name, 1, strlen(g_name) + 1, g_out);
    put_u32((uint32_t) g_buf.bytes_used);
    fwrite(g_buf.base_ptr, 1, g_buf.bytes_used, g_out);
    PMIX_DATA_BUFFER_DESTRUCT(&g_buf);
}

/* one item of an internal type, unpacked from its hand-built item bytes (a pack of one) */
static void *seeded(pmix_data_type_t t, const unsigned char *item, size_t len)
{
    pmix_data_buffer_t b;
    unsigned char *raw = malloc(len + 3);
    size_t k = 0;
    void *dst = calloc(1, INTERNAL_STRUCT_BOUND);
    int32_t cnt = 1;
    pmix_status_t rc;

    if (g_fully_described) {
        raw[k++] = PMIX_INT32;
    }
    raw[k++] = 2; /* svar(1) */
    if (g_fully_described) {
        raw[k++] = (unsigned char) t;
    }
    memcpy(raw + k, item, len);
    PMIX_DATA_BUFFER_CONSTRUCT(&b);
    PMIX_DATA_BUFFER_LOAD(&b, (char *) raw, k + len);
    rc = PMIx_Data_unpack(NULL, &b, dst, &cnt, t);
    if (PMIX_SUCCESS != rc || 1 != cnt) {
        fprintf(stderr, "messages: seeding type %u failed: %d\n", (unsigned) t, rc);
        g_failures++;
    }
    PMIX_DATA_BUFFER_DESTRUCT(&b);
    return dst; /* leaked on purpose: a short-lived program */
}

/* ---- the fixed values (MessagesLibpmixBytesTest has the same) -------------------------------------- */

static pmix_proc_t g_procs[2];    /* {"tcjob", 0}, {"tcjob", WILDCARD} */
static pmix_info_t g_infos[2];    /* {"tc.key", STRING "hello"}, {"tc.flag", BOOL true} */
static pmix_info_t g_one_info[1]; /* {"tc.count", UINT32 7} */
static pmix_info_t g_complete[1]; /* {PMIX_IOF_COMPLETE, BOOL true} */

static void make_values(void)
{
    bool yes = true;
    uint32_t seven = 7;

    PMIX_LOAD_PROCID(&g_procs[0], "tcjob", 0);
    PMIX_LOAD_PROCID(&g_procs[1], "tcjob", PMIX_RANK_WILDCARD);
    PMIX_INFO_LOAD(&g_infos[0], "tc.key", "hello", PMIX_STRING);
    PMIX_INFO_LOAD(&g_infos[1], "tc.flag", &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&g_one_info[0], "tc.count", &seven, PMIX_UINT32);
    PMIX_INFO_LOAD(&g_complete[0], PMIX_IOF_COMPLETE, &yes, PMIX_BOOL);
}

/* ---- the fields ------------------------------------------------------------------------------------ */

/* a request: begins the message and packs its command */
static void request(const char *name, uint8_t c)
{
    begin(name);
    pack(&c, 1, PMIX_COMMAND);
}

static void size(size_t n)
{
    pack(&n, 1, PMIX_SIZE);
}

static void status(pmix_status_t s)
{
    pack(&s, 1, PMIX_STATUS);
}

static void string(const char *s)
{
    pack(&s, 1, PMIX_STRING);
}

/* libpmix's usual info list: SIZE n, then the infos only when there are any */
static void sized_infos(pmix_info_t *infos, size_t n)
{
    size(n);
    if (n > 0) {
        pack(infos, (int32_t) n, PMIX_INFO);
    }
}

static void sized_procs(pmix_proc_t *procs, size_t n)
{
    size(n);
    if (n > 0) {
        pack(procs, (int32_t) n, PMIX_PROC);
    }
}

static void byte_object(const char *bytes, size_t len)
{
    pmix_byte_object_t bo;
    bo.bytes = (char *) bytes;
    bo.size = len;
    pack(&bo, 1, PMIX_BYTE_OBJECT);
}

/* kval {"wire.int", INT32 42} and kval {"wire.str", STRING "hello"}, each a pack of its own */
static void two_kvals(void)
{
    static const unsigned char k1[] = {0x12, 'w', 'i', 'r', 'e', '.', 'i', 'n', 't', 0, 0x09, 0x54};
    static const unsigned char k2[] = {0x12, 'w', 'i', 'r', 'e', '.', 's', 't', 'r', 0, 0x03, 0x0c,
                                       'h', 'e', 'l', 'l', 'o', 0};
    pack(seeded(28, k1, sizeof(k1)), 1, 28);
    pack(seeded(28, k2, sizeof(k2)), 1, 28);
}

/* LOOKUP's and UNPUBLISH's body */
static void uid_keys_directives(void)
{
    uint32_t uid = 1000;
    pack(&uid, 1, PMIX_UINT32);
    size(2);
    string("tc.k1");
    string("tc.k2");
    sized_infos(g_one_info, 1);
}

/* ---- the messages ---------------------------------------------------------------------------------- */

/* this machine's topology and an unbound cpuset, alone and in the device distances request */
static void topology_and_distances_request(void)
{
    pmix_topology_t topo = {NULL, NULL};
    pmix_cpuset_t unbound = {"hwloc", NULL};
    pmix_status_t rc = PMIx_Load_topology(&topo);

    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "messages: PMIx_Load_topology failed: %s\n", PMIx_Error_string(rc));
        g_failures++;
        return;
    }
    begin("topology");
    pack(&topo, 1, PMIX_TOPO);
    end();
    begin("cpuset");
    pack(&unbound, 1, PMIX_PROC_CPUSET);
    end();

    request("compute_device_distances", COMPUTE_DEVICE_DISTANCES_CMD);
    pack(&topo, 1, PMIX_TOPO);
    pack(&unbound, 1, PMIX_PROC_CPUSET);
    sized_infos(g_one_info, 1);
    end();
}

/* the requests of commands 0 to 16: job info, abort, commit, fence, get, ..., log */
static void core_requests(void)
{
    request("job_info_request", REQ_JOB_INFO_CMD);
    end();

    request("abort", ABORT_CMD);
    status(-51);
    string("gave up");
    sized_procs(g_procs, 2);
    end();

    request("abort_whole_job", ABORT_CMD);
    status(1);
    string("");
    sized_procs(NULL, 0);
    end();

    request("commit", COMMIT_CMD);
    {
        /* buffer {NON_DESC, "02 54"} then buffer {FULLY_DESC, "09 02 09 54"} */
        static const unsigned char b1[] = {0x01, 0x02, 0x02, 0x54};
        static const unsigned char b2[] = {0x02, 0x04, 0x09, 0x02, 0x09, 0x54};
        pmix_scope_t local = PMIX_LOCAL, remote = PMIX_REMOTE;
        pack(&local, 1, PMIX_SCOPE);
        pack(seeded(26, b1, sizeof(b1)), 1, 26);
        pack(&remote, 1, PMIX_SCOPE);
        pack(seeded(26, b2, sizeof(b2)), 1, 26);
    }
    end();

    request("fence", FENCE_CMD);
    sized_procs(g_procs, 2);
    sized_infos(g_one_info, 1);
    end();

    request("fence_no_procs", FENCE_CMD);
    sized_procs(NULL, 0);
    sized_infos(NULL, 0);
    end();

    request("get", GET_CMD);
    {
        pmix_rank_t r = 1;
        string("tcjob");
        pack(&r, 1, PMIX_PROC_RANK);
        sized_infos(g_infos, 2);
        string("tc.key");
    }
    end();

    request("get_all", GET_CMD);
    {
        pmix_rank_t r = PMIX_RANK_WILDCARD;
        string("other");
        pack(&r, 1, PMIX_PROC_RANK);
        sized_infos(NULL, 0);
    }
    end();

    request("finalize", FINALIZE_CMD);
    end();

    request("publish", PUBLISH_CMD);
    {
        uint32_t uid = 1000;
        pack(&uid, 1, PMIX_UINT32);
        sized_infos(g_infos, 2);
    }
    end();

    request("lookup", LOOKUP_CMD);
    uid_keys_directives();
    end();

    request("unpublish", UNPUBLISH_CMD);
    uid_keys_directives();
    end();

    request("spawn", SPAWN_CMD);
    {
        pmix_app_t app;
        PMIX_APP_CONSTRUCT(&app);
        app.cmd = "/bin/true";
        app.argv = calloc(3, sizeof(char *));
        app.argv[0] = "true";
        app.argv[1] = "-x";
        app.env = calloc(2, sizeof(char *));
        app.env[0] = "A=1";
        app.cwd = "/tmp";
        app.maxprocs = 2;
        app.info = g_one_info;
        app.ninfo = 1;
        sized_infos(g_infos, 2);
        size(1);
        pack(&app, 1, PMIX_APP);
    }
    end();

    request("connect", CONNECT_CMD);
    sized_procs(g_procs, 2);
    sized_infos(g_one_info, 1);
    end();

    request("disconnect", DISCONNECT_CMD);
    sized_procs(g_procs, 2);
    sized_infos(NULL, 0);
    end();

    request("notify", NOTIFY_CMD);
    {
        pmix_data_range_t range = PMIX_RANGE_NAMESPACE;
        status(-3010);
        pack(&range, 1, PMIX_DATA_RANGE);
        sized_infos(g_one_info, 1);
    }
    end();

    request("register_events", REGISTER_EVENTS_CMD);
    {
        pmix_status_t codes[2] = {-3010, -25};
        size(2);
        pack(codes, 2, PMIX_STATUS);
        sized_infos(g_one_info, 1);
    }
    end();

    request("register_default_events", REGISTER_EVENTS_CMD);
    size(0);
    sized_infos(NULL, 0);
    end();

    request("deregister_events", DEREGISTER_EVENTS_CMD);
    status(-3010);
    status(INT32_MIN);
    end();

    request("query", QUERY_CMD);
    {
        pmix_query_t q;
        PMIX_QUERY_CONSTRUCT(&q);
        q.keys = calloc(3, sizeof(char *));
        q.keys[0] = "pmix.qry.ns";
        q.keys[1] = "pmix.qry.jst";
        q.qualifiers = g_one_info;
        q.nqual = 1;
        size(1);
        pack(&q, 1, PMIX_QUERY);
    }
    end();

    request("log", LOG_CMD);
    {
        time_t ts = 1700000000;
        pack(&ts, 1, PMIX_TIME);
        sized_infos(g_infos, 2);
        sized_infos(g_one_info, 1);
    }
    end();
}

/* the requests of commands 17 to 31: allocation, job control, ..., fabrics */
static void service_requests(void)
{
    pmix_byte_object_t cred = {.bytes = "CRED", .size = 4};
    pmix_byte_object_t input = {.bytes = "input\n", .size = 6};
    pmix_status_t raised = PMIX_MONITOR_HEARTBEAT_ALERT;
    pmix_iof_channel_t channels = PMIX_FWD_STDOUT_CHANNEL | PMIX_FWD_STDERR_CHANNEL;
    pmix_alloc_directive_t directive = PMIX_ALLOC_NEW;

    request("alloc", ALLOC_CMD);
    pack(&directive, 1, PMIX_ALLOC_DIRECTIVE);
    sized_infos(g_infos, 2);
    end();

    request("job_control", JOB_CONTROL_CMD);
    sized_procs(g_procs, 2);
    sized_infos(g_infos, 2);
    end();

    request("job_control_no_targets", JOB_CONTROL_CMD);
    sized_procs(NULL, 0);
    sized_infos(NULL, 0);
    end();

    {
        uint32_t session = 7;
        request("session_control", SESSION_CTRL_CMD);
        pack(&session, 1, PMIX_UINT32);
        sized_infos(g_infos, 2);
        end();
    }

    request("monitor", MONITOR_CMD);
    pack(&g_one_info[0], 1, PMIX_INFO);
    status(raised);
    sized_infos(g_infos, 1);
    end();

    request("get_credential", GET_CREDENTIAL_CMD);
    sized_infos(g_infos, 2);
    end();

    request("validate_credential", VALIDATE_CRED_CMD);
    pack(&cred, 1, PMIX_BYTE_OBJECT);
    sized_infos(NULL, 0);
    end();

    /* the client packs SIZE and the PROC pack unconditionally */
    request("iof_pull", IOF_PULL_CMD);
    size(2);
    pack(g_procs, 2, PMIX_PROC);
    sized_infos(g_one_info, 1);
    pack(&channels, 1, PMIX_IOF_CHANNEL);
    size(5);
    end();

    request("iof_push", IOF_PUSH_CMD);
    sized_procs(g_procs, 1);
    sized_infos(NULL, 0);
    pack(&input, 1, PMIX_BYTE_OBJECT);
    end();

    request("iof_push_end_of_input", IOF_PUSH_CMD);
    sized_procs(g_procs, 1);
    sized_infos(NULL, 0);
    end();

    request("iof_deregister", IOF_DEREG_CMD);
    sized_infos(g_one_info, 1);
    size(3);
    end();

    request("group_construct", GROUP_CONSTRUCT_CMD);
    string("grp");
    sized_procs(g_procs, 2);
    sized_infos(g_one_info, 1);
    end();

    request("group_join", GROUP_JOIN_CMD);
    end();

    request("group_invite", GROUP_INVITE_CMD);
    end();

    request("group_leave", GROUP_LEAVE_CMD);
    string("grp");
    sized_infos(NULL, 0);
    end();

    request("group_destruct", GROUP_DESTRUCT_CMD);
    string("grp");
    sized_infos(g_one_info, 1);
    end();

    request("fabric_register", FABRIC_REGISTER_CMD);
    sized_infos(g_infos, 2);
    end();

    request("fabric_update", FABRIC_UPDATE_CMD);
    size(4);
    end();
}

/* the replies, as the 4.2.2 server packs them */
static void replies(void)
{
    pmix_device_distance_t dist[2];

    begin("job_info_reply");
    string("tcjob");
    two_kvals();
    end();

    begin("status_reply");
    status(-25);
    end();

    begin("status_only");
    status(PMIX_ERR_NOT_SUPPORTED);
    end();

    begin("get_reply");
    status(0);
    byte_object("\x01\x02\x03", 3);
    byte_object("tcjob", 5);
    end();

    begin("lookup_reply");
    {
        pmix_pdata_t pd[2];
        uint32_t seven = 7;
        PMIX_PDATA_CONSTRUCT(&pd[0]);
        PMIX_PDATA_CONSTRUCT(&pd[1]);
        PMIX_PDATA_LOAD(&pd[0], &g_procs[0], "tc.k1", "v1", PMIX_STRING);
        PMIX_PDATA_LOAD(&pd[1], &g_procs[1], "tc.k2", &seven, PMIX_UINT32);
        status(0);
        size(2);
        pack(pd, 2, PMIX_PDATA);
    }
    end();

    begin("lookup_reply_failed");
    status(-46);
    end();

    begin("spawn_reply");
    status(0);
    string("child");
    two_kvals();
    end();

    begin("spawn_reply_failed");
    status(-25);
    string(NULL);
    end();

    begin("connect_reply");
    status(0);
    byte_object("\x05\x06", 2);
    end();

    begin("query_reply");
    status(0);
    sized_infos(g_infos, 2);
    end();

    begin("status_infos_failed");
    status(PMIX_ERR_NOT_FOUND);
    sized_infos(NULL, 0);
    end();

    begin("credential");
    status(PMIX_SUCCESS);
    byte_object("CRED", 4);
    sized_infos(g_one_info, 1);
    end();

    begin("credential_failed");
    status(PMIX_ERR_NOT_FOUND);
    end();

    begin("iof_pull_reply");
    status(PMIX_SUCCESS);
    size(1);
    end();

    begin("iof_pull_reply_failed");
    status(PMIX_ERR_NOT_FOUND);
    end();

    begin("group_construct_reply");
    status(PMIX_SUCCESS);
    size(77);
    end();

    begin("group_construct_reply_no_id");
    status(PMIX_SUCCESS);
    size(SIZE_MAX);
    end();

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
    begin("device_distances_reply");
    status(PMIX_SUCCESS);
    size(2);
    pack(dist, 2, PMIX_DEVICE_DIST);
    end();

    begin("device_distances_reply_none");
    status(PMIX_SUCCESS);
    size(0);
    end();
}

/* what a server pushes: the event notification, and the IO data message as pmix_iof_process_iof packs it */
static void pushed(void)
{
    pmix_data_range_t range = PMIX_RANGE_NAMESPACE;
    pmix_iof_channel_t channel = PMIX_FWD_STDOUT_CHANNEL;
    size_t requester_id = 3;

    begin("event_notification");
    {
        uint8_t c = NOTIFY_CMD;
        pack(&c, 1, PMIX_COMMAND);
    }
    status(-3010);
    pack(&g_procs[0], 1, PMIX_PROC);
    sized_infos(g_infos, 2);
    pack(&range, 1, PMIX_DATA_RANGE);
    end();

    begin("iof_data");
    pack(&g_procs[0], 1, PMIX_PROC);
    pack(&channel, 1, PMIX_IOF_CHANNEL);
    pack(&requester_id, 1, PMIX_SIZE);
    sized_infos(g_complete, 1);
    byte_object("out", 3);
    end();
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t info;
    bool t = true;
    pmix_status_t rc;
    const char *kind = getenv("PMIX_BFROP_BUFFER_TYPE");

    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTFILE\n", argv[0]);
        return 1;
    }
    g_fully_described = NULL != kind && 0 == strcmp(kind, "PMIX_BFROP_BUFFER_FULLY_DESC");
    /* PMIx_Data_pack needs an initialised library; a tool that connects nowhere suffices */
    PMIX_INFO_CONSTRUCT(&info);
    PMIX_INFO_LOAD(&info, PMIX_TOOL_DO_NOT_CONNECT, &t, PMIX_BOOL);
    rc = PMIx_tool_init(&me, &info, 1);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "messages: PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 3;
    }
    g_out = fopen(argv[1], "wb");
    if (NULL == g_out) {
        perror(argv[1]);
        return 1;
    }
    make_values();
    topology_and_distances_request();
    core_requests();
    service_requests();
    replies();
    pushed();
    if (0 != fclose(g_out)) {
        perror(argv[1]);
        return 1;
    }
    PMIx_tool_finalize();
    return g_failures > 0 ? 2 : 0;
}
