package org.pmix4j.runtime.iof;

import java.io.InputStream;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An input stream fed with chunks by another thread: output that arrives over the network (forwarded by a
 * PMIx server) read by the same {@link IoForwarder} pumps as a local process's pipe, so that it is formatted
 * and written exactly as {@code pmix4j run} writes it. Unbounded: the feeder is a network reader that must
 * never block; the pump drains it as fast as the terminal takes it.
 */
public final class ChunkStream extends InputStream {
    private static final byte[] END = new byte[0];

    private final LinkedBlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
    private byte[] current = new byte[0];
    private int pos;
    private boolean ended;

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
                return -1;
            }
        }
        int n = Math.min(len, current.length - pos);
        System.arraycopy(current, pos, b, off, n);
        pos += n;
        return n;
    }
}
