package org.pmix4j.runtime;

import java.io.OutputStream;
import java.io.PrintStream;

/** Where the launcher's own messages and its processes' output go. */
record LaunchIo(OutputForwarder stdout, OutputForwarder stderr, PrintStream err) {
    static LaunchIo of(OutputStream out, OutputStream err) {
        return new LaunchIo(new OutputForwarder(out), new OutputForwarder(err), new PrintStream(err, true));
    }
}
