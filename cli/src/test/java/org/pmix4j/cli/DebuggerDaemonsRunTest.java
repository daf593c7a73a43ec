package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Debugger daemons attached to the job of a plain {@code pmix4j run} (the launcher as the DVM would be): a
 * libpmix tool (dbg_attach.c) asks for one per process; each (dbg_daemon.c) finds its own target, alive.
 */
class DebuggerDaemonsRunTest {
    @TempDir
    Path tmp;

    @Test
    void daemonsAttachToTheJobOfAPlainRun() throws Exception {
        Path attach = NativeBuild.pmixProgram(Path.of("src/test/c/dbg_attach.c"));
        Path daemon = NativeBuild.pmixProgram(Path.of("src/test/c/dbg_daemon.c"));
        Path launcherTmp = Files.createDirectories(tmp.resolve("launcher-tmp"));
        try (LauncherProcess p = LauncherProcess.start(launcherTmp, List.of("-n", "2", "sh", "-c",
                "echo ns $PMIX_NAMESPACE; exec sleep 61.875"))) {
            assertTrue(p.awaitOutput("ns ", 2, Duration.ofSeconds(60)), p.all());
            Matcher ns = Pattern.compile("ns (\\S+)").matcher(p.stdout());
            assertTrue(ns.find(), p.all());
            Path session = RunMpiTest.sessionDir(launcherTmp, p.pid());
            Run.Result r = Run.command(attach.toString(), session.toString(), Long.toString(p.pid()), ns.group(1),
                    "all", "per-proc", "1", daemon.toString()).timeout(Duration.ofSeconds(60)).go();
            assertEquals(0, r.exitCode(), r.all() + "\n" + p.all());
            assertTrue(r.stdout().contains("daemons-size 2\n"), r.all());
            for (int rank = 0; rank < 2; rank++) {
                assertTrue(r.stdout().matches("(?s).*daemon " + rank + " target " + Pattern.quote(ns.group(1)) + ":"
                        + rank + " lrank " + rank + " pid \\d+ host \\S+ alive yes environ yes\n.*"), r.all());
            }
            assertTrue(r.stdout().matches("(?s).*job-end \\S+ exit 0\n.*"), r.all());
            assertTrue(p.isAlive(), "the debugged job runs on\n" + p.all());
        }
    }
}
