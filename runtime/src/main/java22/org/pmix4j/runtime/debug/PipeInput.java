package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pmix4j.runtime.iof.OutputChunks;
import org.pmix4j.runtime.iof.WatchedOutput;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

/**
 * This JVM's read end of a child's output pipe, as the descriptor itself: read as a plain stream by whoever
 * wants to, or handed to the {@link ChildPoller} ({@link #watch}), which then reads it along with every other
 * child's and closes it at its end.
 */
final class PipeInput extends InputStream implements WatchedOutput {
    private final int fd;
    /** the descriptor is no longer this stream's: closed, or handed to the poller */
    private boolean given;

    PipeInput(int fd) {
        this.fd = fd;
    }

    @Override
    public synchronized boolean watch(OutputChunks to) {
        if (given) {
            throw new IllegalStateException("the output pipe " + fd + " is closed or watched already");
        }
        try {
            ChildPoller.shared().watchOutput(fd, to);
        } catch (IOException e) {
            return false; // no poller (no pipe for its wake-ups): the caller reads this stream itself
        }
        given = true;
        return true;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n <= 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        synchronized (this) {
            if (given) {
                throw new IOException("the output pipe is closed or watched by the child poller");
            }
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment room = a.allocate(Math.min(len, 64 * 1024));
            int n = Libc.read(fd, room, Libc.callState(a));
            if (n == 0) {
                return -1;
            }
            MemorySegment.copy(room, JAVA_BYTE, 0, b, off, n);
            return n;
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (!given) {
            given = true;
            Libc.close(fd);
        }
    }
}
