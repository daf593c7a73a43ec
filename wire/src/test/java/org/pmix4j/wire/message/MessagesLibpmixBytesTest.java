package org.pmix4j.wire.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pmix4j.wire.message.MessageCase.event;
import static org.pmix4j.wire.message.MessageCase.ioData;
import static org.pmix4j.wire.message.MessageCase.reply;
import static org.pmix4j.wire.message.MessageCase.request;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Cpuset;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.DeviceDistance;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Query;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Topology;
import org.pmix4j.api.Value;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * Every message record against libpmix 4.2.2, byte for byte, in both buffer kinds: our C program
 * ({@code src/test/c/messages.c}, built by NativeBuild against Debian's libpmix-dev) packs the request of
 * every command, the replies and the pushed messages with PMIx_Data_pack, field by field in the order
 * libpmix's client and server pack them, from the same fixed values as {@link #messages}. Each record's
 * payload must be exactly those bytes, and those bytes must read back to the record.
 */
class MessagesLibpmixBytesTest {
    private static final Path SOURCE = Path.of("src", "test", "c", "messages.c");
    private static final HexFormat HEX = HexFormat.of();
    /** Records of messages.c that are not messages: the machine's own TOPO and PROC_CPUSET packs. */
    private static final Set<String> NOT_MESSAGES = Set.of("topology", "cpuset");

    private static final List<Proc> PROCS = List.of(new Proc("tcjob", 0), Proc.wildcard("tcjob"));
    private static final List<Info> INFOS = List.of(Info.of("tc.key", "hello"), Info.of("tc.flag", true));
    private static final List<Info> ONE_INFO = List.of(Info.of("tc.count", new Value.UInt32(7)));

    private static final Map<BufferKind, Map<String, byte[]>> LIBPMIX = new EnumMap<>(BufferKind.class);

    @TempDir
    static Path dir;

    private static Path packer;

    @BeforeAll
    static void build() {
        packer = NativeBuild.pmixProgram(SOURCE);
    }

    /** What messages.c packs, by name, as records; the device distances request takes libpmix's topology. */
    static Map<String, MessageCase> messages(BufferKind kind, Map<String, byte[]> libpmix) {
        Map<String, MessageCase> m = new LinkedHashMap<>();
        byte[] kvals = new Packer(kind).kval("wire.int", new Value.Int32(42)).kval("wire.str", Value.of("hello"))
                .toByteArray();
        // this machine's topology, as libpmix packed it: decoded from its own pack
        Topology topology = (Topology) new Unpacker(libpmixBytes(libpmix, "topology"), kind).unpackOne(DataType.TOPO);
        Cpuset cpuset = (Cpuset) new Unpacker(libpmixBytes(libpmix, "cpuset"), kind).unpackOne(DataType.PROC_CPUSET);
        m.put("compute_device_distances", request(new ComputeDeviceDistancesRequest(topology, cpuset, ONE_INFO)));

        m.put("job_info_request", request(new JobInfoRequest()));
        m.put("abort", request(new AbortRequest(-51, "gave up", PROCS)));
        m.put("abort_whole_job", request(new AbortRequest(1, "", List.of())));
        m.put("commit", request(new CommitRequest(List.of(
                new CommitRequest.ScopedData(Scope.LOCAL, new Value.Buffer(1, new byte[] {0x02, 0x54})),
                new CommitRequest.ScopedData(Scope.REMOTE,
                        new Value.Buffer(2, new byte[] {0x09, 0x02, 0x09, 0x54}))))));
        m.put("fence", request(new FenceRequest(PROCS, ONE_INFO)));
        m.put("fence_no_procs", request(new FenceRequest(List.of(), List.of())));
        m.put("get", request(new GetRequest(new Proc("tcjob", 1), INFOS, "tc.key")));
        m.put("get_all", request(new GetRequest(Proc.wildcard("other"), List.of(), null)));
        m.put("finalize", request(new FinalizeRequest()));
        m.put("publish", request(new PublishRequest(1000, INFOS)));
        m.put("lookup", request(new LookupRequest(1000, List.of("tc.k1", "tc.k2"), ONE_INFO)));
        m.put("unpublish", request(new UnpublishRequest(1000, List.of("tc.k1", "tc.k2"), ONE_INFO)));
        m.put("spawn", request(new SpawnRequest(INFOS, List.of(new App("/bin/true", List.of("true", "-x"),
                List.of("A=1"), "/tmp", 2, ONE_INFO)))));
        m.put("connect", request(new ConnectProcsRequest(PROCS, ONE_INFO)));
        m.put("disconnect", request(new DisconnectRequest(PROCS, List.of())));
        m.put("notify", request(new NotifyRequest(-3010, DataRange.NAMESPACE, ONE_INFO)));
        m.put("register_events", request(new RegisterEventsRequest(List.of(-3010, -25), ONE_INFO)));
        m.put("register_default_events", request(new RegisterEventsRequest(List.of(), List.of())));
        m.put("deregister_events", request(new DeregisterEventsRequest(List.of(-3010, Integer.MIN_VALUE))));
        m.put("query", request(new QueryRequest(List.of(new Query(List.of("pmix.qry.ns", "pmix.qry.jst"), ONE_INFO)))));
        m.put("log", request(new LogRequest(1_700_000_000L, INFOS, ONE_INFO)));

        m.put("alloc", request(new AllocRequest(new AllocDirective(1), INFOS)));
        m.put("job_control", request(new JobControlRequest(PROCS, INFOS)));
        m.put("job_control_no_targets", request(new JobControlRequest(List.of(), List.of())));
        m.put("session_control", request(new SessionControlRequest(7, INFOS)));
        m.put("monitor", request(new MonitorRequest(ONE_INFO.get(0), PmixStatus.PMIX_MONITOR_HEARTBEAT_ALERT,
                INFOS.subList(0, 1))));
        m.put("get_credential", request(new GetCredentialRequest(INFOS)));
        m.put("validate_credential", request(new ValidateCredentialRequest(bytes("CRED"), List.of())));
        m.put("iof_pull", request(new IofPullRequest(PROCS, ONE_INFO, IofChannel.STDOUT | IofChannel.STDERR, 5)));
        m.put("iof_push", request(new IofPushRequest(PROCS.subList(0, 1), List.of(), bytes("input\n"))));
        m.put("iof_push_end_of_input", request(new IofPushRequest(PROCS.subList(0, 1), List.of(), null)));
        m.put("iof_deregister", request(new IofDeregisterRequest(ONE_INFO, 3)));
        m.put("group_construct", request(new GroupConstructRequest("grp", PROCS, ONE_INFO)));
        m.put("group_join", request(new GroupJoinRequest()));
        m.put("group_invite", request(new GroupInviteRequest()));
        m.put("group_leave", request(new GroupLeaveRequest("grp", List.of())));
        m.put("group_destruct", request(new GroupDestructRequest("grp", ONE_INFO)));
        m.put("fabric_register", request(new FabricRegisterRequest(INFOS)));
        m.put("fabric_update", request(new FabricUpdateRequest(4)));

        m.put("job_info_reply", reply(new JobInfoReply("tcjob", new ByteObject(kvals)), JobInfoReply::read));
        m.put("status_reply", reply(new StatusReply(-25), StatusReply::read));
        m.put("status_only", reply(new StatusReply(PmixStatus.PMIX_ERR_NOT_SUPPORTED), StatusReply::read));
        m.put("get_reply", reply(new GetReply(0, List.of(new ByteObject(new byte[] {1, 2, 3}), bytes("tcjob"))),
                GetReply::read));
        m.put("lookup_reply", reply(new LookupReply(0, List.of(new PublishedData(PROCS.get(0), "tc.k1", Value.of("v1")),
                new PublishedData(PROCS.get(1), "tc.k2", new Value.UInt32(7)))), LookupReply::read));
        m.put("lookup_reply_failed", reply(new LookupReply(-46, List.of()), LookupReply::read));
        m.put("spawn_reply", reply(new SpawnReply(0, "child", new ByteObject(kvals)), SpawnReply::read));
        m.put("spawn_reply_failed", reply(new SpawnReply(-25, null, ByteObject.EMPTY), SpawnReply::read));
        m.put("connect_reply", reply(new ConnectProcsReply(0, List.of(new ByteObject(new byte[] {5, 6}))),
                ConnectProcsReply::read));
        m.put("query_reply", reply(new StatusInfosReply(0, INFOS), StatusInfosReply::read));
        m.put("status_infos_failed", reply(new StatusInfosReply(PmixStatus.PMIX_ERR_NOT_FOUND, List.of()),
                StatusInfosReply::read));
        m.put("credential", reply(new CredentialReply(PmixStatus.PMIX_SUCCESS, bytes("CRED"), ONE_INFO),
                CredentialReply::read));
        m.put("credential_failed", reply(CredentialReply.failed(PmixStatus.PMIX_ERR_NOT_FOUND), CredentialReply::read));
        m.put("iof_pull_reply", reply(new IofPullReply(PmixStatus.PMIX_SUCCESS, 1), IofPullReply::read));
        m.put("iof_pull_reply_failed", reply(IofPullReply.failed(PmixStatus.PMIX_ERR_NOT_FOUND), IofPullReply::read));
        m.put("group_construct_reply", reply(new GroupConstructReply(PmixStatus.PMIX_SUCCESS, 77),
                GroupConstructReply::read));
        m.put("group_construct_reply_no_id", reply(new GroupConstructReply(PmixStatus.PMIX_SUCCESS,
                GroupConstructReply.NO_CONTEXT_ID), GroupConstructReply::read));
        m.put("device_distances_reply", reply(new DeviceDistancesReply(PmixStatus.PMIX_SUCCESS, List.of(
                new DeviceDistance("ofi://0", "hfi1_0", 0x08, 1, 2),
                new DeviceDistance("gpu://1", null, 0x02, 10, 65535))),
                DeviceDistancesReply::read));
        m.put("device_distances_reply_none", reply(new DeviceDistancesReply(PmixStatus.PMIX_SUCCESS, List.of()),
                DeviceDistancesReply::read));

        m.put("event_notification", event(new EventNotification(-3010, PROCS.get(0), INFOS, DataRange.NAMESPACE)));
        m.put("iof_data", ioData(new IofDataMessage(PROCS.get(0), IofChannel.STDOUT, 3,
                List.of(Attributes.IOF_COMPLETE.info(true)), bytes("out"))));
        return m;
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void everyMessageHasLibpmixsBytes(BufferKind kind) {
        Map<String, byte[]> libpmix = libpmix(kind);
        Map<String, MessageCase> ours = messages(kind, libpmix);
        Set<String> theirNames = new LinkedHashMap<>(libpmix).keySet();
        theirNames.removeAll(NOT_MESSAGES);
        assertEquals(ours.keySet(), theirNames, "the same messages on both sides");
        List<String> differ = new ArrayList<>();
        ours.forEach((name, c) -> {
            byte[] mine = c.write().apply(kind);
            byte[] theirs = libpmix.get(name);
            if (!Arrays.equals(mine, theirs)) {
                differ.add(name + ":\n  libpmix " + HEX.formatHex(theirs) + "\n  pmix4j  " + HEX.formatHex(mine));
            }
        });
        assertTrue(differ.isEmpty(), () -> kind + ": " + differ.size() + " message(s) differ from libpmix's:\n"
                + String.join("\n", differ));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void libpmixsBytesReadBackToEveryRecord(BufferKind kind) {
        Map<String, byte[]> libpmix = libpmix(kind);
        messages(kind, libpmix).forEach((name, c) -> {
            Unpacker u = new Unpacker(libpmixBytes(libpmix, name), kind);
            assertEquals(c.message(), c.read().apply(u), name + " in " + kind);
            assertFalse(u.hasRemaining(), () -> name + " in " + kind + ": " + u.remaining() + " bytes left");
        });
    }

    /** A command added to PmixCommand without a case here fails this. */
    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void everyCommandHasItsRequest(BufferKind kind) {
        Set<PmixCommand> covered = messages(kind, libpmix(kind)).values().stream().map(MessageCase::command)
                .filter(Objects::nonNull).collect(Collectors.toCollection(() -> EnumSet.noneOf(PmixCommand.class)));
        assertEquals(EnumSet.allOf(PmixCommand.class), covered);
    }

    /** A bare STATUS reply reads as each status-first reply with nothing else, as libpmix's clients read it. */
    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void bareStatusReadsAsEveryReply(BufferKind kind) {
        byte[] bare = libpmixBytes(libpmix(kind), "status_only");
        int status = PmixStatus.PMIX_ERR_NOT_SUPPORTED;
        assertEquals(new StatusInfosReply(status, List.of()), StatusInfosReply.read(new Unpacker(bare, kind)));
        assertEquals(CredentialReply.failed(status), CredentialReply.read(new Unpacker(bare, kind)));
        assertEquals(IofPullReply.failed(status), IofPullReply.read(new Unpacker(bare, kind)));
        assertEquals(new GroupConstructReply(status, GroupConstructReply.NO_CONTEXT_ID),
                GroupConstructReply.read(new Unpacker(bare, kind)));
        assertEquals(new DeviceDistancesReply(status, List.of()), DeviceDistancesReply.read(new Unpacker(bare, kind)));
    }

    private static ByteObject bytes(String s) {
        return new ByteObject(s.getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] libpmixBytes(Map<String, byte[]> libpmix, String name) {
        assertTrue(libpmix.containsKey(name), () -> "messages.c wrote no '" + name + "' record: " + libpmix.keySet());
        return libpmix.get(name);
    }

    /** The records messages.c writes in {@code kind}, run once per kind. */
    private static synchronized Map<String, byte[]> libpmix(BufferKind kind) {
        return LIBPMIX.computeIfAbsent(kind, MessagesLibpmixBytesTest::runPacker);
    }

    private static Map<String, byte[]> runPacker(BufferKind kind) {
        Path out = dir.resolve("messages-" + kind + ".bin");
        Run run = Run.command(packer.toString(), out.toString()).timeout(Duration.ofMinutes(2));
        // libpmix reads the kind from this variable at init, exactly as in a launched client
        run = kind == BufferKind.FULLY_DESCRIBED ? run.env("PMIX_BFROP_BUFFER_TYPE", kind.envName())
                : run.unsetEnv("PMIX_BFROP_BUFFER_TYPE").unsetEnv("PMIX_MCA_bfrops_base_default_type");
        Run.Result r = run.go();
        assertEquals(0, r.exitCode(), () -> "messages failed:\n" + r.all());
        try {
            return readRecords(Files.readAllBytes(out));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Records of messages.c: NUL-terminated name, u32 little-endian length, bytes. */
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
