package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;

/**
 * A {@code pmix4j run} that is SIGKILLed takes its job with it: its processes, plain programs and PMIx
 * clients alike, die within 2 s (their parent-death signal), and so does what they started in their process
 * groups (the group watcher); what left its group (setsid) and what the launcher left in TMPDIR go with the
 * next {@code pmix4j run} or with {@code pmix4j clean}, while a launcher that is still running keeps every
 * file and process it has.
 */
class SigkilledLauncherTest {
    /** PMIx_Init, then sleep; shared with the server's tests. */
    private static final Path CLIENT = Path.of("../server/src/test/c/init_and_exit.c");
    /** The job's processes die this soon after the launcher (the bound). */
    private static final Duration DEATH = Duration.ofSeconds(2);

    @TempDir
    Path tmp;

    private static Path client;
    private final List<ProcessHandle> started = new ArrayList<>();

    @BeforeAll
    static void build() {
        client = NativeBuild.pmixProgram(CLIENT);
    }

    @AfterEach
    void killWhatIsLeft() {
        started.forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * A launcher of 2 PMIx clients and 2 shells that each leave a {@code sleep} behind in their group and one
     * out of it (setsid), SIGKILLed once all run.
     */
    private Killed startAndKill(Path dir) throws Exception {
        LauncherProcess p = LauncherProcess.start(dir, List.of("-n", "2", "--oversubscribe", client.toString(), "--sleep",
                "300", ":", "-n", "2", "sh", "-c", "sleep 301 & setsid sleep 303 & echo started; exec sleep 302"));
        try {
            assertTrue(p.awaitOutput("ready ", 2, Duration.ofSeconds(60)), "the clients connected\n" + p.all());
            assertTrue(p.awaitOutput("started", 2, Duration.ofSeconds(60)), "the shells ran\n" + p.all());
            List<ProcessHandle> job = awaitDescendants(p.handle(), "sleep", 6);
            // the launcher's children but its process-group watcher (awk), which outlives it by design
            List<ProcessHandle> children = p.handle().children()
                    .filter(h -> !h.info().command().orElse("").endsWith("awk")).toList();
            assertEquals(4, children.size(), "the job's 4 processes\n" + p.all());
            List<ProcessHandle> left = job.stream().filter(h -> h.info().commandLine().orElse("").endsWith("301"))
                    .toList();
            assertEquals(2, left.size(), "each shell's background sleep\n" + p.all());
            List<ProcessHandle> escaped = job.stream()
                    .filter(h -> h.info().commandLine().orElse("").endsWith("303")).toList();
            assertEquals(2, escaped.size(), "each shell's sleep in a session of its own\n" + p.all());
            started.addAll(children);
            started.addAll(left);
            started.addAll(escaped);
            Path session = RunMpiTest.sessionDir(dir, p.pid());
            p.signal("KILL");
            p.waitFor(Duration.ofSeconds(30));
            return new Killed(p, children, left, escaped, session);
        } finally {
            p.close();
        }
    }

    /**
     * @param grandchildren what the job's processes started in their own groups
     * @param escaped       what they started in sessions of its own (out of their groups)
     */
    private record Killed(LauncherProcess launcher, List<ProcessHandle> children, List<ProcessHandle> grandchildren,
            List<ProcessHandle> escaped, Path session) {
    }

    /** The descendants of {@code h} once {@code n} of them run {@code command}; fails after 30 s. */
    private static List<ProcessHandle> awaitDescendants(ProcessHandle h, String command, int n) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < end) {
            List<ProcessHandle> d = h.descendants().toList();
            if (d.stream().filter(x -> x.info().command().map(c -> c.endsWith("/" + command)).orElse(false)).count() >= n) {
                return d;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no " + n + " processes running " + command + " under " + h.pid());
    }

    private static List<String> leftIn(Path dir) throws IOException {
        return List.copyOf(LeftBehind.snapshot(dir).keySet());
    }

    /** Runs {@code pmix4j <args>} with TMPDIR {@code dir} to its end (120 s at most). */
    private static LauncherProcess runToEnd(Path dir, String command, String... args) throws Exception {
        LauncherProcess p = LauncherProcess.startCommand(dir, command, List.of(args), LauncherProcess.Setup.DEFAULT);
        assertEquals(0, p.waitFor(Duration.ofSeconds(120)), "pmix4j " + command + " " + String.join(" ", args)
                + "\n" + p.all());
        return p;
    }

    @Test
    void theJobDiesWithItsLauncherAndTheNextRunReclaimsTheRest() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("launcher-tmp"));
        Killed k = startAndKill(dir);
        assertEquals(List.of(), LeftBehind.survivors(k.children(), DEATH),
                "the job's processes (2 PMIx clients, 2 programs) outlived the SIGKILLed launcher\n" + k.launcher().all());
        assertEquals(List.of(), LeftBehind.survivors(k.grandchildren(), DEATH),
                "what they started in their groups outlived the SIGKILLed launcher\n" + k.launcher().all());
        assertTrue(Files.isDirectory(k.session()), "a SIGKILLed launcher cannot remove its own directory");

        LauncherProcess next = runToEnd(dir, "run", "-n", "1", "true");
        assertEquals(List.of(), leftIn(dir), "the next run left the dead launcher's files (or its own)\n" + next.all());
        assertTrue(next.stderr().contains("removed directory " + k.session() + ": left by process "
                + k.launcher().pid() + ", which is no longer running"), "a message per item removed\n" + next.all());
        assertEquals(List.of(), LeftBehind.survivors(k.escaped(), Duration.ofSeconds(5)),
                "what the job's processes started out of their groups outlived the next run's reclaiming\n" + next.all());
        assertTrue(next.stderr().contains("killed process " + k.escaped().get(0).pid()), next.all());
    }

    /** The helpers the processes start under are named by full path, not looked up on the job's own PATH. */
    @Test
    void aJobWithAPathOfItsOwnStarts() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("launcher-tmp"));
        LauncherProcess p = runToEnd(dir, "run", "-x", "PATH=" + tmp.resolve("nothing-here"), "-n", "1", "/bin/echo",
                "started");
        assertEquals("started\n", p.stdout(), p.all());
    }

    @Test
    void cleanDryRunListsAndRemovesNothingThenCleanRemovesEverything() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("launcher-tmp"));
        Killed k = startAndKill(dir);
        assertEquals(List.of(), LeftBehind.survivors(k.children(), DEATH), k.launcher().all());
        Map<String, FileTime> before = LeftBehind.snapshot(dir);
        assertTrue(before.size() > 3, "the dead launcher's files: " + before.keySet());

        LauncherProcess dry = runToEnd(dir, "clean", "--dry-run");
        assertEquals(before, LeftBehind.snapshot(dir), "--dry-run removed or touched something\n" + dry.all());
        assertTrue(k.escaped().stream().allMatch(ProcessHandle::isAlive), "--dry-run killed a process");
        assertTrue(dry.stdout().contains("would remove directory " + k.session() + ": left by process "
                + k.launcher().pid() + ", which is no longer running"), dry.all());
        for (ProcessHandle h : k.escaped()) {
            assertTrue(dry.stdout().contains("would kill process " + h.pid() + " "), dry.all());
        }

        LauncherProcess clean = runToEnd(dir, "clean");
        assertEquals(List.of(), leftIn(dir), "pmix4j clean left files\n" + clean.all());
        assertTrue(clean.stdout().contains("removed directory " + k.session()), clean.all());
        assertEquals(List.of(), LeftBehind.survivors(k.escaped(), Duration.ofSeconds(5)), clean.all());

        LauncherProcess again = runToEnd(dir, "clean");
        assertTrue(again.stdout().startsWith("nothing left behind under "), again.all());
    }

    @Test
    void aLiveLaunchersFilesAndProcessesAreNeverTouched() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("launcher-tmp"));
        try (LauncherProcess live = LauncherProcess.start(dir, List.of("-n", "2", client.toString(), "--sleep", "300"))) {
            assertTrue(live.awaitOutput("ready ", 2, Duration.ofSeconds(60)), live.all());
            List<ProcessHandle> liveJob = live.handle().children().toList();
            started.addAll(liveJob);
            Path liveSession = RunMpiTest.sessionDir(dir, live.pid());
            Map<String, FileTime> liveFiles = LeftBehind.snapshot(liveSession);

            Killed k = startAndKill(dir);
            assertEquals(List.of(), LeftBehind.survivors(k.children(), DEATH), k.launcher().all());

            LauncherProcess dry = runToEnd(dir, "clean", "--dry-run");
            assertTrue(!dry.stdout().contains(liveSession.toString()), "a live launcher's directory listed\n"
                    + dry.all());
            LauncherProcess next = runToEnd(dir, "run", "-n", "1", "true");
            LauncherProcess clean = runToEnd(dir, "clean");

            assertEquals(liveFiles, LeftBehind.snapshot(liveSession), "a live launcher's files were touched\n" + next.all()
                    + clean.all());
            assertTrue(live.isAlive() && liveJob.stream().allMatch(ProcessHandle::isAlive),
                    "a live launcher or its job was killed\n" + next.all() + clean.all());
            assertTrue(!Files.exists(k.session()), "the dead launcher's directory stays\n" + next.all());
            try (Stream<Path> s = Files.list(liveSession.getParent())) {
                assertEquals(List.of(liveSession), s.toList(), "only the live launcher's directory is left");
            }

            // the launcher that made pmix4j.<host>.<uid> ends while another runs: the other's files stay
            try (LauncherProcess other = LauncherProcess.start(dir, List.of("-n", "1", client.toString(), "--sleep",
                    "300"))) {
                assertTrue(other.awaitOutput("ready ", 1, Duration.ofSeconds(60)), other.all());
                started.addAll(other.handle().children().toList());
                Path otherSession = RunMpiTest.sessionDir(dir, other.pid());
                Map<String, FileTime> otherFiles = LeftBehind.snapshot(otherSession);
                live.signal("TERM");
                assertEquals(143, live.waitFor(Duration.ofSeconds(30)), live.all());
                assertEquals(otherFiles, LeftBehind.snapshot(otherSession),
                        "a launcher's end touched another's files\n" + live.all());
                other.signal("TERM");
                assertEquals(143, other.waitFor(Duration.ofSeconds(30)), other.all());
            }
        }
        assertEquals(List.of(), leftIn(dir));
    }
}
