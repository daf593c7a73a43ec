package org.pmix4j.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.sessiondir.ProcessIds;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.MessageHeader;
import org.pmix4j.wire.protocol.NativeCredential;
import org.pmix4j.wire.protocol.PeerType;

/**
 * Handshakes that lie about who sent them, sent over raw sockets by a process the kernel knows as another
 * user (nobody, through util-linux's setpriv), to a server run by root: a claim to be root, as a tool and
 * as a registered client of root's job, and an honest tool of that other user. Every one is refused, and a
 * real libpmix client of the job gets in afterwards. Also: a connection that sends half a header and then
 * nothing is closed after the handshake timeout.
 *
 * <p>Skipped when the tests do not run as root (they cannot become another user) or setpriv is missing.
 */
class ForgedIdentityTest {
    private static final int NOBODY = 65534;
    /** Sends hex bytes, then prints how many bytes came back and whether the server closed the socket. */
    private static final String SENDER = """
            import socket, sys
            s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
            s.sendall(bytes.fromhex(sys.argv[3]))
            s.settimeout(float(sys.argv[4]))
            got = b''
            try:
                while True:
                    b = s.recv(4096)
                    if not b:
                        print('CLOSED', got.hex())
                        break
                    got += b
            except socket.timeout:
                print('OPEN', got.hex())
            """;

    @TempDir
    Path tmp;

    private static Path client;

    @BeforeAll
    static void build() {
        client = NativeBuild.pmixProgram(Path.of("src/test/c/init_and_exit.c"));
    }

    private static void assumeRoot() {
        assumeTrue(ProcessIds.current().uid() == 0, "needs root, to run a peer as another user");
        assumeTrue(Run.command("setpriv", "--version").go().exitCode() == 0, "needs util-linux's setpriv");
    }

    /** What the server did with {@code handshake} sent by a process of uid/gid nobody. */
    private static String sendAsNobody(InetSocketAddress server, ConnectRequest handshake, double waitSeconds) {
        byte[] body = handshake.encode();
        byte[] frame = ByteBuffer.allocate(MessageHeader.SIZE + body.length)
                .put(MessageHeader.connectHeader(body.length)).put(body).array();
        Run.Result r = Run.command("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups",
                "/usr/bin/python3", "-c", SENDER, server.getHostString(), Integer.toString(server.getPort()),
                HexFormat.of().formatHex(frame), Double.toString(waitSeconds)).timeout(Duration.ofSeconds(60)).go();
        assertEquals(0, r.exitCode(), r.all());
        return r.stdout().trim();
    }

    private static ConnectRequest tool(int uid, int gid) {
        return new ConnectRequest(NativeCredential.MODULE, new NativeCredential(uid, gid).encode(),
                PeerType.TOOL_NEEDS_ID, uid, gid, null, 0, "4.2.2", "v41", BufferKind.NON_DESCRIBED.code(), "hash",
                List.of());
    }

    private static ConnectRequest client(String nspace, int rank, int uid, int gid) {
        return new ConnectRequest(NativeCredential.MODULE, new NativeCredential(uid, gid).encode(),
                PeerType.SIMPLE_CLIENT, -1, -1, nspace, rank, "4.2.2", "v41", BufferKind.NON_DESCRIBED.code(), "hash",
                List.of());
    }

    private static InetSocketAddress address(PmixServer server) {
        URI u = URI.create(server.uri().substring(server.uri().indexOf(';') + 1));
        return new InetSocketAddress(u.getHost(), u.getPort());
    }

    private PmixServer startServer(Map<String, String> env) {
        return PmixServer.start(null, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString()), Attributes.SERVER_TOOL_SUPPORT.info(true)), env);
    }

    @Test
    void anotherUserClaimingRootIsRefusedAndTheJobIsServed() {
        assumeRoot();
        try (PmixServer server = startServer(Map.of())) {
            server.registerNspace("rootjob", 1, List.of(Attributes.JOB_SIZE.info(1))).join();
            server.registerClient(new Proc("rootjob", 0), 0, 0).join();
            InetSocketAddress at = address(server);

            // forged: a tool claiming root, credential and all; and a client posing as root's rank 0
            assertEquals("CLOSED", sendAsNobody(at, tool(0, 0), 20), "a tool of nobody claiming uid 0");
            assertEquals("CLOSED", sendAsNobody(at, client("rootjob", 0, 0, 0), 20),
                    "a process of nobody posing as root's registered client");
            // honest about itself, but another user's tool: answered PMIX_ERR_NO_PERMISSIONS
            String honest = sendAsNobody(at, tool(NOBODY, NOBODY), 3);
            int status = ByteBuffer.wrap(HexFormat.of().parseHex(honest.split(" ")[1])).getInt();
            assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, status, "an honest tool of another user: " + honest);

            Run.Result ok = Run.command(client.toString()).env(server.setupFork(new Proc("rootjob", 0)))
                    .timeout(Duration.ofSeconds(30)).go();
            assertEquals(0, ok.exitCode(), "root's own client after the attempts\n" + ok.all());
            assertTrue(ok.stdout().contains("ready rootjob:0"), ok.all());
        }
    }

    /**
     * The host said which process it started as the client: the same program in another process, neither
     * that one nor a descendant of it, is refused.
     */
    @Test
    void aClientFromAnotherProcessThanTheHostStartedIsRefused() throws Exception {
        var ids = ProcessIds.current();
        Process unrelated = new ProcessBuilder("sleep", "120").start();
        try (PmixServer server = startServer(Map.of())) {
            server.registerNspace("started", 1, List.of(Attributes.JOB_SIZE.info(1))).join();
            server.registerClient(new Proc("started", 0), (int) ids.uid(), (int) ids.gid()).join();
            server.clientStarted(new Proc("started", 0), unrelated.pid());
            Run.Result other = Run.command(client.toString()).env(server.setupFork(new Proc("started", 0)))
                    .timeout(Duration.ofSeconds(30)).go();
            assertEquals(1, other.exitCode(), "PMIx_Init from a process the host did not start\n" + other.all());
        } finally {
            unrelated.destroyForcibly().waitFor();
        }
    }

    /**
     * The host started a process that forks the client (as a fork/exec agent does, PMIX_FORKEXEC_AGENT): the
     * client connects from a child of the process the host named, and gets in. The shell waits for a line on
     * its stdin, so that the host has said the pid before the client connects.
     */
    @Test
    void aClientForkedByTheProcessTheHostStartedGetsIn() throws Exception {
        var ids = ProcessIds.current();
        try (PmixServer server = startServer(Map.of())) {
            server.registerNspace("forked", 1, List.of(Attributes.JOB_SIZE.info(1))).join();
            server.registerClient(new Proc("forked", 0), (int) ids.uid(), (int) ids.gid()).join();
            // the client is forked, not exec'd in the shell's place: a command follows it
            ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "read go; \"$0\"; exit $?", client.toString())
                    .redirectErrorStream(true);
            pb.environment().putAll(server.setupFork(new Proc("forked", 0)));
            Process agent = pb.start();
            try {
                server.clientStarted(new Proc("forked", 0), agent.pid());
                agent.getOutputStream().write("go\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                agent.getOutputStream().close();
                String out = new String(agent.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                assertEquals(0, agent.waitFor(), "PMIx_Init from a child of the process the host started\n" + out);
                assertTrue(out.contains("ready forked:0"), out);
            } finally {
                agent.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void aHalfSentHandshakeIsClosedAfterTheTimeout() throws Exception {
        try (PmixServer server = startServer(Map.of("PMIX4J_HANDSHAKE_TIMEOUT", "0.5"));
                Socket s = new Socket()) {
            s.connect(address(server));
            s.getOutputStream().write(new byte[] {0, 0, 0, 0, 0, 0});
            s.setSoTimeout(30_000);
            InputStream in = s.getInputStream();
            assertEquals(-1, in.read(), "the server closes a connection whose handshake never completes");
        }
    }

    @Test
    void aBadTimeoutSettingIsRefusedWithItsName() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(org.pmix4j.api.PmixException.class,
                () -> startServer(Map.of("PMIX4J_HANDSHAKE_TIMEOUT", "soon")).close());
        assertTrue(e.getMessage().contains("PMIX4J_HANDSHAKE_TIMEOUT='soon'"), e.getMessage());
    }
}
