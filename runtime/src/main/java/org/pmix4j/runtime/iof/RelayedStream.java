package org.pmix4j.runtime.iof;

import java.io.InputStream;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A process's output as it arrives from its node's daemon, read by the launcher's forwarding as if it were
 * the process's own pipe: chunks in the order they came, then the end once an empty chunk (the daemon's end
 * of the stream) or {@link #end} came.
 */
public final class RelayedStream extends InputStream {
    private static final byte[] END = new byte[0];
    private final LinkedBlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
    private byte[] current = new byte[0];
    private int at;
    private boolean ended;

    /** A chunk from the daemon; an empty one is the end of the stream. */
    public void add(byte[] chunk) {
        chunks.add(chunk.length == 0 ? END : chunk);
    }

    /** No more will come (the node was lost). */
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
        while (at == current.length) {
            if (ended) {
                return -1;
            }
            try {
                byte[] next = chunks.take();
                if (next == END) {
                    ended = true;
                    return -1;
                }
                current = next;
                at = 0;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while waiting for relayed output");
            }
        }
        int n = Math.min(len, current.length - at);
        System.arraycopy(current, at, b, off, n);
        at += n;
        return n;
    }

    @Override
    public int available() {
        return current.length - at;
    }
}
