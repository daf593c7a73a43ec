package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.util.Optional;

/**
 * Sends a signal with kill(2) itself (java.lang.foreign, JDK 22+): the JDK can only terminate and kill one
 * process, so otherwise a process group's SIGKILL at every job's end, and every forwarded SIGUSR1, runs the
 * kill program, a fork and an exec found on the PATH (~30 ms of a launcher's run of a short job).
 */
public interface Signaller {

    /** kill({@code pid}, {@code signal}); a negative pid names a process group. */
    void kill(long pid, int signal) throws IOException;

    /** The implementation this JVM can use, or empty (a JDK older than 22, a build without it, no such C call). */
    static Optional<Signaller> available() {
        return Optional.ofNullable(Java22Parts.Signals.AVAILABLE);
    }
}
