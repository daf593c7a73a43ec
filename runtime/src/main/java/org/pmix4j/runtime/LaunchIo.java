package org.pmix4j.runtime;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Where the launcher's own messages and its processes' output go. Writers to {@code outStream} lock it, as
 * the forwarders do, so that whole lines never interleave.
 */
record LaunchIo(OutputForwarder stdout, OutputForwarder stderr, OutputStream outStream, PrintStream err) {
    static LaunchIo of(OutputStream out, OutputStream err) {
        PrintStream errPrint = new PrintStream(err, true);
        // the launcher's messages and the processes' stderr share one lock: the PrintStream
        return new LaunchIo(new OutputForwarder(out), new OutputForwarder(errPrint), out, errPrint);
    }
}
