package org.pmix4j.runtime.iof;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Proc;

/** The launcher's stdin to the job: 100 MB, intact, once, with bounded memory. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class StdinRouterTest {
    static final long HUNDRED_MB = 100_000_000L;
    static final String NS = "pmix4j-host-1@1";

    @TempDir
    Path tmp;

    /**
     * {@code --stdin 0}: 100 MB to one Java consumer that hashes what it gets and now and then stalls.
     * The reader thread allocates O(chunk), not O(input): measured on that very thread.
     */
    @Test
    void hundredMegabytesToRankZeroIntactWithBoundedAllocation() throws Exception {
        Source src = new Source(HUNDRED_MB);
        HashingSink rank0 = new HashingSink(true);
        StdinRouter router = new StdinRouter(src);
        router.addTarget(new Proc(NS, 0), rank0);
        long t0 = System.nanoTime();
        router.start();
        router.await();
        double secs = (System.nanoTime() - t0) / 1e9;
        assertEquals(HUNDRED_MB, router.bytesRead());
        assertEquals(HUNDRED_MB, router.delivered(new Proc(NS, 0)));
        assertEquals(HUNDRED_MB, rank0.count);
        assertTrue(rank0.closed, "EOF closes the target's stdin");
        assertArrayEquals(src.digest(), rank0.digest(), "every byte once, in order");
        assertTrue(src.readerAllocated >= 0);
        System.out.printf("stdin to rank 0: %.1f MB/s; reader thread allocated %d KiB while moving 100 MB%n",
                HUNDRED_MB / 1e6 / secs, src.readerAllocated / 1024);
        assertTrue(src.readerAllocated < 4L * 1024 * 1024,
                "the reader must reuse its buffers, allocated " + src.readerAllocated + " bytes");
    }

    /** {@code --stdin all}: 100 MB to three real {@code cat > file} processes; every file is the input. */
    @Test
    void hundredMegabytesToAllOfThreeRealProcesses() throws Exception {
        Source src = new Source(HUNDRED_MB);
        StdinRouter router = new StdinRouter(src);
        List<Process> ps = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            Process p = Sh.start("cat > \"$F\"", Map.of("F", tmp.resolve("in." + r).toString()));
            ps.add(p);
            router.addTarget(new Proc(NS, r), p.getOutputStream());
        }
        router.start();
        router.await();
        for (Process p : ps) {
            assertTrue(p.waitFor(2, TimeUnit.MINUTES), "cat ends when its stdin is closed");
            assertEquals(0, p.exitValue());
        }
        for (int r = 0; r < 3; r++) {
            Path f = tmp.resolve("in." + r);
            assertEquals(HUNDRED_MB, Files.size(f));
            assertArrayEquals(src.digest(), sha256(f), "rank " + r + " got the input intact, once");
        }
        assertEquals(HUNDRED_MB, router.bytesRead());
    }

    /** One target exits after 1000 bytes (a broken pipe for the router); the others still get everything. */
    @Test
    void aTargetThatExitsEarlyDoesNotHurtTheOthers() throws Exception {
        long size = 20_000_000L;
        Source src = new Source(size);
        StdinRouter router = new StdinRouter(src, 16 * 1024, 4);
        Process quitter = Sh.start("head -c 1000 > /dev/null");
        router.addTarget(new Proc(NS, 0), quitter.getOutputStream());
        List<Process> ps = new ArrayList<>();
        for (int r = 1; r < 3; r++) {
            Process p = Sh.start("cat > \"$F\"", Map.of("F", tmp.resolve("in." + r).toString()));
            ps.add(p);
            router.addTarget(new Proc(NS, r), p.getOutputStream());
        }
        router.start();
        router.await();
        assertEquals(0, quitter.waitFor());
        assertTrue(router.delivered(new Proc(NS, 0)) < size, "the quitter stopped taking input");
        for (Process p : ps) {
            assertEquals(0, p.waitFor());
        }
        for (int r = 1; r < 3; r++) {
            assertArrayEquals(src.digest(), sha256(tmp.resolve("in." + r)), "rank " + r);
        }
    }

    /** When every target is gone, the launcher's stdin is no longer read. */
    @Test
    void stopsReadingWhenNoTargetIsLeft() throws Exception {
        Source src = new Source(HUNDRED_MB);
        StdinRouter router = new StdinRouter(src, 4096, 2);
        Process quitter = Sh.start("head -c 10 > /dev/null");
        router.addTarget(new Proc(NS, 0), quitter.getOutputStream());
        router.start();
        router.await();
        assertTrue(router.bytesRead() < 1_000_000, "read " + router.bytesRead());
    }

    /** {@code --stdin none}, or a rank outside the job: nothing is read at all. */
    @Test
    void withoutTargetsNothingIsRead() throws Exception {
        InputStream untouchable = new InputStream() {
            @Override
            public int read() {
                return fail("the launcher's stdin must not be read without a target");
            }
        };
        StdinRouter router = new StdinRouter(untouchable);
        router.start();
        assertTrue(router.await(1, TimeUnit.SECONDS));
        assertEquals(0, router.bytesRead());
    }

    /**
     * Backpressure: a target that does not take its input holds the reader to the pool's size (plus the
     * chunk in hand); nothing is lost when it resumes.
     */
    @Test
    void aSlowTargetHoldsTheReaderBackWithoutLoss() throws Exception {
        int chunk = 8192;
        int chunks = 3;
        long size = 5_000_000L;
        Source src = new Source(size);
        CountDownLatch resume = new CountDownLatch(1);
        HashingSink blocked = new HashingSink(false) {
            @Override
            public void write(byte[] b, int off, int len) {
                try {
                    resume.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.write(b, off, len);
            }
        };
        HashingSink fast = new HashingSink(false);
        StdinRouter router = new StdinRouter(src, chunk, chunks);
        router.addTarget(new Proc(NS, 0), blocked);
        router.addTarget(new Proc(NS, 1), fast);
        router.start();
        long bound = (long) (chunks + 1) * chunk;
        long last = -1;
        // wait until the reader stops advancing
        for (int i = 0; i < 200 && router.bytesRead() != last; i++) {
            last = router.bytesRead();
            Thread.sleep(50);
        }
        assertTrue(router.bytesRead() <= bound, "read " + router.bytesRead() + " bytes ahead of a stalled target; bound "
                + bound);
        assertTrue(fast.count <= bound);
        assertFalse(router.await(10, TimeUnit.MILLISECONDS));
        resume.countDown();
        router.await();
        assertEquals(size, blocked.count);
        assertArrayEquals(src.digest(), blocked.digest());
        assertArrayEquals(src.digest(), fast.digest());
    }

    @Test
    void targetsAreFixedOnceStarted() {
        StdinRouter router = new StdinRouter(new Source(10));
        router.addTarget(new Proc(NS, 0), new HashingSink(false));
        router.start();
        try {
            router.addTarget(new Proc(NS, 1), new HashingSink(false));
            fail("a late target would miss input");
        } catch (IllegalStateException e) {
            assertTrue(e.getMessage().contains(NS + ":1"), e.getMessage());
        }
    }

    /** OpenPMIx's rule: a terminal is read only from the foreground process group (no SIGTTIN stop). */
    @Test
    void backgroundOfATerminalIsRecognised() throws Exception {
        // pid (comm) state ppid pgrp session tty_nr tpgid ...
        assertFalse(TerminalForeground.background("123 (java) S 1 123 123 34816 123 4194304"), "foreground");
        assertTrue(TerminalForeground.background("123 (java) S 1 123 123 34816 200 4194304"), "background");
        assertFalse(TerminalForeground.background("123 (java) S 1 123 123 0 -1 4194304"), "no terminal");
        assertTrue(TerminalForeground.background("9 (a (weird) name) S 1 9 9 34816 7 0"), "a name with ')'");
        assertTrue(TerminalForeground.isTerminal("/dev/pts/3"));
        assertFalse(TerminalForeground.isTerminal("pipe:[12345]"));
        assertFalse(TerminalForeground.isTerminal("/dev/null"));
        // this JVM (surefire) has no terminal as stdin: always allowed
        assertTrue(!TerminalForeground.stdinIsTerminal() || TerminalForeground.inForeground());
        // a router told it may not read yet reads nothing, then everything once allowed
        java.util.concurrent.atomic.AtomicBoolean foreground = new java.util.concurrent.atomic.AtomicBoolean();
        Source src = new Source(100_000);
        HashingSink sink = new HashingSink(false);
        StdinRouter router = new StdinRouter(src, 4096, 2, foreground::get);
        router.addTarget(new Proc(NS, 0), sink);
        router.start();
        assertFalse(router.await(600, TimeUnit.MILLISECONDS));
        assertEquals(0, router.bytesRead());
        foreground.set(true);
        router.await();
        assertArrayEquals(src.digest(), sink.digest());
    }

    static byte[] sha256(Path f) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(f)) {
            byte[] b = new byte[1 << 16];
            int n;
            while ((n = in.read(b)) > 0) {
                md.update(b, 0, n);
            }
        }
        return md.digest();
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * The launcher's stdin: deterministic pseudo-random bytes (xorshift), hashed as they are handed out, and
     * the allocation of the thread that reads it, from its first read to end-of-file. Allocates nothing
     * itself per read.
     */
    static final class Source extends InputStream {
        private final long size;
        private final MessageDigest md = sha256();
        private long produced;
        private long state = 0x9E3779B97F4A7C15L;
        private long startAllocated = -1;
        volatile long readerAllocated = -1;

        Source(long size) {
            this.size = size;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (startAllocated < 0) {
                startAllocated = allocated();
            }
            if (produced >= size) {
                readerAllocated = allocated() - startAllocated;
                return -1;
            }
            int n = (int) Math.min(len, size - produced);
            for (int i = 0; i < n; i++) {
                state ^= state << 13;
                state ^= state >>> 7;
                state ^= state << 17;
                b[off + i] = (byte) state;
            }
            md.update(b, off, n);
            produced += n;
            return n;
        }

        private byte[] digest;

        /** The hash of everything handed out (taken once: a digest resets when read). */
        synchronized byte[] digest() {
            if (digest == null) {
                digest = md.digest();
            }
            return digest;
        }

        private static long allocated() {
            return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                    .getCurrentThreadAllocatedBytes();
        }
    }

    /** A sha256sum-like consumer: hashes and counts what it is given; optionally stalls now and then. */
    static class HashingSink extends OutputStream {
        private final MessageDigest md = sha256();
        private final boolean stall;
        private int writes;
        volatile long count;
        volatile boolean closed;

        HashingSink(boolean stall) {
            this.stall = stall;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            if (stall && ++writes % 200 == 0) {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            md.update(b, off, len);
            count += len;
        }

        @Override
        public void close() {
            closed = true;
        }

        private byte[] digest;

        synchronized byte[] digest() {
            if (digest == null) {
                digest = md.digest();
            }
            return digest;
        }
    }
}
