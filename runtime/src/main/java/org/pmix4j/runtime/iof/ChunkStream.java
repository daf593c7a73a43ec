package org.pmix4j.runtime.iof;

import java.io.InputStream;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An input stream fed with chunks by another thread: output that arrives over the network (forwarded by a
 * PMIx server, relayed by another node's daemon) read by the same {@link IoForwarder} pumps as a local
 * process's pipe, so that it is formatted and written exactly as {@code pmix4j run} writes it. The feeder is a
 * network reader that must never block, so the queue itself has no bound; a sender that waits for credit
 * ({@link OutputRelay}) is told, through {@code taken}, what the pump has taken off the queue, in steps of at
 * least {@link #TAKEN_STEP} bytes or whenever the queue runs empty, so that it never waits for credit that a
 * caught-up reader holds back.
 */
public final class ChunkStream extends InputStream {
    private static final byte[] END = new byte[0];
    /** Credit is given back in steps of this much at least (or when the queue is empty). */
    public static final int TAKEN_STEP = 32 * 1024;

    /** Told how many bytes the reader took off the queue. */
    public interface Taken {
        void bytes(long n);
    }

    private final LinkedBlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
    private final Taken taken;
    /** Taken off the queue but not yet told to {@link #taken}. */
    private long untold;
    private byte[] current = new byte[0];
    private int pos;
    private boolean ended;

    /** A stream whose feeder sends as it pleases. */
    public ChunkStream() {
        this(n -> { });
    }

    /** A stream whose feeder waits for credit: {@code taken} gives it back (on the reader's thread). */
    public ChunkStream(Taken taken) {
        this.taken = taken;
    }

    /** Adds a chunk (copied by the caller if it is reused); empty chunks are ignored. */
    public void feed(byte[] chunk) {
        if (chunk.length > 0) {
            chunks.add(chunk);
        }
    }

    /** The stream ends after what was fed so far. */
    public void end() {
        chunks.add(END);
    }

    @Override
    public int read() throws java.io.IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws java.io.IOException {
        if (len == 0) {
            return 0;
        }
        if (pos == current.length) {
            if (ended) {
                return -1;
            }
            try {
                current = chunks.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while waiting for forwarded output");
            }
            pos = 0;
            if (current == END) {
                ended = true;
                if (untold > 0) {
                    taken.bytes(untold); // all of it: the credit is the sender's to count, to its end
                    untold = 0;
                }
                return -1;
            }
            untold += current.length;
            if (untold >= TAKEN_STEP || chunks.isEmpty()) {
                taken.bytes(untold);
                untold = 0;
            }
        }
        int n = Math.min(len, current.length - pos);
        System.arraycopy(current, pos, b, off, n);
        pos += n;
        return n;
    }
}
