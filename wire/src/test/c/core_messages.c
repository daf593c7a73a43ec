/*
 * core_messages.c - the libpmix side of pmix4j's CoreMessagesLibpmixBytesTest.
 *
 * Packs, with libpmix's public PMIx_Data_pack and in the order libpmix 4.2.2's client and server pack
 * them, one message of each core command (requests with their command pack, replies, the event
 * notification), all from the fixed values the Java test gives its message records. The buffer kind is
 * chosen as libpmix chooses it: PMIx_tool_init reads PMIX_BFROP_BUFFER_TYPE (PMIX_BFROP_BUFFER_FULLY_DESC
 * for fully-described buffers; anything else, or nothing, the default non-described ones).
 *
 * The internal types PMIX_KVAL (28) and PMIX_BUFFER (26) have no public C struct: their items are made
 * by unpacking hand-built bytes (as bfrops_peer.c does) and packed from what libpmix unpacked.
 *
 * Usage: core_messages OUTFILE. Output: one record per message, back to back: the NUL-terminated ASCII
 * name, a little-endian u32 length, then the bytes of the message. Exit status 0 ok, 1 I/O problem, 2 a
 * pack failed, 3 PMIx_tool_init failed.
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

static FILE *g_out;
static bool g_fully_described;
static int g_failures;
static pmix_data_buffer_t g_buf;
static const char *g_name;

static void begin(const char *name)
{
    g_name = name;
    PMIX_DATA_BUFFER_CONSTRUCT(&g_buf);
}

static void pack(void *src, int32_t n, pmix_data_type_t t)
{
    pmix_status_t rc = PMIx_Data_pack(NULL, &g_buf, src, n, t);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "core_messages: %s: packing %d items of type %u failed: %s\n", g_name, n,
                (unsigned) t, PMIx_Error_string(rc));
        g_failures++;
    }
}

static void put_u32(uint32_t v)
{
    unsigned char b[4] = {v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >> 24) & 0xff};
    fwrite(b, 1, 4, g_out);
}

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
        fprintf(stderr, "core_messages: seeding type %u failed: %d\n", (unsigned) t, rc);
        g_failures++;
    }
    PMIX_DATA_BUFFER_DESTRUCT(&b);
    return dst; /* leaked on purpose: a short-lived program */
}

/* ---- the fixed values (CoreMessagesLibpmixBytesTest has the same) ---------------------------------- */

static pmix_proc_t g_procs[2];
static pmix_info_t g_infos[2]; /* {"tc.key", STRING "hello"}, {"tc.flag", BOOL true} */
static pmix_info_t g_one_info[1]; /* {"tc.count", UINT32 7} */

static void make_values(void)
{
    bool yes = true;
    uint32_t seven = 7;

    PMIX_LOAD_PROCID(&g_procs[0], "tcjob", 0);
    PMIX_LOAD_PROCID(&g_procs[1], "tcjob", 1);
    PMIX_INFO_LOAD(&g_infos[0], "tc.key", "hello", PMIX_STRING);
    PMIX_INFO_LOAD(&g_infos[1], "tc.flag", &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&g_one_info[0], "tc.count", &seven, PMIX_UINT32);
}

static void cmd(uint8_t c) /* pmix_cmd_t, internal: a uint8_t */
{
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

static void keys(void)
{
    uint32_t uid = 1000;
    pack(&uid, 1, PMIX_UINT32);
    size(2);
    string("tc.k1");
    string("tc.k2");
    sized_infos(g_one_info, 1);
}

static void messages(void)
{
    begin("job_info_request");
    cmd(0);
    end();

    begin("job_info_reply");
    string("tcjob");
    two_kvals();
    end();

    begin("abort");
    cmd(1);
    status(-51);
    string("gave up");
    sized_procs(g_procs, 2);
    end();

    begin("abort_whole_job");
    cmd(1);
    status(1);
    string("");
    sized_procs(NULL, 0);
    end();

    begin("commit");
    {
        /* buffer {NON_DESC, "02 54"} then buffer {FULLY_DESC, "09 02 09 54"} */
        static const unsigned char b1[] = {0x01, 0x02, 0x02, 0x54};
        static const unsigned char b2[] = {0x02, 0x04, 0x09, 0x02, 0x09, 0x54};
        pmix_scope_t local = PMIX_LOCAL, remote = PMIX_REMOTE;
        cmd(2);
        pack(&local, 1, PMIX_SCOPE);
        pack(seeded(26, b1, sizeof(b1)), 1, 26);
        pack(&remote, 1, PMIX_SCOPE);
        pack(seeded(26, b2, sizeof(b2)), 1, 26);
    }
    end();

    begin("get");
    {
        pmix_rank_t r = 1;
        cmd(4);
        string("tcjob");
        pack(&r, 1, PMIX_PROC_RANK);
        sized_infos(g_infos, 2);
        string("tc.key");
    }
    end();

    begin("get_all");
    {
        pmix_rank_t r = PMIX_RANK_WILDCARD;
        cmd(4);
        string("other");
        pack(&r, 1, PMIX_PROC_RANK);
        sized_infos(NULL, 0);
    }
    end();

    begin("get_reply");
    status(0);
    byte_object("\x01\x02\x03", 3);
    byte_object("tcjob", 5);
    end();

    begin("finalize");
    cmd(5);
    end();

    begin("publish");
    {
        uint32_t uid = 1000;
        cmd(6);
        pack(&uid, 1, PMIX_UINT32);
        sized_infos(g_infos, 2);
    }
    end();

    begin("lookup");
    cmd(7);
    keys();
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

    begin("unpublish");
    cmd(8);
    keys();
    end();

    begin("spawn");
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
        cmd(9);
        sized_infos(g_infos, 2);
        size(1);
        pack(&app, 1, PMIX_APP);
    }
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

    begin("connect");
    cmd(10);
    sized_procs(g_procs, 2);
    sized_infos(g_one_info, 1);
    end();

    begin("connect_reply");
    status(0);
    byte_object("\x05\x06", 2);
    end();

    begin("disconnect");
    cmd(11);
    sized_procs(g_procs, 2);
    sized_infos(NULL, 0);
    end();

    begin("notify");
    {
        pmix_data_range_t range = PMIX_RANGE_NAMESPACE;
        cmd(12);
        status(-3010);
        pack(&range, 1, PMIX_DATA_RANGE);
        sized_infos(g_one_info, 1);
    }
    end();

    begin("register_events");
    {
        pmix_status_t codes[2] = {-3010, -25};
        cmd(13);
        size(2);
        pack(codes, 2, PMIX_STATUS);
        sized_infos(g_one_info, 1);
    }
    end();

    begin("register_default_events");
    cmd(13);
    size(0);
    sized_infos(NULL, 0);
    end();

    begin("deregister_events");
    cmd(14);
    status(-3010);
    status(INT32_MIN);
    end();

    begin("query");
    {
        pmix_query_t q;
        PMIX_QUERY_CONSTRUCT(&q);
        q.keys = calloc(3, sizeof(char *));
        q.keys[0] = "pmix.qry.ns";
        q.keys[1] = "pmix.qry.jst";
        q.qualifiers = g_one_info;
        q.nqual = 1;
        cmd(15);
        size(1);
        pack(&q, 1, PMIX_QUERY);
    }
    end();

    begin("query_reply");
    status(0);
    sized_infos(g_infos, 2);
    end();

    begin("log");
    {
        time_t ts = 1700000000;
        cmd(16);
        pack(&ts, 1, PMIX_TIME);
        sized_infos(g_infos, 2);
        sized_infos(g_one_info, 1);
    }
    end();

    begin("status_reply");
    status(-25);
    end();

    begin("event_notification");
    {
        pmix_data_range_t range = PMIX_RANGE_NAMESPACE;
        cmd(12);
        status(-3010);
        pack(&g_procs[0], 1, PMIX_PROC);
        sized_infos(g_infos, 2);
        pack(&range, 1, PMIX_DATA_RANGE);
    }
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
        fprintf(stderr, "core_messages: PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 3;
    }
    g_out = fopen(argv[1], "wb");
    if (NULL == g_out) {
        perror(argv[1]);
        return 1;
    }
    make_values();
    messages();
    if (0 != fclose(g_out)) {
        perror(argv[1]);
        return 1;
    }
    PMIx_tool_finalize();
    return g_failures > 0 ? 2 : 0;
}
