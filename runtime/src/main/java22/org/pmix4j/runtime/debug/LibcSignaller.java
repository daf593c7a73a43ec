package org.pmix4j.runtime.debug;

import java.io.IOException;

/** {@link Signaller} with the C library's kill. */
public final class LibcSignaller implements Signaller {

    /** Finds the C calls now, so that a C library without them makes this implementation unavailable. */
    public LibcSignaller() {
        Libc.requireFunctions();
    }

    @Override
    public void kill(long pid, int signal) throws IOException {
        Libc.kill(pid, signal);
    }
}
