package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.server.ServerConfig;

/**
 * {@code pmix4j sched} on its own: it writes the node's {@code pmix.sched.<host>} (one per node: a second
 * scheduler is refused, naming the live one), answers {@code pmix4j queue}, refuses at once what can never
 * fit its pool, and refuses allocations while no runtime is attached to run them, each with a clear message.
 */
class SchedulerAloneTest {
    @TempDir
    Path tmp;

    @Test
    void oneSchedulerPerNodeAndClearRefusals() throws Exception {
        try (SchedulerProcess sched = SchedulerProcess.start(tmp, "--host", ServerConfig.localHostname() + ":4")) {
            Path rendezvous = tmp.resolve("pmix.sched." + ServerConfig.localHostname());
            assertTrue(Files.exists(rendezvous), sched.process().all());

            try (LauncherProcess second = LauncherProcess.startCommand(tmp, "sched", java.util.List.of(),
                    LauncherProcess.Setup.DEFAULT)) {
                int status = second.waitFor(Duration.ofSeconds(60));
                assertNotEquals(0, status, second.all());
                assertTrue(second.stderr().contains("pmix.sched." + ServerConfig.localHostname()), second.all());
            }

            DvmProcess.Ended queue = run("queue");
            assertEquals(0, queue.status(), queue.all());
            assertTrue(queue.stdout().startsWith("SESSION"), queue.all());

            DvmProcess.Ended tooBig = run("alloc", "-n", "5", "--", "true");
            assertEquals(1, tooBig.status(), tooBig.all());
            assertTrue(tooBig.stderr().contains("5 slots") && tooBig.stderr().contains("4"), tooBig.all());

            DvmProcess.Ended noRuntime = run("alloc", "-n", "2", "--", "true");
            assertEquals(1, noRuntime.status(), noRuntime.all());
            assertTrue(noRuntime.stderr().contains("no runtime is attached"), noRuntime.all());

            DvmProcess.Ended badTime = run("alloc", "-n", "2", "--time", "1:x", "--", "true");
            assertEquals(2, badTime.status(), badTime.all());
            assertTrue(badTime.stderr().contains("--time 1:x"), badTime.all());
            assertTrue(sched.process().isAlive());
        }
    }

    private DvmProcess.Ended run(String command, String... args) throws InterruptedException {
        try (LauncherProcess p = LauncherProcess.startCommand(tmp, command, java.util.List.of(args),
                LauncherProcess.Setup.DEFAULT)) {
            int status = p.waitFor(Duration.ofSeconds(120));
            return new DvmProcess.Ended(status, p.stdout(), p.stderr());
        }
    }
}
