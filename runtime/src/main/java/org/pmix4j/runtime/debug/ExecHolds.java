package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.util.List;
import org.pmix4j.server.foreign.ForeignCalls;

/**
 * Finds the {@link ExecHold} this JVM can use, once: the java.lang.foreign one only on a JVM of feature
 * version 22 or newer (a JDK 21 never loads its class file, compiled for 22), else one that refuses with
 * the reason.
 */
final class ExecHolds {
    private static final String IMPLEMENTATION = "org.pmix4j.runtime.debug.PtraceExecHold";

    static final ExecHold AVAILABLE = find();

    private ExecHolds() {
    }

    private static ExecHold find() {
        int feature = Runtime.version().feature();
        if (!ForeignCalls.available()) {
            return new Unavailable("holding processes at exec needs a JDK 22 or newer (this is " + feature + ")");
        }
        try {
            return (ExecHold) Class.forName(IMPLEMENTATION).getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            return new Unavailable("holding processes at exec is not in this build of pmix4j"
                    + " (it was built with a JDK older than 22)");
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            Throwable why = e;
            while (why.getCause() != null) {
                why = why.getCause(); // the constructor's, its class initialisation's: the C library's reason
            }
            return new Unavailable("holding processes at exec is not possible here: "
                    + (why.getMessage() != null ? why.getMessage() : why.toString()));
        }
    }

    /** What a JVM that cannot hold processes has: every start fails with the reason. */
    record Unavailable(String reason) implements ExecHold {
        @Override
        public java.util.Optional<String> unavailable() {
            return java.util.Optional.of(reason);
        }

        @Override
        public Process start(ProcessBuilder builder, List<String> wrapper) throws IOException {
            throw new IOException(reason);
        }

        @Override
        public void release(long pid) throws IOException {
            throw new IOException(reason);
        }
    }
}
