package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * A libpmix 4.2.2 tool (spawn_directive.c) asks a running {@code pmix4j run} to spawn with
 * PMIX_LAUNCHER_DAEMON marked required, then with PMIX_SESSION_ID 7: the first is refused with PMIX_ERR_NOT_SUPPORTED
 * (runtime.SpawnDirectives), the second with PMIX_ERR_NOT_FOUND (a plain run has only its default session,
 * 0), instead of being started as if nothing had been asked, and the launcher goes on and says why.
 */
class SpawnDirectivesToolTest {
    @TempDir
    Path tmp;

    @Test
    void aSpawnAskingForADaemonOfItsOwnOrToRunInASessionIsRefused() throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/spawn_directive.c"));
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(tmp.resolve("launcher-tmp")),
                List.of("-n", "1", "/bin/sh", "-c", "echo ready; sleep 120"))) {
            assertTrue(p.awaitOutput("ready", 1, Duration.ofSeconds(60)), p.all());
            Run.Result t = p.tool(List.of(tool.toString(), Long.toString(p.pid()), "/bin/true"))
                    .timeout(Duration.ofSeconds(60)).go();
            assertEquals(0, t.exitCode(), t.all() + "\n" + p.all());
            assertTrue(t.stdout().contains("launcher-daemon NOT-SUPPORTED"), t.all());
            assertTrue(t.stdout().contains("session-id NOT-FOUND"), t.all());
            long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!p.stderr().contains("PMIX_SESSION_ID 7: no such session in this runtime")
                    && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            assertTrue(p.stderr().contains("PMIX_SESSION_ID 7: no such session in this runtime"), p.all());
            assertTrue(p.isAlive(), p.all());
        }
    }
}
