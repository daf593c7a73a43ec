package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.util.List;

/**
 * Starts processes held at their first instruction after exec, for PMIX_DEBUG_STOP_ON_EXEC: each stays
 * stopped (kernel state T, /proc/PID/exe already the application) until {@link #release released}, so a
 * debugger can attach to it before it runs any of its own code.
 *
 * <p>The JDK cannot do this itself: its reaper thread waits with waitpid on every child it started, and
 * would take the ptrace stops of a child this JVM traces for its exit. So the implementation
 * ({@code PtraceExecHold}) starts such children with posix_spawn and ptrace through java.lang.foreign,
 * which is final only in JDK 22 while pmix4j is built for Java 21: it lives in a source root of its own
 * (src/main/java22), is compiled only by a JDK 22+, and is loaded here only when the running JVM is one.
 */
public interface ExecHold {

    /**
     * Starts {@code builder}'s command (its directory, environment and redirects are honoured) as the leader
     * of a new process group in this JVM's session (as {@link GroupSpawn}), behind {@code wrapper} (e.g.
     * setpriv's parent-death prefix, run before the command is exec'd), and returns once it is stopped at its
     * first instruction. Must be called from a thread that lives as long as the process is held (ptrace and the
     * parent-death signal bind to the calling thread).
     *
     * @throws IOException when it cannot start (no such program: with the shell's message) or this JVM
     *                     cannot hold processes
     */
    Process start(ProcessBuilder builder, List<String> wrapper) throws IOException;

    /**
     * Lets a held process run (SIGCONT). A process that is gone already is no error.
     *
     * <p>Ending one that is still held: SIGKILL ends it at once; a SIGTERM alone does nothing until it is
     * continued (the kernel leaves it pending on a stopped process), so the returned Process's destroy sends
     * SIGCONT after it, but {@code toHandle().destroy()} (the JDK's: SIGTERM only) does not.
     */
    void release(long pid) throws IOException;

    /**
     * Why this JVM cannot hold processes (no JDK 22+, a build without the implementation, a C library without
     * the calls), or empty when it can: a launcher refuses PMIX_DEBUG_STOP_ON_EXEC with this reason rather
     * than start a job it cannot hold.
     */
    default java.util.Optional<String> unavailable() {
        return java.util.Optional.empty();
    }

    /** The implementation this JVM can use: a working one on JDK 22+, else one whose start explains why not. */
    static ExecHold available() {
        return ExecHolds.AVAILABLE;
    }
}
