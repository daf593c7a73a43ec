package org.pmix4j.runtime.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.pmix4j.runtime.ProcessStarter;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Processes held at their first instruction after exec (PMIX_DEBUG_STOP_ON_EXEC), started through the
 * runtime's {@link ProcessStarter}: stopped with the application already in place, readable by Debian's gdb
 * before any of their code ran, running once released, and otherwise like the JDK's processes.
 */
class ExecHoldTest {
    private static final Path TARGET = Path.of("src/test/c/exec_hold_target.c");

    @Test
    void gdbReadsAHeldProcessBeforeItsMainAndItRunsOnceReleased() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/gdb")),
                "gdb is not installed (Debian's package gdb; bin/install-test-deps installs it)");
        Path exe = NativeBuild.pmixProgram(TARGET);
        ProcessBuilder pb = new ProcessBuilder(exe.toString()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process p = ProcessStarter.shared().startHeldGroupLeader(pb);
        try {
            long pid = p.pid();
            assertEquals("T", state(pid), "a held process is stopped");
            assertEquals(exe.toRealPath(), Path.of("/proc/" + pid + "/exe").toRealPath(),
                    "held after the exec of the application, not in its wrappers");
            assertEquals(0, p.getInputStream().available(), "no output before the release");
            assertTrue(p.isAlive());
            assertEquals(pid, p.toHandle().pid());

            Run.Result gdb = Run.command("gdb", "-nx", "-batch", "-p", Long.toString(pid), "-ex", "print answer",
                    "-ex", "detach").timeout(Duration.ofMinutes(2)).go();
            assertTrue(gdb.stdout().contains("$1 = 42"), "gdb reads the value before main ran:\n" + gdb.all());
            // gdb detaches with the SIGSTOP it found pending: the process is running (R) in the kernel only until
            // it takes that signal, before any instruction of its own
            assertEquals("T", settledState(pid), "still stopped after gdb detached");
            assertEquals(0, p.getInputStream().available(), "no output before the release");
            assertTrue(p.isAlive());

            ExecHold.available().release(pid);
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor());
            assertEquals("answer 7\n", out);
            assertFalse(p.isAlive());
            assertEquals(0, p.exitValue());
            assertTrue(p.onExit().isDone());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aCommandThatDoesNotExistIsAFailedStartWithTheShellsMessage() {
        ProcessBuilder pb = new ProcessBuilder("/nonexistent/program", "arg");
        IOException e = assertThrows(IOException.class, () -> ProcessStarter.shared().startHeldGroupLeader(pb));
        assertTrue(e.getMessage().contains("/nonexistent/program") && e.getMessage().contains("status 127")
                && e.getMessage().contains("not found"), e.getMessage());
    }

    @Test
    void aHeldProcessKilledWhileStoppedEndsAsTheJdksProcessesDo() throws Exception {
        Process held = ProcessStarter.shared().startHeldGroupLeader(new ProcessBuilder("sleep", "1000"));
        assertEquals("T", state(held.pid()));
        held.destroyForcibly();
        assertTrue(held.waitFor(1, TimeUnit.MINUTES));

        Process plain = ProcessStarter.shared().startGroupLeader(new ProcessBuilder("sleep", "1000"));
        plain.destroyForcibly();
        assertEquals(plain.waitFor(), held.exitValue(), "the JDK's exit value for SIGKILL");
        assertEquals(128 + 9, held.exitValue());

        Process terminated = ProcessStarter.shared().startHeldGroupLeader(new ProcessBuilder("sleep", "1000"));
        assertTrue(terminated.supportsNormalTermination());
        terminated.destroy();
        assertEquals(128 + 15, terminated.waitFor(), "destroy ends a held process: SIGTERM, then SIGCONT");
    }

    @Test
    void aHeldProcessGetsItsDirectoryEnvironmentAndRedirectsAndNothingElseOfTheJvm(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c",
                "echo \"$HELD_VAR\"; pwd; read line; echo \"read $line\"; ls /proc/$$/fd; echo err >&2")
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("HELD_VAR", "from the builder");
        pb.environment().put("PATH", "/usr/bin:/bin");
        Process p = ProcessStarter.shared().startHeldGroupLeader(pb);
        try {
            assertEquals("T", state(p.pid()));
            p.getOutputStream().write("a line\n".getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            ExecHold.available().release(p.pid());
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
            // the shell's descriptors: none of this JVM's (its jars, sockets, other children's pipes) leaked in
            assertEquals(List.of("from the builder", dir.toRealPath().toString(), "read a line", "0", "1", "2", "err"),
                    List.of(out.split("\n")), "only 0, 1 and 2 are inherited");
            assertEquals(-1, p.getErrorStream().read(), "stderr went to stdout");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aReleasedProcessAndWhatItStartedEndAsLocalBodyEndsThem(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path log = dir.resolve("out.log");
        Files.writeString(log, "before\n");
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "echo started; sleep 1000 & read line")
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        // the shell then reads its stdin (a pipe kept open), so that it ends only by the kill below
        Process p = ProcessStarter.shared().startHeldGroupLeader(pb);
        try {
            // what LocalBody takes for the time of the end: the JDK's handle of a child it does not know
            java.util.concurrent.CompletableFuture<ProcessHandle> handleEnd = p.toHandle().onExit();
            ExecHold.available().release(p.pid());
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (p.descendants().findAny().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            List<ProcessHandle> started = p.descendants().toList();
            assertEquals(1, started.size(), "the sleep it started");
            // LocalBody.signalTree("KILL")
            started.forEach(ProcessHandle::destroyForcibly);
            p.toHandle().destroyForcibly();
            assertEquals(128 + 9, p.waitFor());
            assertEquals(p.pid(), handleEnd.get(1, TimeUnit.MINUTES).pid());
            started.get(0).onExit().get(1, TimeUnit.MINUTES);
            assertEquals("before\nstarted\n", Files.readString(log), "appended to the file it was given");
        } finally {
            p.destroyForcibly();
        }
    }

    /** The state of {@code pid} once it is no longer running (R), e.g. on its way into a stop. */
    private static String settledState(long pid) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        String s = state(pid);
        while (s.equals("R") && System.nanoTime() < deadline) {
            Thread.sleep(10);
            s = state(pid);
        }
        return s;
    }

    /** The kernel's one-letter state of {@code pid} (R, S, T, ...), from /proc/PID/stat. */
    private static String state(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    }
}
