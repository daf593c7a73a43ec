package org.pmix4j.cli.multinode;

import org.pmix4j.cli.RunsAlone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.cli.LeftBehind;
import org.pmix4j.testkit.Run;
import org.pmix4j.testkit.TestHosts;

/**
 * What goes wrong across nodes, and that nothing stays behind on any node: an unreachable host, a daemon
 * killed mid-job, a rank killed on another host, a SIGKILLed launcher.
 */
@RunsAlone
class MultiNodeFailuresTest {
    private static TestHosts hosts;

    @BeforeAll
    static void hosts() {
        TestHosts.assumeAvailable();
        hosts = TestHosts.create(3);
    }

    @AfterAll
    static void teardown() {
        if (hosts != null) {
            hosts.close();
        }
    }

    /** After each test: no daemon runs any more and no host keeps a runtime's directory. */
    @AfterEach
    void nothingLeftBehind() throws Exception {
        Retry.eventually(Duration.ofSeconds(10), () -> assertEquals(List.of(), daemons(), "daemons left running"));
        for (TestHosts.Host h : hosts.hosts()) {
            Retry.eventually(Duration.ofSeconds(10), () -> assertEquals(List.of(), LeftBehind.contents(h.tmpDir()),
                    "left in the TMPDIR of " + h.name()));
        }
    }

    private static List<String> daemons() {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(" daemon --parent"))
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
    }

    private static List<String> command(String... args) {
        List<String> runArgs = new ArrayList<>(List.of("--launch-agent", String.join(" ", hosts.launchAgent())));
        runArgs.addAll(List.of(args));
        return LauncherProcess.commandLine(List.of(), "run", runArgs);
    }

    @Test
    void anUnknownHostFailsTheLaunchNamingIt() {
        Run.Result r = hosts.on("h1", command("--host", "h1,h2,nosuchhost", "-n", "3", "hostname")
                .toArray(String[]::new)).timeout(Duration.ofSeconds(60)).go();
        assertNotEquals(0, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("nosuchhost"), r.all());
        assertTrue(r.stdout().isEmpty(), r.all());
    }

    @Test
    void anUnreachableAddressFailsWithinTheStartLimit() {
        // an address of the hosts' network that nothing answers: ssh would wait for TCP's own timeout
        Run.Result r = hosts.on("h1", command("--host", "h1,10.251.0.99", "-n", "2", "hostname")
                .toArray(String[]::new)).env("PMIX4J_DAEMON_START_TIMEOUT", "3").timeout(Duration.ofSeconds(60)).go();
        assertNotEquals(0, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("no daemon reported from 10.251.0.99 within 3 s"), r.all());
    }

    @Test
    void aDaemonKilledMidJobStopsTheJobNamingItsNode() throws Exception {
        Process launcher = hosts.start("h1", command("--host", "h1,h2,h3", "--map-by", "node", "-n", "3", "sh", "-c",
                "echo started $(hostname); exec sleep 60").toArray(String[]::new));
        StreamText out = new StreamText(launcher);
        out.await("started h2", Duration.ofSeconds(30));
        out.await("started h3", Duration.ofSeconds(30));
        long daemon = daemonOnH2();
        new ProcessBuilder("kill", "-9", Long.toString(daemon)).start().waitFor();
        assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "the launcher did not end: " + out.all());
        assertNotEquals(0, launcher.exitValue(), out.all());
        assertTrue(out.all().contains("the daemon on h2 was lost"), out.all());
        nextRunReclaims();
    }

    @Test
    void aDaemonThatFallsSilentIsTakenForLost() throws Exception {
        // a hung node: its daemon stopped (SIGSTOP), its connection still open; only the heartbeats tell
        List<String> cmd = command("--host", "h1,h2,h3", "--map-by", "node", "-n", "3", "sh", "-c",
                "echo started $(hostname); exec sleep 60");
        Process launcher = hosts.start("h1", prepend(List.of("env", "PMIX4J_DAEMON_SILENCE_LIMIT=2"), cmd));
        StreamText out = new StreamText(launcher);
        out.await("started h2", Duration.ofSeconds(30));
        out.await("started h3", Duration.ofSeconds(30));
        long daemon = daemonOnH2();
        new ProcessBuilder("kill", "-STOP", Long.toString(daemon)).start().waitFor();
        try {
            assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "the launcher did not end: " + out.all());
            assertNotEquals(0, launcher.exitValue(), out.all());
            assertTrue(out.all().contains("the daemon on h2 was lost: not heard from for 2.0 s"), out.all());
        } finally {
            // woken, it finds its parent gone and ends, with its process
            new ProcessBuilder("kill", "-CONT", Long.toString(daemon)).start().waitFor();
        }
        nextRunReclaims();
    }

    /** The pid of the daemon's JVM on h2 (daemon 1), not of the ssh that started it. */
    private static long daemonOnH2() {
        return ProcessHandle.allProcesses().filter(p -> p.info().command().orElse("").endsWith("/java")
                && p.info().commandLine().orElse("").matches(".* daemon --parent \\S+ --id 1 .*")).findFirst()
                .orElseThrow().pid();
    }

    private static String[] prepend(List<String> head, List<String> tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(tail);
        return all.toArray(String[]::new);
    }

    @Test
    void aRankKilledOnAnotherHostFailsTheJobNamingRankAndNode() throws Exception {
        Process launcher = hosts.start("h1", command("--host", "h1,h2,h3", "--map-by", "node", "-n", "3", "sh", "-c",
                "echo pid $$ on $(hostname); exec sleep 60").toArray(String[]::new));
        StreamText out = new StreamText(launcher);
        Matcher m = out.await("pid (\\d+) on h3", Duration.ofSeconds(30));
        new ProcessBuilder("kill", "-9", m.group(1)).start().waitFor();
        assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "the launcher did not end: " + out.all());
        assertEquals(137, launcher.exitValue(), out.all());
        assertTrue(out.all().contains("process rank 2 (pid " + m.group(1) + ") on node h3 was killed by signal 9"),
                out.all());
    }

    @Test
    void aKilledLauncherTakesTheDaemonsAndTheirProcessesWithIt() throws Exception {
        Process launcher = hosts.start("h1", command("--host", "h1,h2,h3", "--map-by", "node", "-n", "3", "sh", "-c",
                "echo pid $$ on $(hostname); exec sleep 60").toArray(String[]::new));
        StreamText out = new StreamText(launcher);
        long h2 = Long.parseLong(out.await("pid (\\d+) on h2", Duration.ofSeconds(30)).group(1));
        long h3 = Long.parseLong(out.await("pid (\\d+) on h3", Duration.ofSeconds(30)).group(1));
        // the launcher's JVM itself (the process started is nsenter, which execs it)
        launcher.toHandle().destroyForcibly();
        launcher.waitFor();
        Retry.eventually(Duration.ofSeconds(10), () -> {
            assertTrue(ProcessHandle.of(h2).isEmpty() || !ProcessHandle.of(h2).get().isAlive(), "rank on h2 alive");
            assertTrue(ProcessHandle.of(h3).isEmpty() || !ProcessHandle.of(h3).get().isAlive(), "rank on h3 alive");
        });
        nextRunReclaims();
    }

    /**
     * What a SIGKILLed launcher or daemon left in its node's TMPDIR (its session directory) is reclaimed by
     * the next runtime started there, as on one node: the next run over the same hosts.
     */
    private static void nextRunReclaims() {
        Run.Result next = hosts.on("h1", command("--host", "h1,h2,h3", "--map-by", "node", "-n", "3", "true")
                .toArray(String[]::new)).timeout(Duration.ofSeconds(60)).go();
        assertEquals(0, next.exitCode(), next.all());
    }

    /** A started process's stdout and stderr, read as they come. */
    private static final class StreamText {
        private final StringBuffer text = new StringBuffer();

        StreamText(Process p) {
            for (var in : List.of(p.getInputStream(), p.getErrorStream())) {
                Thread.ofVirtual().start(() -> {
                    byte[] buf = new byte[4096];
                    try (in) {
                        for (int n; (n = in.read(buf)) > 0; ) {
                            text.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                        }
                    } catch (IOException e) {
                        // the process ended
                    }
                });
            }
        }

        Matcher await(String regex, Duration limit) throws InterruptedException {
            Pattern p = Pattern.compile(regex);
            long end = System.nanoTime() + limit.toNanos();
            while (System.nanoTime() < end) {
                Matcher m = p.matcher(text);
                if (m.find()) {
                    return m;
                }
                Thread.sleep(50);
            }
            throw new AssertionError("no '" + regex + "' within " + limit + ":\n" + text);
        }

        String all() {
            return text.toString();
        }
    }
}
