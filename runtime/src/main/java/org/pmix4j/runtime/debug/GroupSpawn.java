package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Starts a process as the leader of a new process group straight with posix_spawn (java.lang.foreign, JDK
 * 22+), without the JDK's helper program (jspawnhelper) and without the {@code setsid} program: the JDK's
 * {@code ProcessBuilder.start} execs jspawnhelper, which execs the command, and waits for all of it, and a
 * group of its own needs setsid's exec on top; here the caller waits for one exec, that of the command (or of
 * its wrapper). At 64 processes started while the first ones already run, each of those steps waits for the
 * CPU: the start of a process took 33 ms on average where its own work is 1–3 ms.
 *
 * <p>A group, not a session, as PRRTE's and Open MPI's launchers do (setpgid): a signal for the job reaches
 * what the process starts in its group, and a signal for the launcher's group does not reach the job twice.
 * A session of its own would do the same and more, at a cost: with the kernel's automatic scheduling groups
 * (autogroup, on in Debian's kernels), each session is a group that gets as much CPU as all the launcher's
 * threads together. At 64 busy-waiting MPI ranks on 2 cores the runtime then got 1/65 of the machine for its
 * server, starter and compiler threads, where under mpirun the ranks share mpirun's group with it.
 *
 * <p>It lives beside the holding at exec ({@link ExecHold}) because it shares its C calls (and their JDK 22
 * source root). The returned {@link Process} behaves as the JDK's (streams, exit value, destroy, handle).
 */
public interface GroupSpawn {

    /**
     * Starts {@code builder}'s command (directory, environment, redirects honoured) as the leader of a new
     * process group in this JVM's session, behind {@code wrapper} (e.g. setpriv's parent-death prefix). The first
     * element of {@code wrapper}, or else of the command, must be an absolute path. The parent-death signal
     * binds to the calling thread, as with the JDK's start.
     */
    Process start(ProcessBuilder builder, List<String> wrapper) throws IOException;

    /**
     * Makes ready what a start needs (the downcalls of posix_spawn and of watching the process), so that the
     * first job's start does not pay for it: called by the thread that will start processes while it has
     * nothing else to do. A start without it is as good, only slower.
     */
    default void prepare() {
    }

    /** The implementation this JVM can use, or empty (a JDK older than 22, a build without it, no such C calls). */
    static Optional<GroupSpawn> available() {
        return Optional.ofNullable(Java22Parts.Spawn.AVAILABLE);
    }
}
