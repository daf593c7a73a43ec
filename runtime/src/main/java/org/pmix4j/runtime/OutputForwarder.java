package org.pmix4j.runtime;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Copies a process's output stream to the launcher's, a whole line at a time, so that lines of
 * different processes never interleave mid-line. The last partial line of a process that dies is written
 * too. One thread per stream; the sink is shared and written under its lock.
 */
final class OutputForwarder {
    private final OutputStream sink;

    OutputForwarder(OutputStream sink) {
        this.sink = sink;
    }

    /** Starts copying {@code in}; the returned thread ends when the stream does. */
    Thread forward(InputStream in, String name) {
        Thread t = Thread.ofPlatform().daemon().name(name).start(() -> pump(in));
        return t;
    }

    private void pump(InputStream in) {
        byte[] buf = new byte[16 * 1024];
        ByteArrayOutputStream partial = new ByteArrayOutputStream();
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                int lastNewline = -1;
                for (int i = n - 1; i >= 0; i--) {
                    if (buf[i] == '\n') {
                        lastNewline = i;
                        break;
                    }
                }
                if (lastNewline < 0) {
                    partial.write(buf, 0, n);
                    continue;
                }
                write(partial, buf, lastNewline + 1);
                partial.reset();
                partial.write(buf, lastNewline + 1, n - lastNewline - 1);
            }
        } catch (IOException e) {
            // the process is gone; what we have is all there is
        }
        if (partial.size() > 0) {
            write(partial, buf, 0);
        }
    }

    private void write(ByteArrayOutputStream head, byte[] b, int len) {
        synchronized (sink) {
            try {
                head.writeTo(sink);
                sink.write(b, 0, len);
                sink.flush();
            } catch (IOException e) {
                // our own output is closed (e.g. a closed pipe); the job goes on
            }
        }
    }
}
