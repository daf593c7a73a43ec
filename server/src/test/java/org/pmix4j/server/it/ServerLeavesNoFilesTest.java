package org.pmix4j.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * After {@code PmixServer.close()} the PMIX_SERVER_TMPDIR and PMIX_SYSTEM_TMPDIR the host gave hold
 * nothing the library created (rendezvous files, namespace and process directories), however its clients
 * ended: finalized, killed, or still connected when the host finalizes.
 */
class ServerLeavesNoFilesTest {
    @TempDir
    Path tmp;

    private static Path exe;

    @BeforeAll
    static void build() {
        exe = NativeBuild.pmixProgram(Path.of("src/test/c/init_and_exit.c"));
    }

    private static List<String> contents(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"finalized", "killed", "connected-at-close"})
    void tmpdirsAreEmptyAfterClose(String how) throws Exception {
        Path serverTmp = Files.createDirectories(tmp.resolve("server-tmp"));
        Path systemTmp = Files.createDirectories(tmp.resolve("system-tmp"));
        Process sleeper = null;
        try (PmixServer server = PmixServer.start(null, List.of(
                Attributes.SERVER_TMPDIR.info(serverTmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(systemTmp.toString()),
                Attributes.SERVER_TOOL_SUPPORT.info(true),
                Attributes.SERVER_SYSTEM_SUPPORT.info(true)))) {
            server.registerNspace("files", 1, List.of(Attributes.JOB_SIZE.info(1))).join();
            var sys = new com.sun.security.auth.module.UnixSystem();
            server.registerClient(new Proc("files", 0), (int) sys.getUid(), (int) sys.getGid()).join();
            var env = server.setupFork(new Proc("files", 0));
            if (how.equals("finalized")) {
                Run.Result r = Run.command(exe.toString()).env(env).go();
                assertEquals(0, r.exitCode(), r.all());
            } else {
                ProcessBuilder pb = new ProcessBuilder(exe.toString(), "--sleep", "60");
                pb.environment().putAll(env);
                pb.redirectErrorStream(true);
                sleeper = pb.start();
                String ready = new String(sleeper.getInputStream().readNBytes("ready files:0".length()));
                assertEquals("ready files:0", ready, "the client did not initialize");
                if (how.equals("killed")) {
                    sleeper.destroyForcibly();
                    assertTrue(sleeper.waitFor(10, TimeUnit.SECONDS));
                }
            }
            // the library did create things: otherwise "empty afterwards" would prove nothing
            assertFalse(contents(systemTmp).isEmpty() && contents(serverTmp).isEmpty(),
                    "the server created nothing to clean up");
        } finally {
            if (sleeper != null) {
                sleeper.destroyForcibly();
                sleeper.waitFor(10, TimeUnit.SECONDS);
            }
        }
        assertEquals(List.of(), contents(serverTmp), "left in PMIX_SERVER_TMPDIR");
        assertEquals(List.of(), contents(systemTmp), "left in PMIX_SYSTEM_TMPDIR");
    }

}
