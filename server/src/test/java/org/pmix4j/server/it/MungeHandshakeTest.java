package org.pmix4j.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.MungeDaemon;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.MessageHeader;
import org.pmix4j.wire.protocol.NativeCredential;
import org.pmix4j.wire.protocol.PeerType;
import org.pmix4j.wire.psec.MungeClient;
import org.pmix4j.wire.psec.MungeToken;

/**
 * The psec module "munge" with real peers: libpmix clients under a pmix4j server get in with a munge
 * token that munged vouches for; forged, garbage and replayed tokens are refused and the server goes on
 * serving. munged runs where libmunge looks for it (/run/munge/munge.socket.2): started by the test when
 * none runs there, stopped after.
 */
class MungeHandshakeTest {
    @TempDir
    Path tmp;

    private static MungeDaemon munged;
    private static Path exe;
    private static final int UID = (int) new com.sun.security.auth.module.UnixSystem().getUid();
    private static final int GID = (int) new com.sun.security.auth.module.UnixSystem().getGid();

    @BeforeAll
    static void start() {
        munged = MungeDaemon.atDefaultSocket();
        exe = NativeBuild.pmixProgram(Path.of("src/test/c/init_and_exit.c"));
    }

    @AfterAll
    static void stop() {
        if (munged != null) {
            munged.close();
        }
    }

    @Test
    void aLibpmixToolPicksMungeByItselfAndGetsIn() throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/tool_fixed_id.c"));
        try (PmixServer server = server("munge", Attributes.SERVER_TOOL_SUPPORT.info(true))) {
            // a self-started libpmix tool has no PMIX_SECURITY_MODE: it takes its best working module, munge
            Run.Result r = Run.command(tool.toString(), server.uri(), "mtool", "5").unsetEnv("PMIX_SECURITY_MODE")
                    .unsetEnv("PMIX_MCA_psec").timeout(Duration.ofSeconds(30)).go();
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdout().contains("init rc=0 mtool:5"), r.all());
        }
    }

    private PmixServer server(String psec, Info... more) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("PMIX_MCA_psec");
        env.remove("PMIX4J_MUNGE_SOCKET");
        if (psec != null) {
            env.put("PMIX_MCA_psec", psec);
        }
        List<Info> info = new ArrayList<>(List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())));
        info.addAll(List.of(more));
        return PmixServer.start(more.length == 0 ? null : new HostModule() {
        }, info, env);
    }

    private static Run.Result client(PmixServer server, Proc p) {
        return Run.command(exe.toString()).env(server.setupFork(p)).timeout(Duration.ofSeconds(30)).go();
    }

    @Test
    void byDefaultMungeIsOfferedFirstAndALibpmixClientGetsIn() throws Exception {
        try (PmixServer server = server(null)) {
            server.registerNspace("mdef", 1, List.of(Attributes.JOB_SIZE.info(1))).join();
            server.registerClient(new Proc("mdef", 0), UID, GID).join();
            assertEquals("munge,native", server.setupFork(new Proc("mdef", 0)).get("PMIX_SECURITY_MODE"));
            Run.Result r = client(server, new Proc("mdef", 0));
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdout().contains("ready mdef:0"), r.all());
        }
    }

    @Test
    void withMungeRequiredALibpmixClientGetsInOnlyAsTheUserMungedVouchesFor() throws Exception {
        try (PmixServer server = server("munge")) {
            server.registerNspace("mreq", 2, List.of(Attributes.JOB_SIZE.info(2))).join();
            server.registerClient(new Proc("mreq", 0), UID, GID).join();
            server.registerClient(new Proc("mreq", 1), UID + 4242, GID).join();
            assertEquals("munge", server.setupFork(new Proc("mreq", 0)).get("PMIX_SECURITY_MODE"));

            Run.Result ok = client(server, new Proc("mreq", 0));
            assertEquals(0, ok.exitCode(), "native is not accepted here: the client got in with munge\n" + ok.all());
            assertTrue(ok.stdout().contains("ready mreq:0"), ok.all());

            Run.Result wrongUser = client(server, new Proc("mreq", 1));
            assertEquals(1, wrongUser.exitCode(), "registered as another uid than munged vouches for\n"
                    + wrongUser.all());
            assertTrue(wrongUser.stderr().contains("PMIx_Init failed"), wrongUser.all());
        }
    }

    @Test
    void forgedGarbageReplayedAndNativeCredentialsAreRefusedAndTheServerKeepsServing() throws Exception {
        try (PmixServer server = server("munge")) {
            server.registerNspace("mbad", 3, List.of(Attributes.JOB_SIZE.info(3))).join();
            for (int r = 0; r < 3; r++) {
                server.registerClient(new Proc("mbad", r), UID, GID).join();
            }
            String uri = server.setupFork(new Proc("mbad", 0)).get("PMIX_SERVER_URI41");
            String forged = "MUNGE:AwQFAAB" + "x".repeat(120) + "=:";
            assertEquals(CLOSED, handshake(uri, "munge", MungeToken.toCredential(forged), 0), "forged token");
            assertEquals(CLOSED, handshake(uri, "munge", new byte[] {1, 2, 3, 0}, 0), "garbage");
            assertEquals(CLOSED, handshake(uri, "munge", new byte[0], 0), "empty");
            assertEquals(CLOSED, handshake(uri, "native", new NativeCredential(UID, GID).encode(), 0),
                    "native while munge is required");
            assertEquals(CLOSED, handshake(uri, "none", new byte[0], 0), "none");

            byte[] genuine = MungeToken.toCredential(new MungeClient(munged.socket()).encode());
            try (Socket first = new Socket()) {
                assertEquals(0, handshake(first, uri, "munge", genuine, 0), "a genuine token, first use");
                assertEquals(CLOSED, handshake(uri, "munge", genuine, 1), "the same token again (replay)");
            }

            Run.Result after = client(server, new Proc("mbad", 2));
            assertEquals(0, after.exitCode(), "a real client after the refusals\n" + after.all());
            assertTrue(after.stdout().contains("ready mbad:2"), after.all());
        }
    }

    private static final int CLOSED = Integer.MIN_VALUE;

    private static int handshake(String uri, String module, byte[] credential, int rank) throws IOException {
        try (Socket s = new Socket()) {
            return handshake(s, uri, module, credential, rank);
        }
    }

    /** Sends the connect request of client mbad:{@code rank}; the status the server answers, or CLOSED when it hangs up. */
    private static int handshake(Socket s, String uri, String module, byte[] credential, int rank)
            throws IOException {
        String hostPort = uri.substring(uri.indexOf("://") + 3);
        int colon = hostPort.lastIndexOf(':');
        s.connect(new java.net.InetSocketAddress(hostPort.substring(0, colon),
                Integer.parseInt(hostPort.substring(colon + 1))));
        s.setSoTimeout(20_000);
        byte[] body = new ConnectRequest(module, credential, PeerType.SIMPLE_CLIENT, -1, -1, "mbad", rank, "4.2.2", "v41", 1, "hash", List.of()).encode();
        OutputStream out = s.getOutputStream();
        out.write(MessageHeader.connectHeader(body.length));
        out.write(body);
        out.flush();
        try {
            return new DataInputStream(s.getInputStream()).readInt();
        } catch (EOFException | java.net.SocketException e) {
            return CLOSED;
        }
    }
}
