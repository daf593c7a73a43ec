package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.testkit.NativeBuild;

/**
 * Allocation requests from libpmix 4.2.2 clients of a DVM's jobs (alloc_client.c), which the DVM forwards to
 * the node's scheduler: without a scheduler they are PMIX_ERR_NOT_SUPPORTED; with one, the client gets a
 * session and launches into it (more processes than the session holds are refused), and what it launched
 * reads its session as libpmix reads it (session_keys.c); when the scheduler is killed, the DVM's jobs run on
 * and allocations are PMIX_ERR_UNREACH, until a scheduler started again takes over the running sessions.
 */
class SchedulerSessionsTest {
    @TempDir
    Path tmp;

    @Test
    void aClientAsksTheDvmForASessionAndLaunchesIntoIt() throws Exception {
        Path client = NativeBuild.pmixProgram(Path.of("src/test/c/alloc_client.c"));
        Path probe = NativeBuild.pmixProgram(Path.of("src/test/c/session_keys.c"));
        String host = ServerConfig.localHostname();
        Path dir = Files.createDirectories(tmp.resolve("steps"));
        try (DvmProcess dvm = DvmProcess.start(tmp, "--system-server", "--host", host + ":4")) {
            Files.writeString(dir.resolve("done"), "");
            DvmProcess.Ended none = dvm.run("prun", "-n", "1", client.toString(), "2", "60", dir.toString(),
                    probe.toString());
            Files.delete(dir.resolve("done"));
            assertTrue(none.stdout().contains("refused NOT-SUPPORTED"), none.all());

            try (SchedulerProcess sched = SchedulerProcess.start(tmp, "--host", host + ":4")) {
                Eventually.until(() -> dvm.process().stderr().contains("attached to the scheduler"),
                        () -> dvm.process().all());
                try (LauncherProcess run = dvm.frontEnd("prun", "-n", "1", client.toString(), "2", "60",
                        dir.toString(), probe.toString())) {
                    Supplier<String> all = () -> run.all() + dvm.process().all() + sched.process().all();
                    Eventually.until(() -> run.stdout().contains("spawned "), all);
                    assertTrue(run.stdout().contains("granted 1\n"), all.get());
                    assertTrue(run.stdout().matches("(?s).*oversized (?!SUCCESS)[^\n]+\n.*"), all.get());
                    assertTrue(run.stdout().contains("spawned SUCCESS"), all.get());
                    // what it launched reads its session: id 1, the 2 slots the scheduler granted
                    Eventually.until(() -> (dvm.process().stdout() + run.stdout()).contains("R0 session+id PMIX_MAX_PROCS ok 2"),
                            all);
                    assertTrue((dvm.process().stdout() + run.stdout()).contains("R0 session-id query ok 1"), all.get());
                    Files.writeString(dir.resolve("done"), "");
                    assertEquals(0, run.waitFor(Duration.ofSeconds(60)), all.get());
                }
                String queue = dvm.run("queue").stdout();
                assertTrue(queue.matches("(?s).*\n1 +alloc\\.1 .*running +2 .*"), queue);

                DvmProcess.Ended cancel = dvm.run("cancel", "1");
                assertEquals(0, cancel.status(), cancel.all());
                Eventually.until(() -> !dvm.run("queue").stdout().contains("alloc.1"), () -> sched.process().all());
            }
        }
    }

    @Test
    void theDvmOutlivesItsSchedulerAndATakesOverRestartedOne() throws Exception {
        Path client = NativeBuild.pmixProgram(Path.of("src/test/c/alloc_client.c"));
        String host = ServerConfig.localHostname();
        Path dir = Files.createDirectories(tmp.resolve("steps"));
        Files.writeString(dir.resolve("done"), "");
        try (DvmProcess dvm = DvmProcess.start(tmp, "--system-server", "--host", host + ":4")) {
            SchedulerProcess first = SchedulerProcess.start(tmp, "--host", host + ":4");
            List<String> allocArgs = new java.util.ArrayList<>(List.of("-n", "2", "--"));
            allocArgs.addAll(LauncherProcess.commandLine(List.of(), "prun", List.of("-n", "2", "sh", "-c",
                    "echo up; sleep 120")));
            try (LauncherProcess alloc = LauncherProcess.startCommand(tmp, "alloc", allocArgs,
                    LauncherProcess.Setup.DEFAULT)) {
                try (first) {
                    Eventually.until(() -> alloc.stdout().split("up\n", -1).length > 2,
                            () -> alloc.all() + first.process().all());
                    first.process().signal("KILL");
                    first.process().waitFor(Duration.ofSeconds(60));
                }
                DvmProcess.Ended refused = dvm.run("prun", "-n", "1", client.toString(), "1", "60", dir.toString(),
                        "/bin/true");
                assertTrue(refused.stdout().contains("refused UNREACHABLE"), refused.all());
                assertTrue(alloc.isAlive(), "the session's job runs on\n" + alloc.all());

                try (SchedulerProcess second = SchedulerProcess.start(tmp, "--host", host + ":4")) {
                    Eventually.until(() -> dvm.run("queue").stdout().matches("(?s).*\n1 +alloc\\.1 .*running +2 .*@\\d+.*"),
                            () -> second.process().all());
                    // ids go on above the adopted session's
                    DvmProcess.Ended again = dvm.run("prun", "-n", "1", client.toString(), "1", "60", dir.toString(),
                            "/bin/true");
                    assertTrue(again.stdout().contains("granted 2\n"), again.all() + second.process().all());
                    // the adopted session's slots are not handed out again: 4 - 2 - 1 leaves 1
                    DvmProcess.Ended tooMuch = dvm.run("alloc", "-n", "2", "--wait", "1", "--", "true");
                    assertEquals(1, tooMuch.status(), tooMuch.all());
                    assertTrue(tooMuch.stderr().contains("PMIX_TIMEOUT"), tooMuch.all());
                }
            }
        }
    }

    @Test
    void aSessionAskedForFromInsideAnotherEndsWithIt() throws Exception {
        Path client = NativeBuild.pmixProgram(Path.of("src/test/c/alloc_client.c"));
        Path waiter = NativeBuild.pmixProgram(Path.of("src/test/c/session_end_client.c"));
        Path allocTool = NativeBuild.pmixProgram(Path.of("src/test/c/alloc_tool.c"));
        String host = ServerConfig.localHostname();
        Path dir = Files.createDirectories(tmp.resolve("steps"));
        Path uri = tmp.resolve("sched.uri");
        try (DvmProcess dvm = DvmProcess.start(tmp, "--system-server", "--host", host + ":4");
                SchedulerProcess sched = SchedulerProcess.start(tmp, "--host", host + ":4", "--report-uri",
                        uri.toString())) {
            Eventually.until(() -> dvm.process().stderr().contains("attached to the scheduler"),
                    () -> dvm.process().all());
            // session 1 runs a client that asks for session 2 from inside it and launches a waiter there
            List<String> args = new java.util.ArrayList<>(List.of("-n", "2", "--time", "600", "--"));
            args.addAll(LauncherProcess.commandLine(List.of(), "prun", List.of("-n", "1", client.toString(), "1", "60",
                    dir.toString(), waiter.toString())));
            try (LauncherProcess alloc = LauncherProcess.startCommand(tmp, "alloc", args,
                    LauncherProcess.Setup.DEFAULT)) {
                Supplier<String> all = () -> alloc.all() + dvm.process().all() + sched.process().all();
                Eventually.until(() -> alloc.stdout().contains("spawned SUCCESS"), all);
                assertTrue(alloc.stdout().contains("granted 2\n"), all.get());
                Eventually.until(() -> fileStartingWith(dir, "ready."), all);

                String extend = org.pmix4j.testkit.Run.command(allocTool.toString(), Files.readString(uri).strip(),
                        "extend", "2", "120").go().stdout();
                assertTrue(extend.contains("extend SUCCESS"), extend + all.get());
                assertTrue(dvm.run("queue").stdout().matches("(?s).*\n2 +alloc\\.2 .*running +1 .*"), all.get());

                DvmProcess.Ended cancel = dvm.run("cancel", "1");
                assertEquals(0, cancel.status(), cancel.all());
                Eventually.until(() -> fileStartingWith(dir, "ended."), all);
                try (var ended = Files.list(dir)) {
                    Path told = ended.filter(p -> p.getFileName().toString().startsWith("ended.")).findFirst()
                            .orElseThrow();
                    assertEquals("2", Files.readString(told).strip(), "the child session's process was told of its end");
                }
                Eventually.until(() -> !dvm.run("queue").stdout().contains("alloc."), all);
            }
        }
    }

    @Test
    void aQueuedRequestOfAClientThatIsGoneIsWithdrawn() throws Exception {
        Path client = NativeBuild.pmixProgram(Path.of("src/test/c/alloc_client.c"));
        String host = ServerConfig.localHostname();
        Path dir = Files.createDirectories(tmp.resolve("steps"));
        try (DvmProcess dvm = DvmProcess.start(tmp, "--system-server", "--host", host + ":3");
                SchedulerProcess sched = SchedulerProcess.start(tmp, "--host", host + ":3");
                LauncherProcess holder = LauncherProcess.startCommand(tmp, "alloc", List.of("-n", "2", "--", "sleep",
                        "600"), LauncherProcess.Setup.DEFAULT)) {
            Eventually.until(() -> holder.stderr().contains("granted session 1 "), holder::all);
            try (LauncherProcess asking = dvm.frontEnd("prun", "-n", "1", client.toString(), "2", "60", dir.toString(),
                    "/bin/true")) {
                Eventually.until(() -> dvm.run("queue").stdout().contains("position 1"),
                        () -> asking.all() + sched.process().all());
                asking.signal("TERM");
                asking.waitFor(Duration.ofSeconds(60));
            }
            Eventually.until(() -> !dvm.run("queue").stdout().contains("pending"), () -> sched.process().all());
            assertTrue(sched.process().stderr().contains("is gone"), sched.process().all());
        }
    }

    private static boolean fileStartingWith(Path dir, String prefix) throws java.io.IOException {
        try (var s = Files.list(dir)) {
            return s.anyMatch(p -> p.getFileName().toString().startsWith(prefix));
        }
    }
}
