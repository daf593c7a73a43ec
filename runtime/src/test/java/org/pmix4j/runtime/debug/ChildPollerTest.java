package org.pmix4j.runtime.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.pmix4j.runtime.iof.OutputChunks;
import org.pmix4j.runtime.iof.WatchedOutput;

/**
 * Children started with posix_spawn are watched by one shared thread, not three each: their output arrives
 * whole and in order through {@link WatchedOutput}, their exit values as the JDK reports them (a signal as
 * 128 + its number), and the JVM's thread count does not grow with the number of children.
 */
class ChildPollerTest {

    /** Collects one stream's chunks; counts down at its end. */
    private static final class Collected implements OutputChunks {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final CountDownLatch ended = new CountDownLatch(1);

        @Override
        public synchronized void chunk(byte[] buf, int n) {
            bytes.write(buf, 0, n);
        }

        @Override
        public void end() {
            ended.countDown();
        }

        synchronized String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    private static int threads() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Threads:")) {
                return Integer.parseInt(line.substring(8).trim());
            }
        }
        throw new AssertionError("no Threads line in /proc/self/status");
    }

    @Test
    void manyChildrenOneWatcher() throws Exception {
        GroupSpawn spawn = GroupSpawn.available().orElse(null);
        Assumptions.assumeTrue(spawn != null, "skipped: posix_spawn needs a JDK 22+ build");
        int n = 100;
        int before = threads();
        List<Process> procs = new ArrayList<>();
        List<Collected> outs = new ArrayList<>();
        List<Collected> errs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // every child writes 20,000 numbered lines (over the 64 KB of a pipe) and ends with its own status,
            // the last one's cut short by a signal
            String script = i == n - 1 ? "seq 1 20000; echo gone >&2; kill -TERM $$"
                    : "seq 1 20000; printf tail-" + i + "; echo err-" + i + " >&2; exit " + (i % 7);
            Process p = spawn.start(new ProcessBuilder("/bin/sh", "-c", script), List.of());
            Collected out = new Collected();
            Collected err = new Collected();
            assertTrue(((WatchedOutput) p.getInputStream()).watch(out), "the shared reader took the output");
            assertTrue(((WatchedOutput) p.getErrorStream()).watch(err), "the shared reader took the errors");
            procs.add(p);
            outs.add(out);
            errs.add(err);
        }
        int during = threads();
        StringBuilder numbers = new StringBuilder();
        for (int k = 1; k <= 20000; k++) {
            numbers.append(k).append('\n');
        }
        for (int i = 0; i < n; i++) {
            Process p = procs.get(i);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process " + i + " did not end");
            assertTrue(outs.get(i).ended.await(60, TimeUnit.SECONDS), "the output of " + i + " did not end");
            assertTrue(errs.get(i).ended.await(60, TimeUnit.SECONDS), "the errors of " + i + " did not end");
            if (i == n - 1) {
                assertEquals(128 + 15, p.exitValue());
                assertEquals(numbers.toString(), outs.get(i).text());
                assertEquals("gone\n", errs.get(i).text());
            } else {
                assertEquals(i % 7, p.exitValue(), "exit value of " + i);
                assertEquals(numbers + "tail-" + i, outs.get(i).text(), "output of " + i);
                assertEquals("err-" + i + "\n", errs.get(i).text());
            }
        }
        // three threads per child would be 300 more; the watcher is one (plus the virtual threads' carriers)
        assertTrue(during - before < 20, "threads went from " + before + " to " + during + " for " + n + " children");
    }
}
