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
        ForeignCalls.Loaded<ExecHold> ptrace = ForeignCalls.load(IMPLEMENTATION);
        return ptrace.part().orElseGet(() -> new Unavailable("holding processes at exec " + ptrace.whyNot()));
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
