package org.pmix4j.cli.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.Run;

/**
 * The heap bin/pmix4j gives the runtime's JVMs, read from the running JVMs themselves ({@code jcmd PID
 * VM.flags}, the flags in effect after the JVM's own choices). With the JVM's defaults a launcher or DVM whose
 * server is kept busy (fences and commits, job after job) grew to 5.9 GB resident: the serial collector
 * grows its old generation up to the largest heap allowed, a quarter of the machine's memory, before it
 * ever collects it. Now every runtime JVM has a largest heap, and the DVM, which lives for many jobs, a
 * collector that frees its old generation as it goes (G1).
 */
class HeapBoundsTest {
    private static final String MAX_HEAP = "-XX:MaxHeapSize=" + 512L * 1024 * 1024;

    @TempDir
    Path tmp;

    @Test
    void theLauncherAndTheDvmRunWithABoundedHeap() throws Exception {
        Path top = RepositoryLayout.of(tmp.resolve("pmix4j"));
        Path pmix4j = top.resolve("bin/pmix4j");
        Path tmpdir = Files.createDirectories(tmp.resolve("tmp"));
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();

        // the launcher: its job asks the JVM that started it (the job's parent) for its flags
        Run.Result run = command(List.of(pmix4j.toString(), "run", "-n", "1", "sh", "-c", jcmd + " $PPID VM.flags"),
                tmpdir);
        assertEquals(0, run.exitCode(), run.all());
        assertTrue(run.stdout().contains(MAX_HEAP), run.all());
        assertTrue(run.stdout().contains("-XX:+UseSerialGC"), run.all());

        Path pidFile = tmp.resolve("dvm.pid");
        Run.Result dvm = command(List.of(pmix4j.toString(), "dvm", "--daemonize", "--report-pid", pidFile.toString()),
                tmpdir);
        assertEquals(0, dvm.exitCode(), dvm.all());
        try {
            String pid = Files.readString(pidFile).strip();
            Run.Result flags = command(List.of(jcmd, pid, "VM.flags"), tmpdir);
            assertEquals(0, flags.exitCode(), flags.all());
            assertTrue(flags.stdout().contains(MAX_HEAP), flags.all());
            assertTrue(flags.stdout().contains("-XX:+UseG1GC"), flags.all());
        } finally {
            Run.Result term = command(List.of(pmix4j.toString(), "term"), tmpdir);
            assertEquals(0, term.exitCode(), term.all());
        }
    }

    private static Run.Result command(List<String> argv, Path tmpdir) {
        return Run.command(argv).env("JAVA_HOME", System.getProperty("java.home")).env("TMPDIR", tmpdir.toString())
                .env("PMIX4J_NO_AOT", "1").timeout(Duration.ofMinutes(2)).go();
    }
}
