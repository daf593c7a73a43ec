package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
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
import org.pmix4j.api.Proc;
import org.pmix4j.client.PmixClient;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.MungeDaemon;
import org.pmix4j.testkit.Run;

/**
 * pmix4j's own client and tool with munge against a pmix4j server that requires it (PMIX_MCA_psec=munge,
 * so a native credential would be refused): both get in with a token munged vouches for. munged runs at
 * its default socket (started by the test when none runs there).
 */
class MungeJavaPeersTest {
    @TempDir
    Path tmp;

    private static MungeDaemon munged;
    private static final int UID = (int) new com.sun.security.auth.module.UnixSystem().getUid();
    private static final int GID = (int) new com.sun.security.auth.module.UnixSystem().getGid();

    @BeforeAll
    static void start() {
        munged = MungeDaemon.atDefaultSocket();
    }

    @AfterAll
    static void stop() {
        if (munged != null) {
            munged.close();
        }
    }

    private PmixServer mungeOnlyServer() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("PMIX4J_MUNGE_SOCKET");
        env.put("PMIX_MCA_psec", "munge");
        return PmixServer.start(new HostModule() {
        }, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()), Attributes.SYSTEM_TMPDIR.info(tmp.toString()),
                Attributes.SERVER_TOOL_SUPPORT.info(true)), env);
    }

    /** The child JVM's program: init, say who it is, finalize. */
    public static final class ClientMain {
        public static void main(String[] args) {
            try (PmixClient c = PmixClient.init()) {
                System.out.println("ready " + c.self());
            }
        }
    }

    private static Run.Result javaClient(Map<String, String> env) {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> abs = new ArrayList<>();
        for (String p : cp.split(File.pathSeparator)) {
            if (!p.isEmpty()) {
                abs.add(Path.of(p).toAbsolutePath().toString());
            }
        }
        return Run.command(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                String.join(File.pathSeparator, abs), ClientMain.class.getName()).env(env).unsetEnv("PMIX_MCA_psec")
                .timeout(Duration.ofSeconds(60)).go();
    }

    @Test
    void theJavaClientGetsInWithMungeAndOnlyAsTheUserMungedVouchesFor() {
        try (PmixServer server = mungeOnlyServer()) {
            server.registerNspace("jm", 2, List.of(Attributes.JOB_SIZE.info(2))).join();
            server.registerClient(new Proc("jm", 0), UID, GID).join();
            server.registerClient(new Proc("jm", 1), UID + 4242, GID).join();
            Map<String, String> env = server.setupFork(new Proc("jm", 0));
            assertEquals("munge", env.get("PMIX_SECURITY_MODE"));
            Run.Result ok = javaClient(env);
            assertEquals(0, ok.exitCode(), ok.all());
            assertTrue(ok.stdout().contains("ready jm:0"), ok.all());

            Run.Result wrong = javaClient(server.setupFork(new Proc("jm", 1)));
            assertNotEquals(0, wrong.exitCode(), wrong.all());
            assertTrue(wrong.stderr().contains("PMIx_Init of jm:1"), wrong.all());
        }
    }

    @Test
    void theJavaToolPicksMungeAsLibpmixDoesAndGetsIn() {
        try (PmixServer server = mungeOnlyServer()) {
            // no PMIX_SECURITY_MODE in a self-started tool's environment: the best module that works, munge
            try (PmixTool tool = PmixTool.init(Attributes.SERVER_URI.info(server.uri()),
                    Attributes.TOOL_NSPACE.info("jmtool"), Attributes.TOOL_RANK.info(0))) {
                assertEquals(new Proc("jmtool", 0), tool.self());
            }
        }
    }
}
