package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.testkit.NativeBuild;

/**
 * PRRTE's session options of prun, on pmix4j prun and run --dvm: a job goes into the session named by
 * --session-id, --alloc-id or --alloc-refid (the request id given to pmix4j alloc), and its libpmix clients
 * read that session; an unknown session is refused naming it, and the options without a DVM are a usage error.
 */
class PrunSessionOptionsTest {
    @TempDir
    Path tmp;

    @Test
    void aJobGoesIntoTheSessionItsOptionsName() throws Exception {
        Path probe = NativeBuild.pmixProgram(Path.of("src/test/c/session_keys.c"));
        String host = ServerConfig.localHostname();
        try (DvmProcess dvm = DvmProcess.start(tmp, "--system-server", "--host", host + ":4");
                SchedulerProcess sched = SchedulerProcess.start(tmp, "--host", host + ":4");
                LauncherProcess alloc = LauncherProcess.startCommand(tmp, "alloc", List.of("-n", "2", "--request-id",
                        "mine", "--", "sleep", "600"), LauncherProcess.Setup.DEFAULT)) {
            Eventually.until(() -> alloc.stderr().contains("granted session 1 "), () -> alloc.all()
                    + sched.process().all());
            for (List<String> option : List.of(List.of("--session-id", "1"), List.of("--alloc-id", "alloc.1"),
                    List.of("--alloc-refid", "mine"))) {
                DvmProcess.Ended run = dvm.run("prun", option.get(0), option.get(1), "-n", "2", probe.toString());
                assertEquals(0, run.status(), option + "\n" + run.all());
                assertTrue(run.stdout().contains("R0 session-id query ok 1"), option + "\n" + run.all());
                assertTrue(run.stdout().contains("R1 session+id PMIX_MAX_PROCS ok 2"), option + "\n" + run.all());
            }
            DvmProcess.Ended dvmRun = dvm.run("run", "--dvm", "--session-id", "1", "-n", "1", probe.toString());
            assertTrue(dvmRun.stdout().contains("R0 session-id query ok 1"), dvmRun.all());

            DvmProcess.Ended unknown = dvm.run("prun", "--session-id", "9", "-n", "1", "true");
            assertNotEquals(0, unknown.status(), unknown.all());
            assertTrue(unknown.stderr().contains("PMIX_SESSION_ID 9"), unknown.all());
        }
        DvmProcess.Ended alone = runAlone("run", "--session-id", "1", "-n", "1", "true");
        assertEquals(2, alone.status(), alone.all());
        assertTrue(alone.stderr().contains("give --dvm too"), alone.all());
    }

    private DvmProcess.Ended runAlone(String command, String... args) throws InterruptedException {
        try (LauncherProcess p = LauncherProcess.startCommand(tmp, command, List.of(args),
                LauncherProcess.Setup.DEFAULT)) {
            int status = p.waitFor(java.time.Duration.ofSeconds(120));
            return new DvmProcess.Ended(status, p.stdout(), p.stderr());
        }
    }
}
