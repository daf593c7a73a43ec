package org.pmix4j.cli.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A launcher started with SIGINT ignored, as a script without job control starts {@code pmix4j run ... &},
 * still stops its job on {@code kill -INT}, as mpirun and prterun do: a JVM would leave the ignored signal
 * ignored and install no handler for it (the launcher then ran its job to the end and exited 0), so
 * bin/pmix4j gives SIGINT its default action back before the JVM starts.
 */
class IgnoredSigintTest {
    @TempDir
    Path tmp;

    @Test
    void aLauncherStartedWithSigintIgnoredStillStopsItsJobOnSigint() throws Exception {
        Path top = RepositoryLayout.of(tmp.resolve("pmix4j"));
        Path tmpdir = Files.createDirectories(tmp.resolve("tmp"));
        // env execs bash, which execs java: one pid, started with SIGINT ignored
        ProcessBuilder pb = new ProcessBuilder("env", "--ignore-signal=INT", top.resolve("bin/pmix4j").toString(),
                "run", "-n", "1", "sh", "-c", "echo started; exec sleep 120");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("TMPDIR", tmpdir.toString());
        pb.environment().put("PMIX4J_NO_AOT", "1");
        pb.environment().keySet().removeIf(k -> k.startsWith("PMIX_") || k.startsWith("OMPI_"));
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process launcher = pb.start();
        try {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Thread errReader = Thread.ofVirtual().start(() -> copy(launcher.getErrorStream(), err));
            InputStream out = launcher.getInputStream();
            byte[] started = out.readNBytes("started\n".length());
            assertEquals("started\n", new String(started, StandardCharsets.UTF_8), "the job's first output");
            String status = Files.readString(Path.of("/proc", Long.toString(launcher.pid()), "status"));
            long ignored = status.lines().filter(l -> l.startsWith("SigIgn:")).map(l -> Long.parseLong(l.substring(7)
                    .strip(), 16)).findFirst().orElseThrow();
            assertEquals(0, ignored & 2, "SIGINT is no longer ignored by the launcher: " + status);
            new ProcessBuilder("kill", "-INT", Long.toString(launcher.pid())).inheritIO().start().waitFor();
            assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "the launcher did not end on SIGINT");
            errReader.join(10_000);
            String said = err.toString(StandardCharsets.UTF_8);
            assertEquals(130, launcher.exitValue(), said);
            assertTrue(said.contains("caught SIGINT, stopping the job"), said);
        } finally {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
    }

    private static void copy(InputStream in, ByteArrayOutputStream sink) {
        try (in) {
            in.transferTo(sink);
        } catch (java.io.IOException e) {
            // the launcher is gone
        }
    }
}
