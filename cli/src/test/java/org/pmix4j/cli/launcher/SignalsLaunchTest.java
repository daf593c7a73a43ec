package org.pmix4j.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pmix4j.cli.LauncherProcess;

/**
 * Signals to the launcher, delivered with kill(1) to its pid as a user's shell would, with a job of real
 * PMIx clients connected to it: SIGINT, SIGTERM and SIGHUP stop the job and leave no process and no file;
 * a second SIGINT kills processes that ignore SIGTERM at once; SIGUSR1/SIGUSR2 reach every process;
 * SIGTSTP suspends the whole job (and the launcher) and SIGCONT resumes it.
 */
class SignalsLaunchTest {
    @TempDir
    Path tmp;

    /** Starts {@code -n 2 probe <probeArgs>} and waits until both ranks reported ready. */
    private LauncherProcess startJob(String... probeArgs) throws InterruptedException {
        List<String> args = new ArrayList<>(List.of("-n", "2", Launch.probe()));
        args.addAll(List.of(probeArgs));
        LauncherProcess p = LauncherProcess.start(Launch.tmpdir(tmp), args);
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(p.awaitOutput("rank " + rank + " ready", 1, Launch.LIMIT), p.all());
        }
        return p;
    }

    /** The job's processes: the launcher's descendants but its process-group watcher (awk, no part of a job). */
    private static List<ProcessHandle> job(LauncherProcess p) {
        return p.handle().descendants().filter(h -> !h.info().command().orElse("").endsWith("awk")).toList();
    }

    private static void assertGone(List<ProcessHandle> job, LauncherProcess p) throws InterruptedException {
        assertTrue(Launch.await(Duration.ofSeconds(5), () -> job.stream().noneMatch(ProcessHandle::isAlive)),
                "processes of the job survived the launcher: " + job.stream().filter(ProcessHandle::isAlive)
                        .map(h -> h.pid() + " " + h.info().commandLine().orElse("?")).toList() + "\n" + p.all());
    }

    @ParameterizedTest(name = "SIG{0}")
    @CsvSource({"INT, 130", "TERM, 143", "HUP, 129"})
    void stopSignalEndsTheJobAndLeavesNothing(String signal, int status) throws Exception {
        try (LauncherProcess p = startJob("--sleep", "60")) {
            List<ProcessHandle> job = job(p);
            assertTrue(job.size() >= 2, "the job's processes: " + job);
            assertTrue(!Launch.leftIn(Launch.tmpdir(tmp)).isEmpty(), "the session directory exists while it runs");
            p.signal(signal);
            assertEquals(status, p.waitFor(Launch.LIMIT), "SIG" + signal + "\n" + p.all());
            assertTrue(p.stderr().contains("caught SIG" + signal), p.all());
            assertGone(job, p);
            assertEquals(List.of(), Launch.leftIn(Launch.tmpdir(tmp)), "files left in the launcher's TMPDIR");
            // nor the JVM's own performance-data file, which it removes only on an orderly exit
            Path perfData = Path.of("/tmp", "hsperfdata_" + System.getProperty("user.name"), Long.toString(p.pid()));
            assertTrue(!java.nio.file.Files.exists(perfData), "the launcher's JVM left " + perfData);
        }
    }

    @Test
    void secondSigintKillsAtOnce() throws Exception {
        try (LauncherProcess p = startJob("--ignore-term", "--sleep", "60")) {
            List<ProcessHandle> job = job(p);
            p.signal("INT");
            Thread.sleep(300);
            assertTrue(job.stream().allMatch(ProcessHandle::isAlive), "they ignore SIGTERM, so they are still there");
            p.signal("INT");
            assertEquals(130, p.waitFor(Launch.LIMIT), p.all());
            assertGone(job, p);
            // the path that kills at once says so (no clock here: under load the grace period's 2 s and
            // "at once" were not told apart by a time bound)
            assertTrue(p.stderr().contains("second SIGINT"), p.all());
            assertEquals(List.of(), Launch.leftIn(Launch.tmpdir(tmp)), "files left in the launcher's TMPDIR");
        }
    }

    @Test
    void usr1AndUsr2AreForwardedToEveryProcess() throws Exception {
        try (LauncherProcess p = startJob("--sleep", "60")) {
            for (String sig : List.of("USR1", "USR2")) {
                p.signal(sig);
                for (int rank = 0; rank < 2; rank++) {
                    assertTrue(p.awaitOutput("rank " + rank + " got SIG" + sig, 1, Duration.ofSeconds(20)),
                            "rank " + rank + " SIG" + sig + "\n" + p.all());
                }
            }
            assertTrue(p.handle().isAlive(), "the launcher keeps running\n" + p.all());
            p.signal("TERM");
            assertEquals(143, p.waitFor(Launch.LIMIT), p.all());
        }
    }

    @Test
    void tstpSuspendsTheWholeJobAndContResumesIt() throws Exception {
        try (LauncherProcess p = startJob("--ticks", "--sleep", "60")) {
            assertTrue(p.awaitOutput("rank 1 tick 2", 1, Launch.LIMIT), p.all());
            List<ProcessHandle> job = job(p);
            p.signal("TSTP");
            assertTrue(Launch.await(Duration.ofSeconds(10), () -> job.stream().allMatch(h -> Launch.state(h.pid()) == 'T')
                    && Launch.state(p.pid()) == 'T'), "the processes and the launcher are stopped: " + states(job, p));
            String before = ticks(p);
            Thread.sleep(600);
            assertEquals(before, ticks(p), "no process ticks while suspended");

            p.signal("CONT");
            assertTrue(Launch.await(Duration.ofSeconds(10), () -> job.stream().noneMatch(h -> Launch.state(h.pid()) == 'T')
                    && Launch.state(p.pid()) != 'T'), "resumed: " + states(job, p));
            int seen = count(p.stdout(), " tick ");
            assertTrue(Launch.await(Duration.ofSeconds(10), () -> count(p.stdout(), " tick ") >= seen + 4),
                    "ticking again\n" + p.all());
            p.signal("TERM");
            assertEquals(143, p.waitFor(Launch.LIMIT), p.all());
        }
    }

    private static String ticks(LauncherProcess p) {
        return p.stdout().lines().filter(l -> l.contains(" tick ")).toList().toString();
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private static String states(List<ProcessHandle> job, LauncherProcess p) {
        StringBuilder sb = new StringBuilder("launcher " + Launch.state(p.pid()));
        job.forEach(h -> sb.append(", ").append(h.pid()).append(' ').append(Launch.state(h.pid())));
        return sb.toString();
    }
}
