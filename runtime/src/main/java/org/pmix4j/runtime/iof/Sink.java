package org.pmix4j.runtime.iof;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A destination shared by several streams (the launcher's stdout, or an output file that merged or
 * patterned output sends several streams to). Each write is one or more whole lines of one stream and is
 * made under the sink's lock, so lines of different processes never mix.
 *
 * <p>A stream's last line may lack its newline (a process that died mid-line, or a line too long to hold).
 * If another stream then writes, a newline is put in first, so that its line does not continue someone
 * else's; the stream that wrote the fragment itself continues it seamlessly. Raw output (no line
 * buffering asked for) is never separated. A sink whose writes fail (a closed pipe, a full disk) drops
 * further output, and the streams go on being drained.
 */
class Sink {
    private final Object lock = new Object();
    private OutputStream out;
    private Object owner;
    private boolean atLineStart = true;
    private boolean failed;

    Sink(OutputStream out) {
        this.out = out;
    }

    /** Writes {@code a} then {@code b} (either may be empty) as one unit from {@code source}. */
    final void write(Object source, boolean separate, byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen) {
        if (aLen + bLen == 0) {
            return;
        }
        synchronized (lock) {
            if (failed) {
                return;
            }
            try {
                if (out == null) {
                    out = open();
                }
                if (separate && !atLineStart && owner != source) {
                    out.write('\n');
                }
                if (aLen > 0) {
                    out.write(a, aOff, aLen);
                }
                if (bLen > 0) {
                    out.write(b, bOff, bLen);
                }
                out.flush();
                atLineStart = bLen > 0 ? b[bOff + bLen - 1] == '\n' : a[aOff + aLen - 1] == '\n';
                owner = source;
            } catch (IOException | RuntimeException e) {
                failed = true;
                failed(e);
            }
        }
    }

    final void write(Object source, boolean separate, byte[] b, int off, int len) {
        write(source, separate, b, off, 0, b, off, len);
    }

    /** Closes the underlying stream if this sink opened it; a later write reopens it (see {@link FileSink}). */
    final void close() {
        synchronized (lock) {
            if (out != null && ownsStream()) {
                try {
                    out.close();
                } catch (IOException e) {
                    if (!failed) {
                        failed = true;
                        failed(e);
                    }
                }
                out = null;
            } else if (out != null) {
                try {
                    out.flush();
                } catch (IOException e) {
                    // the launcher's own stream: nothing more to do with it
                }
            }
        }
    }

    /** Opens the destination on first use; only file sinks have none to begin with. */
    OutputStream open() throws IOException {
        throw new IOException("no destination");
    }

    boolean ownsStream() {
        return false;
    }

    /** A write failed; the sink drops everything from now on. Called under the lock. */
    void failed(Exception e) {
    }
}
