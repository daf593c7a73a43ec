package org.pmix4j.wire.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Cpuset;
import org.pmix4j.api.DataType;
import org.pmix4j.api.DeviceDistance;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Topology;
import org.pmix4j.api.Value;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;

/**
 * The service commands' records against libpmix 4.2.2, byte for byte, in both buffer kinds: our C program
 * ({@code src/test/c/service_messages.c}, built by NativeBuild) packs every request and reply with
 * PMIx_Data_pack, field by field in the order libpmix's client and server pack them, for fixed values; each
 * record built here from the same values must give exactly those bytes, and read them back to itself.
 */
class ServiceMessagesLibpmixBytesTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final Path SOURCE = Path.of("src", "test", "c", "service_messages.c");

    private static final List<Info> INFOS = List.of(Info.of("pmix.test.str", "hello"),
            Info.of("pmix.test.num", new Value.UInt32(42)));
    private static final List<Info> ONE_INFO = INFOS.subList(0, 1);
    private static final List<Proc> PROCS = List.of(new Proc("ns1", 0), Proc.wildcard("ns1"));
    private static final ByteObject CREDENTIAL = bytes("CRED");

    private static Path program;

    @BeforeAll
    static void build() {
        program = NativeBuild.pmixProgram(SOURCE);
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void requestsAreLibpmixBytes(BufferKind kind, @TempDir Path dir) throws IOException {
        Map<String, byte[]> c = libpmix(kind, dir);
        Map<String, RequestMessage> requests = new LinkedHashMap<>();
        requests.put("alloc", new AllocRequest(new AllocDirective(1), INFOS));
        requests.put("job_control", new JobControlRequest(PROCS, INFOS));
        requests.put("job_control_no_targets", new JobControlRequest(List.of(), List.of()));
        requests.put("monitor", new MonitorRequest(INFOS.get(1), PmixStatus.PMIX_MONITOR_HEARTBEAT_ALERT, ONE_INFO));
        requests.put("get_credential", new GetCredentialRequest(INFOS));
        requests.put("validate_credential", new ValidateCredentialRequest(CREDENTIAL, List.of()));
        requests.put("iof_pull", new IofPullRequest(PROCS, ONE_INFO, IofChannel.STDOUT | IofChannel.STDERR, 5));
        requests.put("iof_push", new IofPushRequest(PROCS.subList(0, 1), List.of(), bytes("input\n")));
        requests.put("iof_push_end_of_input", new IofPushRequest(PROCS.subList(0, 1), List.of(), null));
        requests.put("iof_deregister", new IofDeregisterRequest(ONE_INFO, 3));
        requests.put("group_construct", new GroupConstructRequest("grp", PROCS, ONE_INFO));
        requests.put("group_join", new GroupJoinRequest());
        requests.put("group_invite", new GroupInviteRequest());
        requests.put("group_leave", new GroupLeaveRequest("grp", List.of()));
        requests.put("group_destruct", new GroupDestructRequest("grp", ONE_INFO));
        requests.put("fabric_register", new FabricRegisterRequest(INFOS));
        requests.put("fabric_update", new FabricUpdateRequest(4));
        // this machine's topology, as libpmix packed it: decoded from its own pack
        Topology topology = (Topology) new Unpacker(c.get("topology"), kind).unpackOne(DataType.TOPO);
        Cpuset cpuset = (Cpuset) new Unpacker(c.get("cpuset"), kind).unpackOne(DataType.PROC_CPUSET);
        requests.put("compute_device_distances", new ComputeDeviceDistancesRequest(topology, cpuset, ONE_INFO));

        for (Map.Entry<String, RequestMessage> e : requests.entrySet()) {
            byte[] expected = libpmixBytes(c, e.getKey());
            assertEquals(HEX.formatHex(expected), HEX.formatHex(e.getValue().payload(kind)), e.getKey() + " in " + kind);
            Unpacker u = new Unpacker(expected, kind);
            RequestMessage back = RequestMessages.read(e.getValue().command(),
                    skipCommand(u, e.getValue().command().code()));
            assertFalse(u.hasRemaining(), e.getKey());
            assertEquals(e.getValue(), back, e.getKey());
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void repliesAreLibpmixBytes(BufferKind kind, @TempDir Path dir) throws IOException {
        Map<String, byte[]> c = libpmix(kind, dir);
        List<DeviceDistance> distances = List.of(new DeviceDistance("ofi://0", "hfi1_0", 0x08, 1, 2),
                new DeviceDistance("gpu://1", null, 0x02, 10, 65535));
        check(c, kind, "status_infos", new StatusInfosReply(PmixStatus.PMIX_SUCCESS, INFOS), StatusInfosReply::read);
        check(c, kind, "status_infos_failed", new StatusInfosReply(PmixStatus.PMIX_ERR_NOT_FOUND, List.of()),
                StatusInfosReply::read);
        check(c, kind, "status_only", new StatusReply(PmixStatus.PMIX_ERR_NOT_SUPPORTED), StatusReply::read);
        check(c, kind, "credential", new CredentialReply(PmixStatus.PMIX_SUCCESS, CREDENTIAL, ONE_INFO),
                CredentialReply::read);
        check(c, kind, "credential_failed", CredentialReply.failed(PmixStatus.PMIX_ERR_NOT_FOUND),
                CredentialReply::read);
        check(c, kind, "iof_pull_reply", new IofPullReply(PmixStatus.PMIX_SUCCESS, 1), IofPullReply::read);
        check(c, kind, "iof_pull_reply_failed", IofPullReply.failed(PmixStatus.PMIX_ERR_NOT_FOUND),
                IofPullReply::read);
        check(c, kind, "group_construct_reply", new GroupConstructReply(PmixStatus.PMIX_SUCCESS, 77),
                GroupConstructReply::read);
        check(c, kind, "group_construct_reply_no_id",
                new GroupConstructReply(PmixStatus.PMIX_SUCCESS, GroupConstructReply.NO_CONTEXT_ID),
                GroupConstructReply::read);
        check(c, kind, "device_distances_reply", new DeviceDistancesReply(PmixStatus.PMIX_SUCCESS, distances),
                DeviceDistancesReply::read);
        check(c, kind, "device_distances_reply_none", new DeviceDistancesReply(PmixStatus.PMIX_SUCCESS, List.of()),
                DeviceDistancesReply::read);
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void ioDataIsLibpmixBytes(BufferKind kind, @TempDir Path dir) throws IOException {
        Map<String, byte[]> c = libpmix(kind, dir);
        IofDataMessage data = new IofDataMessage(new Proc("ns1", 0), IofChannel.STDOUT, 3,
                List.of(Attributes.IOF_COMPLETE.info(true)), bytes("out"));
        byte[] expected = libpmixBytes(c, "iof_data");
        assertEquals(HEX.formatHex(expected), HEX.formatHex(data.payload(kind)), "iof_data in " + kind);
        assertEquals(data, IofDataMessage.read(new Unpacker(expected, kind)));
    }

    /** A bare STATUS reply reads as each status-first reply with nothing else, as libpmix's clients read it. */
    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void bareStatusReadsAsEveryReply(BufferKind kind, @TempDir Path dir) throws IOException {
        byte[] bare = libpmixBytes(libpmix(kind, dir), "status_only");
        int status = PmixStatus.PMIX_ERR_NOT_SUPPORTED;
        assertEquals(new StatusInfosReply(status, List.of()), StatusInfosReply.read(new Unpacker(bare, kind)));
        assertEquals(CredentialReply.failed(status), CredentialReply.read(new Unpacker(bare, kind)));
        assertEquals(IofPullReply.failed(status), IofPullReply.read(new Unpacker(bare, kind)));
        assertEquals(new GroupConstructReply(status, GroupConstructReply.NO_CONTEXT_ID),
                GroupConstructReply.read(new Unpacker(bare, kind)));
        assertEquals(new DeviceDistancesReply(status, List.of()), DeviceDistancesReply.read(new Unpacker(bare, kind)));
    }

    private static <R extends ReplyMessage> void check(Map<String, byte[]> c, BufferKind kind, String name, R reply,
            java.util.function.Function<Unpacker, R> reader) {
        byte[] expected = libpmixBytes(c, name);
        assertEquals(HEX.formatHex(expected), HEX.formatHex(reply.payload(kind)), name + " in " + kind);
        Unpacker u = new Unpacker(expected, kind);
        assertEquals(reply, reader.apply(u), name);
        assertFalse(u.hasRemaining(), name);
    }

    private static Unpacker skipCommand(Unpacker u, int code) {
        assertEquals(code, u.command());
        return u;
    }

    private static byte[] libpmixBytes(Map<String, byte[]> c, String name) {
        assertTrue(c.containsKey(name), () -> "service_messages wrote no '" + name + "' record: " + c.keySet());
        return c.get(name);
    }

    private static ByteObject bytes(String s) {
        return new ByteObject(s.getBytes(StandardCharsets.US_ASCII));
    }

    /** Runs the C program in {@code kind} and reads its records by name. */
    private static Map<String, byte[]> libpmix(BufferKind kind, Path dir) throws IOException {
        Path out = dir.resolve("service-messages-" + kind + ".bin");
        Run run = Run.command(program.toString(), out.toString()).timeout(Duration.ofMinutes(2));
        // libpmix reads the kind from this variable at init, exactly as in a launched client
        run = kind == BufferKind.FULLY_DESCRIBED ? run.env("PMIX_BFROP_BUFFER_TYPE", kind.envName())
                : run.unsetEnv("PMIX_BFROP_BUFFER_TYPE").unsetEnv("PMIX_MCA_bfrops_base_default_type");
        Run.Result r = run.go();
        assertEquals(0, r.exitCode(), () -> "service_messages failed:\n" + r.all());
        byte[] file = Files.readAllBytes(out);
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        Map<String, byte[]> records = new LinkedHashMap<>();
        while (b.hasRemaining()) {
            int start = b.position();
            while (b.get() != 0) {
                // the name runs to its NUL
            }
            String name = new String(file, start, b.position() - start - 1, StandardCharsets.US_ASCII);
            byte[] bytes = new byte[b.getInt()];
            b.get(bytes);
            records.put(name, bytes);
        }
        return records;
    }
}
