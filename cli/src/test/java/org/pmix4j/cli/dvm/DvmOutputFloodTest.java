package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;

/**
 * A front end that stops taking its job's output (its stdout a pipe nobody reads, as with a pager the user
 * does not scroll, or a prun suspended) must not make the DVM, nor itself, hold the job's output in memory:
 * the rank waits in its own write, as it would for a full terminal; once read, every byte arrives. Both fail
 * when the DVM's hold is disabled (IofBacklog.HOLD_ABOVE and PmixServer.IOF_IN_FLIGHT_LIMIT unbounded).
 */
class DvmOutputFloodTest {
    @TempDir
    Path tmp;

    @Test
    void aFloodOfOutputToAFrontEndThatDoesNotReadWaitsInTheRanksWrite() throws Exception {
        flood(false);
    }

    /** A prun stopped (as by Ctrl-Z) reads nothing at all: the DVM alone must hold the job back. */
    @Test
    void aFloodOfOutputToAStoppedFrontEndWaitsInTheRanksWrite() throws Exception {
        flood(true);
    }

    private void flood(boolean stopFrontEnd) throws Exception {
        // more than every buffer on the way can hold (pipes, the DVM's and prun's bounds, the socket's)
        long bytes = 32L << 20;
        Path written = tmp.resolve("flood-written");
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"))) {
            ProcessBuilder pb = new ProcessBuilder(LauncherProcess.commandLine(List.of(), "prun",
                    List.of("-n", "1", "sh", "-c", "yes | head -c " + bytes + " && touch " + written)));
            LauncherProcess.environment(pb, dvm.tmpdir());
            Process prun = pb.start();
            try {
                StringBuffer err = new StringBuffer();
                Thread errReader = Thread.ofVirtual().start(() -> {
                    try {
                        err.append(new String(prun.getErrorStream().readAllBytes()));
                    } catch (IOException e) {
                        err.append(e);
                    }
                });
                InputStream out = prun.getInputStream();
                assertEquals('y', out.read(), "the rank's output comes");
                if (stopFrontEnd) {
                    signal("STOP", prun.pid());
                }
                // nobody reads prun's stdout for a while: the rank's output could go nowhere but memory
                Thread.sleep(8000);
                if (stopFrontEnd) {
                    signal("CONT", prun.pid());
                }
                assertTrue(!Files.exists(written), "the rank wrote all of its output while prun's stdout was not"
                        + " read: the DVM or prun holds it in memory\n" + err + "\n--- the DVM\n" + dvm.process().all());
                long read = 1 + out.transferTo(OutputStream.nullOutputStream());
                assertTrue(prun.waitFor(60, TimeUnit.SECONDS), "prun did not end\n" + err);
                errReader.join(10_000);
                assertEquals(bytes, read, "every byte of the rank's output\n" + err);
                assertEquals(0, prun.exitValue(), err.toString());
                assertTrue(Files.exists(written), "the rank ended without writing everything\n" + err);
            } finally {
                prun.destroyForcibly();
            }
        }
    }

    private static void signal(String name, long pid) throws IOException, InterruptedException {
        assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start().waitFor());
    }
}
