package org.pmix4j.runtime.iof;

import java.io.InputStream;
import org.pmix4j.api.Proc;

/**
 * Where a started process's stdout and stderr go: formatted and written by the launcher's
 * {@link IoForwarder}, or, on a daemon's node, relayed raw to the launcher ({@link OutputRelay}) to be
 * formatted there.
 */
public interface OutputForwarding {
    /**
     * Forwards a process's output (see {@link IoForwarder#attach(Proc, long, int, OutputOptions, int,
     * InputStream, InputStream)} for the parameters); the result tells when all of it has gone.
     */
    ProcessOutput attach(Proc proc, long pid, int jobSize, OutputOptions jobOptions, int printed, InputStream out,
            InputStream err);
}
