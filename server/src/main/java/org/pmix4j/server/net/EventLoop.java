package org.pmix4j.server.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.internal.Log;

/**
 * The server's single thread: it owns every socket (an NIO selector), runs every task that touches
 * protocol state, and fires timers. Code on other threads (host upcall completions, API calls) hands work
 * to it with {@link #execute}; nothing it owns needs a lock.
 */
public final class EventLoop implements Executor, AutoCloseable {
    private static final Log LOG = Log.of(EventLoop.class);

    /** What a registered channel does when it is ready. */
    public interface ChannelHandler {
        void ready(SelectionKey key) throws IOException;
    }

    /** A pending timer; {@link #cancel} stops it if it has not fired. */
    public static final class Timer implements Comparable<Timer> {
        private final long due;
        private final long seq;
        private final Runnable task;
        private boolean cancelled;

        private Timer(long due, long seq, Runnable task) {
            this.due = due;
            this.seq = seq;
            this.task = task;
        }

        public void cancel() {
            cancelled = true;
        }

        @Override
        public int compareTo(Timer o) {
            int c = Long.compare(due, o.due);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final Selector selector;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
    private final Thread thread;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final PriorityQueue<Timer> timers = new PriorityQueue<>();
    private long timerSeq;
    private volatile boolean running = true;

    public EventLoop(String name) {
        try {
            selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
        thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * The buffer every connection of this loop reads into (only the loop reads, one socket at a time);
     * a connection keeps what it has not parsed yet elsewhere.
     */
    ByteBuffer readBuffer() {
        return readBuffer;
    }

    public boolean inLoop() {
        return Thread.currentThread() == thread;
    }

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
        if (!inLoop()) {
            selector.wakeup();
        }
    }

    /** Runs {@code task} on the loop after {@code delay}; must be called on the loop. */
    public Timer schedule(long delay, TimeUnit unit, Runnable task) {
        assert inLoop();
        Timer t = new Timer(System.nanoTime() + unit.toNanos(delay), timerSeq++, task);
        timers.add(t);
        return t;
    }

    /** Registers a channel with the selector; must be called on the loop. */
    public SelectionKey register(SelectableChannel ch, int ops, ChannelHandler handler) throws IOException {
        assert inLoop();
        ch.configureBlocking(false);
        return ch.register(selector, ops, handler);
    }

    private void run() {
        while (running) {
            try {
                long wait = nextTimerDelayMillis();
                if (!tasks.isEmpty()) {
                    selector.selectNow();
                } else if (wait < 0) {
                    selector.select();
                } else {
                    selector.select(Math.max(1, wait));
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    dispatch(key);
                }
                selector.selectedKeys().clear();
                runTasks();
                runTimers();
            } catch (ClosedSelectorException e) {
                break;
            } catch (IOException | RuntimeException | StackOverflowError | OutOfMemoryError e) {
                // one misbehaving task or channel must not stop the server: an Error that escapes here would
                // end the loop thread silently while the process lives on, serving no one
                LOG.error("event loop: unexpected error, continuing", e);
            }
        }
        runTasks();
    }

    private void dispatch(SelectionKey key) {
        if (!key.isValid()) {
            return;
        }
        try {
            ((ChannelHandler) key.attachment()).ready(key);
        } catch (IOException | RuntimeException | StackOverflowError | OutOfMemoryError e) {
            LOG.warn("channel handler failed: {}", e.toString(), e);
            key.cancel();
            try {
                key.channel().close();
            } catch (IOException ignored) {
                // it is going away anyway
            }
        }
    }

    private void runTasks() {
        Runnable r;
        while ((r = tasks.poll()) != null) {
            try {
                r.run();
            } catch (RuntimeException | AssertionError | StackOverflowError | OutOfMemoryError e) {
                LOG.error("event loop task failed", e);
            }
        }
    }

    private long nextTimerDelayMillis() {
        Timer t = timers.peek();
        while (t != null && t.cancelled) {
            timers.poll();
            t = timers.peek();
        }
        return t == null ? -1 : TimeUnit.NANOSECONDS.toMillis(Math.max(0, t.due - System.nanoTime()));
    }

    private void runTimers() {
        long now = System.nanoTime();
        while (!timers.isEmpty() && timers.peek().due <= now) {
            Timer t = timers.poll();
            if (!t.cancelled) {
                try {
                    t.task.run();
                } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                    LOG.error("timer task failed", e);
                }
            }
        }
    }

    /** Stops the loop after the tasks already queued, and closes the selector and every channel on it. */
    @Override
    public void close() {
        if (inLoop()) {
            shutdown();
            return;
        }
        execute(this::shutdown);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void shutdown() {
        running = false;
        for (SelectionKey k : selector.keys()) {
            try {
                k.channel().close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        try {
            selector.close();
        } catch (IOException ignored) {
            // nothing more to release
        }
    }
}
