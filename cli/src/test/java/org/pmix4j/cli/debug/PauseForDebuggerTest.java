package org.pmix4j.cli.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;

/**
 * A job launched paused for a debugger by {@code pmix4j run} (--stop-in-init, --stop-in-app, or a libpmix
 * debugger's PMIx_Spawn with the pause attribute): the processes wait, the runtime says they are ready
 * (PMIX_READY_FOR_DEBUG to the requester, a line with the pids to the user), Debian's gdb attaches to one and
 * reads a variable the program sets only after the pause, and once released (PMIX_DEBUGGER_RELEASE, from
 * {@code pmix4j debug release} or the debugger tool) the job runs to completion.
 */
class PauseForDebuggerTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);
    /** The runtime's line once every process is paused: rank:pid@host pairs, then how to release. */
    private static final String READY = "are paused (.*), ready for a debugger \\(rank:pid@host ([^)]*)\\); release"
            + " them with: pmix4j debug release --pid (\\d+) (\\S+)";

    @TempDir
    Path tmp;

    private static Path target;

    @BeforeAll
    static void build() {
        Gdb.require();
        target = NativeBuild.pmixProgram(Path.of("src/test/c/debug_target.c"), "-g", "-O0");
    }

    @Test
    void aLibpmixClientStoppedInInitIsReadByGdbThenReleasedByPmix4jDebug() throws Exception {
        try (LauncherProcess run = LauncherProcess.start(tmp, List.of("--stop-in-init", "-n", "2", target.toString()))) {
            Matcher ready = awaitReady(run);
            assertEquals("in PMIx_Init", ready.group(1));
            long rank1 = pidOf(ready.group(2), 1);
            assertEquals(42, Gdb.readInt(rank1, "answer"), "rank 1 waits in PMIx_Init, before main sets 7");
            assertFalse(run.stdout().contains("answer"), "nothing ran on while paused\n" + run.all());
            release(run.tmpdir(), ready.group(3), ready.group(4));
            assertEquals(0, run.waitFor(LIMIT), run.all());
            assertTrue(run.stdout().contains("rank 0 answer 7 paused-in-app no"), run.all());
            assertTrue(run.stdout().contains("rank 1 answer 7 paused-in-app no"), run.all());
        }
    }

    @Test
    void aProcessHeldAtExecIsTheProgramStoppedBeforeItsFirstInstruction() throws Exception {
        try (LauncherProcess run = LauncherProcess.start(tmp, List.of("--stop-on-exec", "-n", "2", target.toString()))) {
            Matcher ready = awaitReady(run);
            assertEquals("at exec", ready.group(1));
            for (int rank = 0; rank < 2; rank++) {
                long pid = pidOf(ready.group(2), rank);
                assertEquals(target.toRealPath(), Path.of("/proc/" + pid + "/exe").toRealPath(),
                        "held after the exec of the program itself (not of the binding or a shell)");
                assertTrue(java.nio.file.Files.readString(Path.of("/proc/" + pid + "/stat")).matches("\\d+ \\(.*\\) T .*\n?"),
                        "stopped");
                assertEquals(42, Gdb.readInt(pid, "answer"), "nothing of main has run");
            }
            assertFalse(run.stdout().contains("answer"), run.all());
            release(run.tmpdir(), ready.group(3), ready.group(4));
            assertEquals(0, run.waitFor(LIMIT), run.all());
            assertTrue(run.stdout().contains("rank 0 answer 7") && run.stdout().contains("rank 1 answer 7"), run.all());
        }
    }

    /** Held at exec, released, then waiting in init: ready twice, released twice. */
    @Test
    void aJobPausedAtExecAndInInitIsReadyAndReleasedTwice() throws Exception {
        try (LauncherProcess run = LauncherProcess.start(tmp, List.of("--stop-on-exec", "--stop-in-init", "-n", "2",
                target.toString()))) {
            Matcher first = awaitReady(run);
            release(run.tmpdir(), first.group(3), first.group(4));
            java.util.regex.Pattern p = java.util.regex.Pattern.compile(READY);
            long end = System.nanoTime() + LIMIT.toNanos();
            int seen = 1;
            while (seen < 2 && System.nanoTime() < end && run.isAlive()) {
                Matcher m = p.matcher(run.stderr());
                seen = 0;
                while (m.find()) {
                    seen++;
                }
                Thread.sleep(20);
            }
            assertEquals(2, seen, "ready again once waiting in init\n" + run.all());
            assertFalse(run.stdout().contains("answer"), run.all());
            assertEquals(42, Gdb.readInt(pidOf(first.group(2), 1), "answer"), "still in PMIx_Init");
            release(run.tmpdir(), first.group(3), first.group(4));
            assertEquals(0, run.waitFor(LIMIT), run.all());
            assertTrue(run.stdout().contains("rank 0 answer 7") && run.stdout().contains("rank 1 answer 7"), run.all());
        }
    }

    @Test
    void anApplicationStoppedInTheAppWaitsForTheReleaseItself() throws Exception {
        try (LauncherProcess run = LauncherProcess.start(tmp, List.of("--stop-in-app", "-n", "2", target.toString()))) {
            Matcher ready = awaitReady(run);
            assertEquals("in the application", ready.group(1));
            assertEquals(43, Gdb.readInt(pidOf(ready.group(2), 0), "answer"), "rank 0 waits where it chose to");
            release(run.tmpdir(), ready.group(3), ready.group(4));
            assertEquals(0, run.waitFor(LIMIT), run.all());
            assertTrue(run.stdout().contains("rank 0 answer 7 paused-in-app yes"), run.all());
            assertTrue(run.stdout().contains("rank 1 answer 7 paused-in-app yes"), run.all());
        }
    }

    @Test
    void anOpenMpiProgramWaitsInMpiInitUntilReleased() throws Exception {
        Path hello = NativeBuild.mpiProgram(Path.of("src/test/c/mpi_hello.c"));
        try (LauncherProcess run = LauncherProcess.start(tmp, List.of("--stop-in-init", "-n", "2", hello.toString()))) {
            Matcher ready = awaitReady(run);
            assertFalse(run.stdout().contains("hello"), run.all());
            release(run.tmpdir(), ready.group(3), ready.group(4));
            assertEquals(0, run.waitFor(LIMIT), run.all());
            assertTrue(run.stdout().contains("hello 0 of 2") && run.stdout().contains("hello 1 of 2"), run.all());
        }
    }

    @Test
    void theJavaClientWaitsInInitUntilReleased() throws Exception {
        List<String> args = new ArrayList<>(List.of("--stop-in-init", "-n", "2"));
        args.addAll(LauncherProcess.commandLine(List.of(), "example", List.of("hello")));
        try (LauncherProcess run = LauncherProcess.start(tmp, args)) {
            Matcher ready = awaitReady(run);
            assertFalse(run.stdout().contains("hello from"), run.all());
            release(run.tmpdir(), ready.group(3), ready.group(4));
            assertEquals(0, run.waitFor(LIMIT), run.all());
            assertTrue(run.stdout().contains("hello from rank 0 of 2") && run.stdout().contains("hello from rank 1 of 2"),
                    run.all());
        }
    }

    /**
     * A libpmix 4.2.2 debugger (debug_spawn.c) spawns into a running {@code pmix4j run}: it sees the pause among the
     * host's PMIx_Spawn attributes, gets PMIX_READY_FOR_DEBUG for its job, reads the proctable, lets gdb attach,
     * releases the job itself and gets its end.
     */
    @Test
    void aLibpmixDebuggerSpawnsPausedInInitGetsReadyReadsTheProctableAndReleases() throws Exception {
        libpmixDebugger("init", "PMIX_DEBUG_STOP_IN_INIT");
    }

    @Test
    void aLibpmixDebuggerSpawnsHeldAtExecGetsReadyReadsTheProctableAndReleases() throws Exception {
        libpmixDebugger("exec", "PMIX_DEBUG_STOP_ON_EXEC");
    }

    private void libpmixDebugger(String mode, String attribute) throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/debug_spawn.c"));
        try (LauncherProcess run = LauncherProcess.start(tmp, List.of("--oversubscribe", "-n", "1", "/bin/sh", "-c",
                "echo up; sleep 120"))) {
            assertTrue(run.awaitOutput("up", 1, LIMIT), run.all());
            ProcessBuilder pb = new ProcessBuilder(tool.toString(), mode, Long.toString(run.pid()), "2",
                    target.toString());
            LauncherProcess.environment(pb, run.tmpdir());
            pb.redirectErrorStream(true);
            Process debugger = pb.start();
            StringBuilder seen = new StringBuilder();
            var lines = new java.io.BufferedReader(new java.io.InputStreamReader(debugger.getInputStream(),
                    StandardCharsets.UTF_8));
            List<Long> pids = new ArrayList<>();
            String line;
            while ((line = lines.readLine()) != null) {
                seen.append(line).append('\n');
                if (line.startsWith("proc ")) {
                    pids.add(Long.parseLong(line.split(" ")[3]));
                }
                if (pids.size() == 2) {
                    break;
                }
            }
            assertTrue(seen.toString().contains("attr " + attribute + " yes"), seen + run.all());
            String key = "pmix.dbg." + mode; // pmix.dbg.init, pmix.dbg.exec
            assertTrue(seen.toString().matches("(?s).*debug-support \\S*" + java.util.regex.Pattern.quote(key)
                    + ".*"), "PMIX_QUERY_DEBUG_SUPPORT lists it\n" + seen);
            assertTrue(seen.toString().matches("(?s).*ready \\S+\n.*"), seen + run.all());
            assertEquals(2, pids.size(), seen + run.all());
            assertEquals(42, Gdb.readInt(pids.get(1), "answer"));
            try (OutputStream go = debugger.getOutputStream()) {
                go.write("go\n".getBytes(StandardCharsets.UTF_8));
            }
            while ((line = lines.readLine()) != null) {
                seen.append(line).append('\n');
            }
            assertTrue(debugger.waitFor(LIMIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS), seen.toString());
            assertEquals(0, debugger.exitValue(), seen + run.all());
            assertTrue(seen.toString().contains("released SUCCESS"), seen.toString());
            assertTrue(seen.toString().contains("rank 1 answer 7"), seen.toString());
            assertTrue(seen.toString().matches("(?s).*job-end \\S+ status SUCCESS.*"), seen.toString());
        }
    }

    @Test
    void aReleaseOfAJobThatIsNotThereIsRefusedSayingSo() throws Exception {
        try (LauncherProcess run = LauncherProcess.start(tmp, List.of("-n", "1", "/bin/sh", "-c", "echo up; sleep 60"))) {
            assertTrue(run.awaitOutput("up", 1, LIMIT), run.all());
            try (LauncherProcess rel = LauncherProcess.startCommand(run.tmpdir(), "debug", List.of("release", "--pid",
                    Long.toString(run.pid()), "no-such-job"), LauncherProcess.Setup.DEFAULT)) {
                assertEquals(1, rel.waitFor(LIMIT), rel.all());
                assertTrue(rel.stderr().contains("no job no-such-job in this runtime"), rel.all());
            }
        }
    }

    /** The runtime's line on its stderr (where a launcher's own messages go). */
    private static Matcher awaitReady(LauncherProcess run) throws InterruptedException {
        Matcher m = run.awaitErrorLine(READY, LIMIT);
        assertTrue(m != null, "the runtime said the job is ready for a debugger\n" + run.all());
        return m;
    }

    /** The pid of {@code rank} in "0:123@host 1:456@host". */
    private static long pidOf(String pairs, int rank) {
        for (String p : pairs.split(" ")) {
            String[] rp = p.split("[:@]");
            if (Integer.parseInt(rp[0]) == rank) {
                return Long.parseLong(rp[1]);
            }
        }
        throw new AssertionError("no rank " + rank + " in " + pairs);
    }

    private static void release(Path tmpdir, String pid, String nspace) throws InterruptedException {
        try (LauncherProcess rel = LauncherProcess.startCommand(tmpdir, "debug", List.of("release", "--pid", pid,
                nspace), LauncherProcess.Setup.DEFAULT)) {
            assertEquals(0, rel.waitFor(LIMIT), rel.all());
        }
    }
}
