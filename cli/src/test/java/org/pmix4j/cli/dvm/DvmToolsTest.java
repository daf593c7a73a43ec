package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Tools other than our front ends against a DVM: libpmix 4.2.2 tools (a C tool of ours that launches a job,
 * Debian's {@code pps}, {@code pattrs} and {@code pevent}) and our Java tool library; {@code pmix4j ps};
 * and PMIX_NOHUP: a job a tool launched without it ends when the tool goes, one with it lives on.
 */
class DvmToolsTest {
    @TempDir
    Path tmp;

    @Test
    void libpmixToolsLaunchIntoAndQueryTheDvm() throws Exception {
        Path jobTool = NativeBuild.pmixProgram(Path.of("src/test/c/job_tool.c"));
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"))) {
            // direct launch: PMIx_Spawn from a libpmix tool, output forwarded to it (a tool's default), job end
            Run.Result launched = dvm.tool(jobTool.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()),
                    "/bin/echo", "from the tool's job");
            assertEquals(0, launched.exitCode(), launched.all() + dvm.process().all());
            assertTrue(launched.stdout().contains("from the tool's job"), "forwarded to the tool\n" + launched.all());
            assertTrue(launched.stdout().matches("(?s).*job-end \\S+ exit 0\n.*"), launched.all());
            assertFalse(dvm.process().stdout().contains("from the tool's job"), "and not printed by the DVM\n"
                    + dvm.process().all());

            try (LauncherProcess running = dvm.frontEnd("prun", "-n", "2", "sh", "-c", "echo up; sleep 30")) {
                assertTrue(running.awaitOutput("up", 2, Duration.ofSeconds(60)), running.all());
                Run.Result pps = dvm.tool("pps");
                assertEquals(0, pps.exitCode(), pps.all());
                assertTrue(pps.all().matches("(?s).*Active nspaces: pmix4j-\\S+-" + dvm.pid() + "@\\d+.*"), pps.all());

                DvmProcess.Ended ps = dvm.run("ps");
                assertEquals(0, ps.status(), ps.all());
                assertEquals(2, ps.stdout().lines().filter(l -> l.contains(" RUNNING ") && l.contains("sh")).count(),
                        "both processes of the running job\n" + ps.all());

                Run.Result fns = dvm.tool("pattrs", "--pid", Long.toString(dvm.pid()), "--host-fns");
                assertEquals(0, fns.exitCode(), fns.all());
                assertTrue(fns.all().contains("\tPMIx_Spawn\n"), fns.all());

                Run.Result event = dvm.tool("pevent", "--pid", Long.toString(dvm.pid()), "--event", "5000",
                        "--range", "4");
                assertEquals(0, event.exitCode(), event.all());
                running.signal("TERM");
                assertEquals(128 + 15, running.waitFor(Duration.ofSeconds(60)), running.all());
            }
            assertTrue(dvm.process().isAlive());
        }
    }

    @Test
    void aJobEndsWithTheToolThatLaunchedItUnlessNohup() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("nohup"))) {
            List<Info> connect = List.of(Attributes.SERVER_PIDINFO.info((int) dvm.pid()),
                    Attributes.SERVER_TMPDIR.info(dvm.sessionDir().toString()));
            try (PmixTool tool = PmixTool.init(connect)) {
                tool.spawn(List.of(), List.of(sleep("61.25")));
                tool.spawn(List.of(Attributes.NOHUP.info(true)), List.of(sleep("61.75")));
                assertTrue(DvmProcess.awaitSleep("61.25", true).isPresent() && DvmProcess.awaitSleep("61.75", true).isPresent(),
                        dvm.process().all());
            }
            assertTrue(DvmProcess.awaitSleep("61.25", false).isEmpty(), "the job without PMIX_NOHUP ended with its tool\n"
                    + dvm.process().all());
            assertTrue(dvm.process().stderr().contains("disconnected; stopping the job"), dvm.process().all());
            ProcessHandle kept = DvmProcess.awaitSleep("61.75", true).orElseThrow();
            DvmProcess.Ended term = dvm.run("term");
            assertEquals(0, term.status(), term.all());
            assertTrue(kept.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS) != null);
            assertFalse(kept.isAlive(), "term stops the job that outlived its tool");
        }
    }

    private static App sleep(String seconds) {
        return new App("sleep", List.of("sleep", seconds), List.of(), null, 1, List.of());
    }
}
