package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;

/**
 * Whatever way a {@code pmix4j run} ends (success, a failed rank, SIGINT, SIGTERM), it leaves nothing in
 * the TMPDIR it was given (session directory, namespace and process directories, rendezvous files) and no
 * process of the job behind it.
 */
class RunLeavesNothingTest {
    /** PMIx_Init, then exit at once (one rank may fail), or sleep; shared with the server's tests. */
    private static final Path CLIENT = Path.of("../server/src/test/c/init_and_exit.c");

    @TempDir
    Path tmp;

    private static Path client;

    @BeforeAll
    static void build() {
        client = NativeBuild.pmixProgram(CLIENT);
    }

    private Path launcherTmp() throws IOException {
        return Files.createDirectories(tmp.resolve("launcher-tmp"));
    }

    private static List<String> leftIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    private static void assertNothingLeft(Path dir, List<ProcessHandle> job, LauncherProcess p) throws Exception {
        assertEquals(List.of(), leftIn(dir), "the launcher left files in its TMPDIR\n" + p.all());
        // the processes may take a moment to be reaped after the launcher's exit
        long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (job.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        List<String> alive = job.stream().filter(ProcessHandle::isAlive)
                .map(h -> h.pid() + " " + h.info().commandLine().orElse("?")).toList();
        assertEquals(List.of(), alive, "processes of the job survived the launcher\n" + p.all());
    }

    /** The launcher's processes once {@code n} of them run {@code command}; fails after 30 s. */
    private static List<ProcessHandle> awaitJob(LauncherProcess p, String command, int n) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < end) {
            List<ProcessHandle> d = p.handle().descendants().toList();
            long running = d.stream().filter(h -> h.info().command().map(c -> c.endsWith("/" + command)).orElse(false))
                    .count();
            if (running >= n) {
                return new ArrayList<>(d);
            }
            assertTrue(p.handle().isAlive(), "the launcher ended before its job started\n" + p.all());
            Thread.sleep(20);
        }
        throw new AssertionError("the job did not start within 30 s\n" + p.all());
    }

    @Test
    void successfulRun() throws Exception {
        Path dir = launcherTmp();
        try (LauncherProcess p = LauncherProcess.start(dir, List.of("-n", "2", client.toString()))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            assertEquals(2, p.stdout().lines().filter(l -> l.startsWith("ready ")).count(), p.all());
            assertNothingLeft(dir, List.of(), p);
        }
    }

    @Test
    void failedRunExitsWithTheRanksStatus() throws Exception {
        Path dir = launcherTmp();
        try (LauncherProcess p = LauncherProcess.start(dir, List.of("-n", "2", client.toString(),
                "--fail-rank", "1", "--code", "3", "--sleep", "60"))) {
            List<ProcessHandle> job = awaitJob(p, "init_and_exit", 1);
            assertEquals(3, p.waitFor(Duration.ofSeconds(30)), "a rank exited with 3\n" + p.all());
            assertNothingLeft(dir, job, p);
        }
    }

    /**
     * The failing rank is the last one started, and the others have exited by then (a quick program): the
     * job is not over before every rank has been started and has ended, and the launcher still exits with
     * the failed rank's status. Three tries: the order of exits and starts varies from run to run.
     */
    @Test
    void failedLastRankAfterTheOthersExited() throws Exception {
        for (int attempt = 1; attempt <= 3; attempt++) {
            Path dir = Files.createDirectories(tmp.resolve("launcher-tmp-" + attempt));
            try (LauncherProcess p = LauncherProcess.start(dir, List.of("-n", "8", "--oversubscribe", "sh", "-c",
                    "exit $((PMIX_RANK == 7 ? 3 : 0))"))) {
                assertEquals(3, p.waitFor(Duration.ofSeconds(60)), "rank 7 exited with 3 (try " + attempt + ")\n"
                        + p.all());
                assertNothingLeft(dir, List.of(), p);
            }
        }
    }

    @Test
    void sigintStopsSleepingJob() throws Exception {
        stopWith("INT", 130, "sleep", List.of("sleep", "60"));
    }

    @Test
    void sigintStopsConnectedClients() throws Exception {
        stopWith("INT", 130, "init_and_exit", List.of(client.toString(), "--sleep", "60"));
    }

    @Test
    void sigtermStopsConnectedClients() throws Exception {
        stopWith("TERM", 143, "init_and_exit", List.of(client.toString(), "--sleep", "60"));
    }

    private void stopWith(String signal, int expectedStatus, String command, List<String> argv) throws Exception {
        Path dir = launcherTmp();
        List<String> args = new ArrayList<>(List.of("-n", "2"));
        args.addAll(argv);
        try (LauncherProcess p = LauncherProcess.start(dir, args)) {
            List<ProcessHandle> job = awaitJob(p, command, 2);
            if (command.equals("init_and_exit")) {
                // connected: their namespace and process directories exist now
                assertTrue(p.awaitOutput("ready ", 2, Duration.ofSeconds(30)), p.all());
            }
            p.signal(signal);
            assertEquals(expectedStatus, p.waitFor(Duration.ofSeconds(30)), "SIG" + signal + "\n" + p.all());
            assertNothingLeft(dir, job, p);
        }
    }
}
