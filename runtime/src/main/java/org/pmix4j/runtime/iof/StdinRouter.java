package org.pmix4j.runtime.iof;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.pmix4j.api.Proc;

/**
 * Copies the launcher's stdin to the stdin of the target processes ({@link StdinTarget}): every target
 * gets every byte, once, in order, then end-of-file when the launcher's stdin ends.
 *
 * <p>Memory is bounded by design: a fixed pool of {@code chunks} buffers of {@code chunkSize} bytes,
 * allocated once, is shared by all targets. One reader thread fills a free buffer from the source and hands
 * it to every live target's writer thread; the buffer returns to the pool when the last of them has written
 * it. When no buffer is free the reader waits, so a slow target slows the reading of the launcher's stdin
 * (backpressure) instead of making it buffer: with {@code all}, targets may drift apart by up to
 * {@code chunks} buffers, then the fastest waits for the slowest, as {@code tee} does. A target that
 * goes away (its process exited or closed its stdin: a broken pipe) is dropped and the others go on; when
 * none is left the launcher's stdin is no longer read.
 *
 * <p>Use: create it, {@link #addTarget} the stdin ({@code process.getOutputStream()}) of every target
 * process of the job, {@link #start}. With no target it reads nothing, so the launcher's terminal input is
 * left alone.
 */
public final class StdinRouter implements AutoCloseable {
    public static final int DEFAULT_CHUNK_SIZE = 64 * 1024;
    public static final int DEFAULT_CHUNKS = 4;

    private static final Chunk END = new Chunk(0);

    private final InputStream source;
    private final BooleanSupplier mayRead;
    private final int chunkSize;
    private final int chunks;
    private final BlockingQueue<Chunk> free;
    private final List<Target> targets = new ArrayList<>();
    private final AtomicLong bytesRead = new AtomicLong();
    private volatile boolean stopping;
    private CountDownLatch finished = new CountDownLatch(0);
    private boolean started;
    private Thread reader;

    public StdinRouter(InputStream source) {
        this(source, DEFAULT_CHUNK_SIZE, DEFAULT_CHUNKS);
    }

    /**
     * A router for this process's own stdin (file descriptor 0). As OpenPMIx does, it does not read a
     * terminal while the launcher is in the background (which would stop the launcher with SIGTTIN), and
     * starts reading once it is brought to the foreground.
     */
    public static StdinRouter ofLauncherStdin() {
        return new StdinRouter(new FileInputStream(FileDescriptor.in), DEFAULT_CHUNK_SIZE, DEFAULT_CHUNKS,
                TerminalForeground.stdinIsTerminal() ? TerminalForeground::inForeground : () -> true);
    }

    /**
     * @param source    the launcher's stdin
     * @param chunkSize bytes per buffer
     * @param chunks    buffers in the pool: the most the router holds is {@code chunks * chunkSize} bytes
     */
    public StdinRouter(InputStream source, int chunkSize, int chunks) {
        this(source, chunkSize, chunks, () -> true);
    }

    StdinRouter(InputStream source, int chunkSize, int chunks, BooleanSupplier mayRead) {
        this.source = Objects.requireNonNull(source, "source");
        this.mayRead = mayRead;
        if (chunkSize < 1 || chunks < 1) {
            throw new IllegalArgumentException("chunk size and count must be positive: " + chunkSize + ", " + chunks);
        }
        this.chunkSize = chunkSize;
        this.chunks = chunks;
        this.free = new ArrayBlockingQueue<>(chunks);
        for (int i = 0; i < chunks; i++) {
            free.add(new Chunk(chunkSize));
        }
    }

    /** Adds a process whose stdin receives the launcher's; before {@link #start} only. */
    public synchronized void addTarget(Proc proc, OutputStream stdin) {
        if (started) {
            throw new IllegalStateException("stdin targets must be added before the router starts; " + proc
                    + " would miss what was already sent");
        }
        targets.add(new Target(proc, Objects.requireNonNull(stdin, "stdin"), chunks));
    }

    /** Starts reading the source, unless there is no target. */
    public synchronized void start() {
        if (started) {
            return;
        }
        started = true;
        if (targets.isEmpty()) {
            return;
        }
        finished = new CountDownLatch(targets.size() + 1);
        for (Target t : targets) {
            Thread.ofPlatform().daemon().name("stdin-to-" + t.proc).stackSize(256 * 1024).start(() -> write(t));
        }
        reader = Thread.ofPlatform().daemon().name("stdin-reader").stackSize(256 * 1024).start(this::read);
    }

    /** Waits until the source ended (or no target was left) and every target got everything and EOF. */
    public void await() throws InterruptedException {
        latch().await();
    }

    /** Waits at most this long; {@code false} if still delivering. */
    public boolean await(long timeout, TimeUnit unit) throws InterruptedException {
        return latch().await(timeout, unit);
    }

    /** Bytes read from the source so far. */
    public long bytesRead() {
        return bytesRead.get();
    }

    /** Bytes written to a target so far (0 for a process that is not a target). */
    public synchronized long delivered(Proc proc) {
        for (Target t : targets) {
            if (t.proc.equals(proc)) {
                return t.delivered.get();
            }
        }
        return 0;
    }

    /**
     * Stops: reads no more and closes the targets' stdin. A read of the source that is under way cannot
     * be interrupted (the reader is a daemon thread and does not keep the JVM alive).
     */
    @Override
    public void close() {
        stopping = true;
        Thread r;
        List<Target> all;
        synchronized (this) {
            r = reader;
            all = List.copyOf(targets);
        }
        if (r != null) {
            r.interrupt();
        }
        for (Target t : all) {
            t.dead = true;
            closeQuietly(t.stdin);
        }
    }

    synchronized Thread readerThread() {
        return reader;
    }

    private synchronized CountDownLatch latch() {
        return finished;
    }

    private void read() {
        Target[] ts;
        synchronized (this) {
            ts = targets.toArray(new Target[0]);
        }
        boolean[] live = new boolean[ts.length];
        try {
            while (!stopping) {
                Chunk c = free.take();
                while (!mayRead.getAsBoolean() && !stopping) {
                    Thread.sleep(250); // in the background of a terminal: wait to be brought forward
                }
                int n;
                try {
                    n = source.read(c.data, 0, chunkSize);
                } catch (IOException e) {
                    n = -1; // the launcher's stdin failed: for the targets, that is its end
                }
                if (n < 0 || stopping) {
                    free.add(c);
                    break;
                }
                if (n == 0) {
                    free.add(c);
                    continue;
                }
                bytesRead.addAndGet(n);
                c.length = n;
                int count = 0;
                for (int i = 0; i < ts.length; i++) {
                    live[i] = !ts[i].dead;
                    if (live[i]) {
                        count++;
                    }
                }
                if (count == 0) {
                    free.add(c);
                    break; // nobody reads any more: leave the rest of the launcher's stdin unread
                }
                c.pending.set(count);
                for (int i = 0; i < ts.length; i++) {
                    if (live[i]) {
                        ts[i].queue.add(c); // never full: a queue holds at most every chunk plus END
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            for (Target t : ts) {
                t.queue.add(END);
            }
            finished.countDown();
        }
    }

    private void write(Target t) {
        try {
            while (true) {
                Chunk c = t.queue.take();
                if (c == END) {
                    break;
                }
                if (!t.dead) {
                    try {
                        t.stdin.write(c.data, 0, c.length);
                        t.stdin.flush();
                        t.delivered.addAndGet(c.length);
                    } catch (IOException e) {
                        // the process exited or closed its stdin: it wants no more, the others still do
                        t.dead = true;
                        closeQuietly(t.stdin);
                    }
                }
                if (c.pending.decrementAndGet() == 0) {
                    free.add(c);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeQuietly(t.stdin); // end-of-file for the process
            finished.countDown();
        }
    }

    private static void closeQuietly(OutputStream os) {
        try {
            os.close();
        } catch (IOException e) {
            // already gone
        }
    }

    private static final class Chunk {
        final byte[] data;
        final AtomicInteger pending = new AtomicInteger();
        int length;

        Chunk(int size) {
            data = new byte[size];
        }
    }

    private static final class Target {
        final Proc proc;
        final OutputStream stdin;
        final BlockingQueue<Chunk> queue;
        final AtomicLong delivered = new AtomicLong();
        volatile boolean dead;

        Target(Proc proc, OutputStream stdin, int capacity) {
            this.proc = proc;
            this.stdin = stdin;
            this.queue = new ArrayBlockingQueue<>(capacity + 1);
        }
    }
}
