package org.pmix4j.wire.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pmix4j.api.App;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Query;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;

/**
 * The bytes of every core message record (job info, abort, commit, get, finalize, publish, lookup,
 * unpublish, spawn, connect, disconnect, notify, event registration, query, log, the status reply and the
 * event notification) against libpmix 4.2.2: our C program ({@code src/test/c/core_messages.c}, built by
 * NativeBuild against Debian's libpmix-dev) packs each message with PMIx_Data_pack in the order libpmix's
 * client and server pack it, from the same fixed values as {@link #messages}; the record's payload must be
 * the same bytes, in both buffer kinds.
 */
class CoreMessagesLibpmixBytesTest {
    private static final Path SOURCE = Path.of("src", "test", "c", "core_messages.c");
    private static final HexFormat HEX = HexFormat.of();

    private static Path packer;

    @BeforeAll
    static void build() {
        packer = NativeBuild.pmixProgram(SOURCE);
    }

    private static final List<Proc> PROCS = List.of(new Proc("tcjob", 0), new Proc("tcjob", 1));
    private static final List<Info> INFOS = List.of(Info.of("tc.key", "hello"), Info.of("tc.flag", true));
    private static final List<Info> ONE_INFO = List.of(Info.of("tc.count", new Value.UInt32(7)));

    /** What core_messages.c packs, by name, as records. */
    static Map<String, byte[]> messages(BufferKind kind) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        byte[] kvals = new Packer(kind).kval("wire.int", new Value.Int32(42)).kval("wire.str", Value.of("hello"))
                .toByteArray();
        m.put("job_info_request", new JobInfoRequest().payload(kind));
        m.put("job_info_reply", new JobInfoReply("tcjob", new ByteObject(kvals)).payload(kind));
        m.put("abort", new AbortRequest(-51, "gave up", PROCS).payload(kind));
        m.put("abort_whole_job", new AbortRequest(1, "", List.of()).payload(kind));
        m.put("commit", new CommitRequest(List.of(
                new CommitRequest.ScopedData(Scope.LOCAL, new Value.Buffer(1, new byte[] {0x02, 0x54})),
                new CommitRequest.ScopedData(Scope.REMOTE, new Value.Buffer(2, new byte[] {0x09, 0x02, 0x09, 0x54}))))
                .payload(kind));
        m.put("get", new GetRequest(new Proc("tcjob", 1), INFOS, "tc.key").payload(kind));
        m.put("get_all", new GetRequest(Proc.wildcard("other"), List.of(), null).payload(kind));
        m.put("get_reply", new GetReply(0, List.of(new ByteObject(new byte[] {1, 2, 3}),
                new ByteObject("tcjob".getBytes(StandardCharsets.US_ASCII)))).payload(kind));
        m.put("finalize", new FinalizeRequest().payload(kind));
        m.put("publish", new PublishRequest(1000, INFOS).payload(kind));
        m.put("lookup", new LookupRequest(1000, List.of("tc.k1", "tc.k2"), ONE_INFO).payload(kind));
        m.put("lookup_reply", new LookupReply(0, List.of(new PublishedData(PROCS.get(0), "tc.k1", Value.of("v1")),
                new PublishedData(PROCS.get(1), "tc.k2", new Value.UInt32(7)))).payload(kind));
        m.put("lookup_reply_failed", new LookupReply(-46, List.of()).payload(kind));
        m.put("unpublish", new UnpublishRequest(1000, List.of("tc.k1", "tc.k2"), ONE_INFO).payload(kind));
        m.put("spawn", new SpawnRequest(INFOS, List.of(new App("/bin/true", List.of("true", "-x"), List.of("A=1"),
                "/tmp", 2, ONE_INFO))).payload(kind));
        m.put("spawn_reply", new SpawnReply(0, "child", new ByteObject(kvals)).payload(kind));
        m.put("spawn_reply_failed", new SpawnReply(-25, null, ByteObject.EMPTY).payload(kind));
        m.put("connect", new ConnectProcsRequest(PROCS, ONE_INFO).payload(kind));
        m.put("connect_reply", new ConnectReply(0, List.of(new ByteObject(new byte[] {5, 6}))).payload(kind));
        m.put("disconnect", new DisconnectRequest(PROCS, List.of()).payload(kind));
        m.put("notify", new NotifyRequest(-3010, DataRange.NAMESPACE, ONE_INFO).payload(kind));
        m.put("register_events", new RegisterEventsRequest(List.of(-3010, -25), ONE_INFO).payload(kind));
        m.put("register_default_events", new RegisterEventsRequest(List.of(), List.of()).payload(kind));
        m.put("deregister_events", new DeregisterEventsRequest(List.of(-3010, Integer.MIN_VALUE)).payload(kind));
        m.put("query", new QueryRequest(List.of(new Query(List.of("pmix.qry.ns", "pmix.qry.jst"), ONE_INFO)))
                .payload(kind));
        m.put("query_reply", new StatusInfosReply(0, INFOS).payload(kind));
        m.put("log", new LogRequest(1_700_000_000L, INFOS, ONE_INFO).payload(kind));
        m.put("status_reply", new StatusReply(-25).payload(kind));
        m.put("event_notification", new EventNotification(-3010, PROCS.get(0), INFOS, DataRange.NAMESPACE)
                .payload(kind));
        return m;
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void everyCoreMessageHasLibpmixsBytes(BufferKind kind, @TempDir Path dir) throws IOException {
        Path out = dir.resolve("core-" + kind + ".bin");
        Run run = Run.command(packer.toString(), out.toString()).timeout(Duration.ofMinutes(1));
        // libpmix reads the kind from this variable at init, exactly as in a launched client
        run = kind == BufferKind.FULLY_DESCRIBED ? run.env("PMIX_BFROP_BUFFER_TYPE", kind.envName())
                : run.unsetEnv("PMIX_BFROP_BUFFER_TYPE").unsetEnv("PMIX_MCA_bfrops_base_default_type");
        Run.Result r = run.go();
        assertEquals(0, r.exitCode(), () -> "core_messages failed:\n" + r.all());
        Map<String, byte[]> libpmix = readRecords(Files.readAllBytes(out));
        Map<String, byte[]> ours = messages(kind);
        assertEquals(List.copyOf(ours.keySet()), List.copyOf(libpmix.keySet()), "the same messages on both sides");
        List<String> differ = new ArrayList<>();
        ours.forEach((name, bytes) -> {
            byte[] theirs = libpmix.get(name);
            if (!java.util.Arrays.equals(bytes, theirs)) {
                differ.add(name + ":\n  libpmix " + HEX.formatHex(theirs) + "\n  pmix4j  " + HEX.formatHex(bytes));
            }
        });
        assertTrue(differ.isEmpty(), () -> kind + ": " + differ.size() + " message(s) differ from libpmix's:\n"
                + String.join("\n", differ));
    }

    /** Records of core_messages.c: NUL-terminated name, u32 little-endian length, bytes. */
    private static Map<String, byte[]> readRecords(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        Map<String, byte[]> out = new LinkedHashMap<>();
        while (b.hasRemaining()) {
            int start = b.position();
            while (b.get() != 0) {
                // the name runs to its NUL
            }
            String name = new String(file, start, b.position() - start - 1, StandardCharsets.US_ASCII);
            byte[] bytes = new byte[b.getInt()];
            b.get(bytes);
            out.put(name, bytes);
        }
        return out;
    }
}
