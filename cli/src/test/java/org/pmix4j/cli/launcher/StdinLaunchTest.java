package org.pmix4j.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;

/**
 * The launcher's stdin: to rank 0 by default, or {@code --stdin all|none|RANK}; and 100 MB piped in
 * arrive intact and once, through a launcher whose heap is smaller than the data.
 */
class StdinLaunchTest {
    /** Each rank says how many bytes of stdin it got. */
    private static final List<String> COUNT = List.of("sh", "-c", "echo \"rank $PMIX_RANK got $(wc -c) bytes\"");

    @TempDir
    Path tmp;

    @Test
    void stdinGoesWhereAsked() throws IOException {
        Path input = tmp.resolve("input");
        Files.writeString(input, "x".repeat(12345));
        LauncherProcess.Setup fromFile = new LauncherProcess.Setup(List.of(), Map.of(),
                ProcessBuilder.Redirect.from(input.toFile()), null);
        Map<List<String>, List<Integer>> cases = Map.of(
                List.of(), List.of(12345, 0, 0),
                List.of("--stdin", "2"), List.of(0, 0, 12345),
                List.of("--stdin", "all"), List.of(12345, 12345, 12345),
                List.of("--stdin", "none"), List.of(0, 0, 0));
        for (var c : cases.entrySet()) {
            Launch.Result r = Launch.run(tmp, fromFile, Launch.args(c.getKey(), "-n", "3", "--oversubscribe", COUNT));
            r.assertStatus(0);
            for (int rank = 0; rank < 3; rank++) {
                assertTrue(r.stdout().contains("rank " + rank + " got " + c.getValue().get(rank) + " bytes\n"),
                        c.getKey() + " rank " + rank + "\n" + r.all());
            }
        }
        Launch.Result bad = Launch.run(tmp, "--stdin", "3", "-n", "3", "--oversubscribe", "true");
        assertEquals(2, bad.status(), bad.all());
        bad.assertStderrContains("--stdin 3");
    }

    /**
     * A launcher whose stdin is /dev/null gives rank 0 /dev/null itself (no pipe to forward an end of file
     * through, and the faster start that needs); from a file, rank 0 reads a pipe from the launcher.
     */
    @Test
    void aLauncherReadingDevNullGivesRankZeroDevNullItself() throws IOException {
        List<String> what = List.of("sh", "-c", "echo \"rank $PMIX_RANK stdin $(readlink /proc/self/fd/0)\"");
        Launch.Result fromNull = Launch.run(tmp, new LauncherProcess.Setup(List.of(), Map.of(),
                ProcessBuilder.Redirect.from(new java.io.File("/dev/null")), null), Launch.args(List.of(), "-n", "1", what));
        fromNull.assertStatus(0);
        assertTrue(fromNull.stdout().contains("rank 0 stdin /dev/null\n"), fromNull.all());
        Path empty = Files.writeString(tmp.resolve("empty"), "");
        Launch.Result fromFile = Launch.run(tmp, new LauncherProcess.Setup(List.of(), Map.of(),
                ProcessBuilder.Redirect.from(empty.toFile()), null), Launch.args(List.of(), "-n", "1", what));
        fromFile.assertStatus(0);
        assertTrue(fromFile.stdout().contains("rank 0 stdin pipe:"), fromFile.all());
    }

    @Test
    void hundredMegabytesArriveIntactOnceWithBoundedMemory() throws Exception {
        long size = 100L * 1024 * 1024;
        byte[] block = new byte[1 << 20];
        new Random(42).nextBytes(block);
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (long i = 0; i < size / block.length; i++) {
            md.update(block);
        }
        String expected = HexFormat.of().formatHex(md.digest());
        // a 48 MB heap cannot hold the input: the launcher must stream it
        LauncherProcess.Setup piped = new LauncherProcess.Setup(List.of("-Xmx48m"), Map.of(),
                ProcessBuilder.Redirect.PIPE, null);
        try (LauncherProcess p = LauncherProcess.start(Launch.tmpdir(tmp), List.of("-n", "2", "--stdin", "all", "sh",
                "-c", "sha256sum; echo rank $PMIX_RANK done"), piped)) {
            AtomicReference<Throwable> writeError = new AtomicReference<>();
            Thread writer = Thread.ofPlatform().start(() -> {
                try (OutputStream in = p.stdin()) {
                    for (long i = 0; i < size / block.length; i++) {
                        in.write(block);
                    }
                } catch (Throwable t) {
                    writeError.set(t);
                }
            });
            AtomicLong peakRss = new AtomicLong();
            while (p.handle().isAlive()) {
                peakRss.accumulateAndGet(rssKb(p.pid()), Math::max);
                Thread.sleep(50);
            }
            assertEquals(0, p.waitFor(Launch.LIMIT), p.all());
            writer.join();
            assertEquals(null, writeError.get(), "writing the launcher's stdin");
            assertEquals(2, p.stdout().lines().filter(l -> l.equals(expected + "  -")).count(),
                    "both ranks got exactly the 100 MB (SHA-256 " + expected + ")\n" + p.all());
            assertTrue(peakRss.get() < 300_000, "the launcher's RSS stayed bounded: " + peakRss.get() + " KiB");
        }
    }

    /** VmHWM (peak resident set) of a process in KiB, 0 when unknown. */
    private static long rssKb(long pid) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (l.startsWith("VmHWM:")) {
                    return Long.parseLong(l.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone
        }
        return 0;
    }
}
