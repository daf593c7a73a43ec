package org.pmix4j.cli.cleanup;

import org.pmix4j.cli.LauncherProcess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * PMIx_Job_control against {@code pmix4j run}: kill, terminate, signal, pause and resume of one rank and
 * of the whole job, asked by a process of the job (jobctl_client.c), by a libpmix tool that found the
 * launcher by its pid (jobctl_tool.c) and by a tool written with pmix4j's own tool library
 * (src/test/tool/JobControlTool.java, run as a source file: the tests compile without the library, and
 * those tests are skipped when it is not on the class path); unsupported directives answered
 * PMIX_ERR_NOT_SUPPORTED. Whether a process is stopped is read from /proc/&lt;pid&gt;/stat ('T').
 */
class JobControlTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String KILLED = "was killed by a job-control request";

    private static Path client;
    private static Path tool;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() {
        client = NativeBuild.pmixProgram(Path.of("src/test/c/jobctl_client.c"));
        tool = NativeBuild.pmixProgram(Path.of("src/test/c/jobctl_tool.c"));
    }

    /** A process of the job: its rank, pid and namespace ("READY <rank> <pid> <nspace>"). */
    private record Rank(int rank, long pid, String nspace) {
    }

    private LauncherProcess launch(String mode) {
        return LauncherProcess.start(tmp.resolve("launcher-tmp"), List.of("-n", "2", client.toString(), mode));
    }

    private static List<Rank> ready(LauncherProcess run) throws InterruptedException {
        List<Rank> out = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            Matcher m = run.awaitLine("^READY " + r + " (\\d+) (\\S+)$", WAIT);
            assertNotNull(m, "rank " + r + " did not start\n" + run.all());
            out.add(new Rank(r, Long.parseLong(m.group(1)), m.group(2)));
        }
        return out;
    }

    /** The state letter of /proc/<pid>/stat; '-' when the process is gone. */
    private static char state(long pid) {
        try {
            String s = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return s.charAt(s.lastIndexOf(')') + 2);
        } catch (IOException e) {
            return '-';
        }
    }

    private static boolean stopped(long pid) {
        return state(pid) == 'T';
    }

    /** Waits (at most 5 s) until the process is stopped ({@code want}) or not. */
    private static boolean awaitStopped(long pid, boolean want) throws InterruptedException {
        for (int i = 0; i < 250 && stopped(pid) != want; i++) {
            Thread.sleep(20);
        }
        return stopped(pid) == want;
    }

    /** Runs the tool against the launcher; its output lines "TOOL <action> rc=<status>". */
    private static String tool(LauncherProcess run, String nspace, String rank, String... actions) {
        List<String> cmd = new ArrayList<>(List.of(tool.toString(), Long.toString(run.pid()), nspace, rank));
        cmd.addAll(List.of(actions));
        Run.Result res = run.tool(cmd).timeout(WAIT).go();
        assertEquals(0, res.exitCode(), "the tool failed\n" + res.all() + "\n" + run.all());
        return res.stdout();
    }

    private static void assertGone(long pid, LauncherProcess run) throws InterruptedException {
        for (int i = 0; i < 250 && state(pid) != '-'; i++) {
            Thread.sleep(20);
        }
        assertEquals('-', state(pid), "process " + pid + " is still there\n" + run.all());
    }

    @Test
    void aClientSignalsPausesResumesAndKillsARankAndSignalsAndResumesItsJob() throws Exception {
        try (LauncherProcess run = launch("ranks")) {
            List<Rank> ranks = ready(run);
            int status = run.waitFor(Duration.ofSeconds(60));
            String out = run.stdout();
            String ctx = run.all();
            assertTrue(out.contains("STEP signal-rank rc=0"), ctx);
            assertTrue(out.contains("STEP pause-rank rc=0 state=T mine=") && !out.contains("mine=T"),
                    "rank 1 stopped, rank 0 not\n" + ctx);
            assertTrue(out.matches("(?s).*STEP resume-rank rc=0 state=[RS].*"), ctx);
            assertTrue(out.matches("(?s).*STEP resume-job rc=0 before=T state=[RS].*"), ctx);
            assertTrue(out.contains("STEP signal-job rc=0 self=yes"), ctx);
            assertEquals(2, run.count("R1 got USR1"), "once for itself, once with the job\n" + ctx);
            assertEquals(1, run.count("R0 got USR1"), ctx);
            int unsupported = PmixStatus.PMIX_ERR_NOT_SUPPORTED;
            assertTrue(out.contains("STEP checkpoint rc=" + unsupported), ctx);
            assertTrue(out.contains("STEP restart rc=" + unsupported), ctx);
            assertTrue(out.contains("STEP provision rc=" + unsupported), ctx);
            // the kill: rank 1 dies by SIGKILL, the launcher says so and stops the job
            assertTrue(run.stderr().contains("process rank 1 (pid " + ranks.get(1).pid() + ") on node"), ctx);
            assertTrue(run.stderr().contains(KILLED + " (was killed by signal 9"), ctx);
            assertFalse(out.contains("STEP survived"), ctx);
            assertEquals(128 + 9, status, ctx);
            assertGone(ranks.get(0).pid(), run);
            assertGone(ranks.get(1).pid(), run);
        }
    }

    @ParameterizedTest
    @CsvSource({"killjob, 9", "termjob, 15"})
    void aClientKillsOrTerminatesItsWholeJob(String mode, int signal) throws Exception {
        try (LauncherProcess run = launch(mode)) {
            List<Rank> ranks = ready(run);
            int status = run.waitFor(Duration.ofSeconds(60));
            String ctx = run.all();
            assertFalse(run.stdout().contains("STEP survived"), ctx);
            assertTrue(run.stderr().contains(KILLED + " (was killed by signal " + signal), ctx);
            assertEquals(128 + signal, status, ctx);
            assertGone(ranks.get(0).pid(), run);
            assertGone(ranks.get(1).pid(), run);
        }
    }

    @Test
    void aToolSignalsPausesResumesARankAndTheJobThenKillsARank() throws Exception {
        try (LauncherProcess run = launch("wait")) {
            List<Rank> ranks = ready(run);
            long r0 = ranks.get(0).pid();
            long r1 = ranks.get(1).pid();
            String ns = ranks.get(0).nspace();

            assertEquals("TOOL signal:10 rc=0\n", tool(run, ns, "1", "signal:10"));
            assertTrue(run.awaitOutput("R1 got USR1", 1, WAIT), run.all());

            assertEquals("TOOL pause rc=0\n", tool(run, ns, "1", "pause"));
            assertTrue(awaitStopped(r1, true), "rank 1 is stopped\n" + run.all());
            assertFalse(stopped(r0), "rank 0 is not\n" + run.all());
            assertEquals("TOOL resume rc=0\n", tool(run, ns, "1", "resume"));
            assertTrue(awaitStopped(r1, false), run.all());

            assertEquals("TOOL pause rc=0\n", tool(run, ns, "*", "pause"));
            assertTrue(awaitStopped(r0, true) && awaitStopped(r1, true), "the whole job is stopped\n" + run.all());
            assertEquals("TOOL resume rc=0\n", tool(run, ns, "*", "resume"));
            assertTrue(awaitStopped(r0, false) && awaitStopped(r1, false), run.all());

            assertEquals("TOOL signal:10 rc=0\n", tool(run, ns, "*", "signal:10"));
            assertTrue(run.awaitOutput("R0 got USR1", 1, WAIT) && run.awaitOutput("R1 got USR1", 2, WAIT), run.all());

            assertEquals("TOOL checkpoint rc=" + PmixStatus.PMIX_ERR_NOT_SUPPORTED + "\n", tool(run, ns, "*", "checkpoint"));
            assertEquals(0, run.count("got USR1") - 3, "an unsupported directive does nothing\n" + run.all());

            assertEquals("TOOL kill rc=0\n", tool(run, ns, "1", "kill"));
            int status = run.waitFor(Duration.ofSeconds(30));
            assertTrue(run.stderr().contains("process rank 1 (pid " + r1 + ") on node"), run.all());
            assertTrue(run.stderr().contains(KILLED + " (was killed by signal 9"), run.all());
            assertEquals(128 + 9, status, run.all());
            assertGone(r0, run);
            assertGone(r1, run);
        }
    }

    /** Runs JobControlTool.java (pmix4j's tool library) against the launcher; its output. */
    private static String javaTool(LauncherProcess run, List<Rank> ranks, String mode) {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "src/test/tool/JobControlTool.java", Long.toString(run.pid()),
                run.tmpdir().toString(), ranks.get(0).nspace(), Long.toString(ranks.get(0).pid()),
                Long.toString(ranks.get(1).pid()), mode);
        Run r = Run.command(cmd).timeout(Duration.ofSeconds(60));
        System.getenv().keySet().stream().filter(k -> k.startsWith("PMIX_")).forEach(r::unsetEnv);
        Run.Result res = r.go();
        assertEquals(0, res.exitCode(), "the Java tool failed\n" + res.all() + "\n" + run.all());
        return res.stdout();
    }

    private static void assumeJavaToolLibrary() {
        try {
            Class.forName("org.pmix4j.client.tool.PmixTool");
        } catch (ClassNotFoundException e) {
            assumeTrue(false, "pmix4j's tool library (module client) is not on the cli tests' class path");
        }
    }

    @Test
    void aJavaToolSignalsPausesResumesARankAndTheJobThenKillsARank() throws Exception {
        assumeJavaToolLibrary();
        try (LauncherProcess run = launch("wait")) {
            List<Rank> ranks = ready(run);
            String out = javaTool(run, ranks, "ranks");
            String ctx = out + "\n" + run.all();
            int unsupported = PmixStatus.PMIX_ERR_NOT_SUPPORTED;
            for (String step : List.of("signal-rank rc=0 state=rr", "pause-rank rc=0 state=rT",
                    "resume-rank rc=0 state=rr", "pause-job rc=0 state=TT", "resume-job rc=0 state=rr",
                    "signal-job rc=0 state=rr", "checkpoint rc=" + unsupported + " state=rr")) {
                assertTrue(out.contains("JT " + step + "\n"), step + "\n" + ctx);
            }
            assertTrue(out.contains("JT kill-rank rc=0"), ctx);
            int status = run.waitFor(Duration.ofSeconds(30));
            assertEquals(2, run.count("R1 got USR1"), run.all());
            assertEquals(1, run.count("R0 got USR1"), run.all());
            assertTrue(run.stderr().contains("process rank 1 (pid " + ranks.get(1).pid() + ") on node"), run.all());
            assertTrue(run.stderr().contains(KILLED + " (was killed by signal 9"), run.all());
            assertEquals(128 + 9, status, run.all());
            assertGone(ranks.get(0).pid(), run);
            assertGone(ranks.get(1).pid(), run);
        }
    }

    @Test
    void aJavaToolKillsTheWholeJob() throws Exception {
        assumeJavaToolLibrary();
        try (LauncherProcess run = launch("wait")) {
            List<Rank> ranks = ready(run);
            String out = javaTool(run, ranks, "killjob");
            assertTrue(out.contains("JT kill-job rc=0"), out + "\n" + run.all());
            assertEquals(128 + 9, run.waitFor(Duration.ofSeconds(30)), run.all());
            assertGone(ranks.get(0).pid(), run);
            assertGone(ranks.get(1).pid(), run);
        }
    }

    @Test
    void aToolKillsTheWholeJob() throws Exception {
        try (LauncherProcess run = launch("wait")) {
            List<Rank> ranks = ready(run);
            assertEquals("TOOL kill rc=0\n", tool(run, ranks.get(0).nspace(), "*", "kill"));
            int status = run.waitFor(Duration.ofSeconds(30));
            assertEquals(128 + 9, status, run.all());
            assertTrue(run.stderr().contains(KILLED), run.all());
            assertGone(ranks.get(0).pid(), run);
            assertGone(ranks.get(1).pid(), run);
            assertFalse(run.stdout().contains("timed out"), run.all());
        }
    }

    /**
     * Rank 0 pauses its job at once after PMIx_Init, while the launcher is still starting the last of 32
     * ranks: every one of them is stopped, those started after the pause too (job control of a whole job
     * waits for its launch).
     */
    @Test
    void aPauseOfAJobStillBeingLaunchedReachesItsLastRanks() throws Exception {
        int n = 32;
        try (LauncherProcess run = LauncherProcess.start(tmp.resolve("launcher-tmp"),
                List.of("-n", Integer.toString(n), "--oversubscribe", client.toString(), "pausenow"))) {
            Matcher ready = run.awaitLine("^READY 0 (\\d+) (\\S+)$", WAIT);
            assertNotNull(ready, "rank 0 did not start\n" + run.all());
            String nspace = ready.group(2);
            // the job's processes are the launcher's children (started in sessions of their own); stopped
            // in the middle of their exec chain (setpriv, taskset) they still count
            long stoppedChildren = 0;
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (stoppedChildren < n && System.nanoTime() < deadline) {
                Thread.sleep(50);
                stoppedChildren = ProcessHandle.of(run.pid()).orElseThrow().children()
                        .filter(p -> stopped(p.pid())).count();
            }
            assertEquals(n, stoppedChildren, "every rank of the job was paused\n" + run.all());
            assertEquals("TOOL resume rc=0\n", tool(run, nspace, "*", "resume"));
            assertTrue(run.awaitOutput("STEP pause-now rc=0 resumed", 1, WAIT), run.all());
            assertEquals("TOOL terminate rc=0\n", tool(run, nspace, "*", "terminate"));
            assertEquals(128 + 15, run.waitFor(Duration.ofSeconds(30)), run.all());
        }
    }

    @Test
    void aClientPausesItsWholeJobAToolResumesAndTerminatesIt() throws Exception {
        try (LauncherProcess run = launch("pausejob")) {
            List<Rank> ranks = ready(run);
            long r0 = ranks.get(0).pid();
            long r1 = ranks.get(1).pid();
            assertTrue(awaitStopped(r0, true) && awaitStopped(r1, true), "rank 0 stopped its job, itself too\n"
                    + run.all());
            assertFalse(run.stdout().contains("STEP pause-job"), "rank 0 is stopped\n" + run.all());

            assertEquals("TOOL resume rc=0\n", tool(run, ranks.get(0).nspace(), "*", "resume"));
            assertTrue(awaitStopped(r0, false) && awaitStopped(r1, false), run.all());
            assertTrue(run.awaitOutput("STEP pause-job rc=0 resumed", 1, WAIT), run.all());

            assertEquals("TOOL terminate rc=0\n", tool(run, ranks.get(0).nspace(), "*", "terminate"));
            int status = run.waitFor(Duration.ofSeconds(30));
            assertEquals(128 + 15, status, run.all());
            assertTrue(run.stderr().contains(KILLED + " (was killed by signal 15"), run.all());
            assertNotEquals('T', state(r0));
            assertGone(r0, run);
            assertGone(r1, run);
        }
    }
}
