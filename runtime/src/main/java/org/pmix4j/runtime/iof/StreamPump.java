package org.pmix4j.runtime.iof;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import org.pmix4j.api.Proc;

/**
 * Reads one output stream of one process until it ends and writes it, a batch of whole lines at a time,
 * to its sinks. Memory is bounded: one read buffer (small until the stream needs more), the current
 * unfinished line (cut into pieces beyond {@link #MAX_LINE}) and the formatted batch.
 *
 * <p>A line longer than {@link #MAX_LINE} is written in pieces as it comes: plain output continues the line
 * seamlessly (unless another process writes in between, see {@link Sink}); tagged output ends each piece
 * with a newline so that the next piece gets its own tag; XML makes each piece an element. The last
 * unfinished line of a stream is written, without adding a newline, when the stream ends (OpenPMIx's
 * {@code flush_residual} does the same; PRRTE itself only prints it when the server finalizes).
 */
final class StreamPump implements Runnable, OutputChunks {
    static final int CHUNK = 64 * 1024;
    /**
     * The first read buffer. Most processes write little, and a launcher holds a pump per stream of every
     * process (two 64 KB buffers each made 128 MB of heap at 1,024 processes, most of the launcher's peak
     * memory); a stream that fills its buffer in one read gets a larger one, up to {@link #CHUNK}.
     */
    static final int FIRST_READ = 2 * 1024;
    static final int MAX_LINE = 1024 * 1024;

    private final Proc proc;
    private final OutputChannel channel;
    private final InputStream in;
    private final OutputFormatter format;
    private final boolean raw;
    private final List<Sink> sinks;
    private final Sink terminal;
    private final OutputTakers takers;
    private final List<OutputListener> listeners;
    private final Runnable done;
    private final ByteBuf line = new ByteBuf(256);
    private final ByteBuf batch;
    /**
     * The terminal when a tool took the chunk being written away from it, else null: decided once per read,
     * before the chunk is offered to the tools. Deciding at the write instead let a tool that got the chunk
     * and deregistered at once (while this thread waited for a core) find its output printed as well.
     */
    private Sink skipped;

    /**
     * @param terminal the one of {@code sinks} that is the launcher's stdout or stderr (null if none): it is
     *                 skipped for whatever a tool takes ({@link OutputTakers}) when it is read
     */
    StreamPump(Proc proc, OutputChannel channel, InputStream in, OutputFormatter format, boolean raw, List<Sink> sinks,
            Sink terminal, OutputTakers takers, List<OutputListener> listeners, Runnable done) {
        this.proc = proc;
        this.channel = channel;
        this.in = in;
        this.format = format;
        this.raw = raw;
        this.sinks = sinks;
        this.terminal = terminal;
        this.takers = takers;
        this.listeners = listeners;
        this.done = done;
        this.batch = format.plain() ? null : new ByteBuf(FIRST_READ + 1024); // grows with the reads
    }

    /**
     * Starts reading the stream: by the reader shared by all the launcher's processes when the stream can be
     * watched ({@link WatchedOutput}: a child started with posix_spawn), else on a thread of its own.
     */
    void start() {
        if (!(in instanceof WatchedOutput w && w.watch(this))) {
            Thread.ofPlatform().daemon().name("iof-" + this).stackSize(256 * 1024).start(this);
        }
    }

    /** Reads the stream to its end on the calling thread. */
    @Override
    public void run() {
        byte[] buf = new byte[FIRST_READ];
        try (in) {
            int n;
            while (awaitUnpaused() && (n = in.read(buf)) >= 0) {
                if (n > 0) {
                    chunk(buf, n);
                }
                if (n == buf.length && buf.length < CHUNK) {
                    buf = new byte[Math.min(CHUNK, buf.length * 4)]; // nothing keeps the old one: sinks copy
                }
            }
        } catch (IOException e) {
            // the pipe broke: the process is gone, and what was read is all there is
        } finally {
            end();
        }
    }

    @Override
    public boolean paused() {
        for (OutputListener l : listeners) {
            try {
                if (l.holds(proc)) {
                    return true;
                }
            } catch (RuntimeException e) {
                // a listener's failure is not the output's: read on
            }
        }
        return false;
    }

    /** Waits while the stream is {@link #paused}; false when interrupted (the pump stops reading). */
    private boolean awaitUnpaused() {
        while (paused()) {
            try {
                Thread.sleep(PAUSE_CHECK_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    @Override
    public void chunk(byte[] buf, int n) {
        skipped = redirected();
        offer(buf, n);
        take(buf, n);
    }

    /** The stream ended: its unfinished last line is written, the listeners told. */
    @Override
    public void end() {
        try {
            if (!line.isEmpty()) {
                skipped = redirected();
                fragment(false);
            }
            for (OutputListener l : listeners) {
                try {
                    l.closed(proc, channel.pmixChannel());
                } catch (RuntimeException e) {
                    // a listener's failure is not the output's
                }
            }
        } finally {
            done.run();
        }
    }

    private void take(byte[] buf, int n) {
        if (raw) {
            if (format.plain()) {
                emit(false, buf, 0, n);
            } else {
                batch.reset();
                format.append(batch, buf, 0, n);
                emitBatch(false);
            }
            return;
        }
        int last = n - 1;
        while (last >= 0 && buf[last] != '\n') {
            last--;
        }
        if (last < 0) {
            line.add(buf, 0, n);
            if (line.size() >= MAX_LINE) {
                fragment(true);
            }
            return;
        }
        int end = last + 1;
        if (format.plain()) {
            for (Sink s : sinks) {
                if (s != skipped) {
                    s.write(this, true, line.array(), 0, line.size(), buf, 0, end);
                }
            }
        } else {
            batch.reset();
            int start = 0;
            if (!line.isEmpty()) {
                int nl = indexOf(buf, 0, end);
                line.add(buf, 0, nl + 1);
                format.append(batch, line.array(), 0, line.size());
                start = nl + 1;
            }
            while (start < end) {
                int nl = indexOf(buf, start, end);
                format.append(batch, buf, start, nl + 1 - start);
                start = nl + 1;
            }
            emitBatch(true);
            batch.trim(4 * CHUNK);
        }
        line.reset();
        line.add(buf, end, n - end);
        line.trim(CHUNK);
    }

    /** Writes the unfinished line: a piece of an over-long line, or the last bytes of the stream. */
    private void fragment(boolean cut) {
        if (format.plain()) {
            emit(true, line.array(), 0, line.size());
        } else {
            batch.reset();
            format.append(batch, line.array(), 0, line.size());
            if (cut && !format.xml()) {
                batch.add('\n');
            }
            emitBatch(true);
            batch.trim(4 * CHUNK);
        }
        line.reset();
        line.trim(CHUNK);
    }

    private void emitBatch(boolean separate) {
        emit(separate, batch.array(), 0, batch.size());
    }

    private void emit(boolean separate, byte[] b, int off, int len) {
        for (Sink s : sinks) {
            if (s != skipped) {
                s.write(this, separate, b, off, len);
            }
        }
    }

    /** The terminal when a tool takes this stream's output away from it now, else null. */
    private Sink redirected() {
        return terminal != null && takers.taken(proc, channel.pmixChannel()) ? terminal : null;
    }

    private void offer(byte[] buf, int n) {
        for (OutputListener l : listeners) {
            try {
                l.output(proc, channel.pmixChannel(), Arrays.copyOf(buf, n));
            } catch (RuntimeException e) {
                // a listener's failure is not the output's
            }
        }
    }

    private static int indexOf(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        return channel.label() + " of " + proc;
    }
}
