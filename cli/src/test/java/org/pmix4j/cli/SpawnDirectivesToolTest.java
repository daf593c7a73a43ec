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
 * PMIX_DEBUG_STOP_ON_EXEC, then with PMIX_SESSION_ID: both are refused with PMIX_ERR_NOT_SUPPORTED
 * (runtime.SpawnDirectives) instead of being started as if nothing had been asked, and the launcher goes on.
 */
class SpawnDirectivesToolTest {
    @TempDir
    Path tmp;

    @Test
    void aSpawnAskingToBeHeldForADebuggerOrToRunInASessionIsRefused() throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/spawn_directive.c"));
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(tmp.resolve("launcher-tmp")),
                List.of("-n", "1", "/bin/sh", "-c", "echo ready; sleep 120"))) {
            assertTrue(p.awaitOutput("ready", 1, Duration.ofSeconds(60)), p.all());
            Run.Result t = p.tool(List.of(tool.toString(), Long.toString(p.pid()), "/bin/true"))
                    .timeout(Duration.ofSeconds(60)).go();
            assertEquals(0, t.exitCode(), t.all() + "\n" + p.all());
            assertTrue(t.stdout().contains("stop-on-exec NOT-SUPPORTED"), t.all());
            assertTrue(t.stdout().contains("session-id NOT-SUPPORTED"), t.all());
            assertTrue(p.isAlive(), p.all());
        }
    }
}
