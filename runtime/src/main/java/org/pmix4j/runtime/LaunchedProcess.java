package org.pmix4j.runtime;

import java.util.function.Consumer;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.iof.ProcessOutput;

/** A process of a job: its name, its OS process, what it told the server, and how it ended. */
final class LaunchedProcess {
    private final Proc proc;
    private final Process process;
    private final ProcessOutput output;
    private volatile boolean connected;
    private volatile boolean finalized;
    private volatile boolean killedByCommand;
    private volatile boolean stoppedByLauncher;
    private volatile String failure;
    private volatile int exitStatus = -1;
    private final java.util.concurrent.CompletableFuture<Long> exitTime;

    LaunchedProcess(Proc proc, Process process, ProcessOutput output) {
        this.proc = proc;
        this.process = process;
        this.output = output;
        // taken on the JDK's reaper thread as soon as the process is gone (Process.onExit would first hop
        // to a pool, which on a busy machine can reorder two ends)
        this.exitTime = process.toHandle().onExit().thenApply(x -> System.nanoTime());
    }

    private volatile long lostNanos = Long.MAX_VALUE;

    /** The server saw its connection end before it finalized (it died or dropped out then). */
    void markConnectionLost(long nanos) {
        lostNanos = Math.min(lostNanos, nanos);
    }

    /**
     * When the process ended (System.nanoTime), waiting for the end: the earlier of the moment the server
     * lost its connection and the moment the JDK saw it exit. The first is what orders failures reliably:
     * the peers of a process that dies react to the server's news of it, so they always end after it.
     */
    long endNanos() {
        // the JDK completes onExit on the common pool, where a task of its own can block behind a pipe that an
        // orphaned grandchild holds open: never wait for it, the moment waitFor returned is late but certain
        Long seen = exitTime.getNow(null);
        return Math.min(seen != null ? seen : waitedNanos, lostNanos);
    }

    private volatile long waitedNanos = Long.MAX_VALUE;

    Proc proc() {
        return proc;
    }

    Process process() {
        return process;
    }

    long pid() {
        return process.pid();
    }

    void markConnected() {
        connected = true;
    }

    void markFinalized() {
        finalized = true;
    }

    /** A job-control request killed or terminated it (its end is not a failure of the job's own). */
    void markKilledByCommand() {
        killedByCommand = true;
    }

    /** How it failed, in the launcher's words ("process rank 1 (pid 42) on node n exited with status 3"). */
    void recordFailure(String how) {
        failure = how;
    }

    /** How it failed, or {@code null} when its end was not a failure. */
    String failure() {
        return failure;
    }

    /** The launcher is stopping the job and signalled it while it was still running. */
    void markStoppedByLauncher() {
        stoppedByLauncher = true;
    }

    boolean stoppedByLauncher() {
        return stoppedByLauncher;
    }

    boolean killedByCommand() {
        return killedByCommand;
    }

    /** It called PMIx_Init (connected to the server). */
    boolean connected() {
        return connected;
    }

    boolean finalized() {
        return finalized;
    }

    /** Waits for the exit and for its output to be fully forwarded; the status as a shell reports it. */
    int waitFor() throws InterruptedException {
        int st = process.waitFor();
        waitedNanos = System.nanoTime();
        // children left behind that still hold the output open (re-parented, so no longer descendants) are
        // ended with it: the job must not wait for them, nor may they outlive it
        if (!output.await(100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
            killGroup();
            output.await(5, java.util.concurrent.TimeUnit.SECONDS);
        }
        exitStatus = st;
        return st;
    }

    int exitStatus() {
        return exitStatus;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Applies a signal to the process and everything it started. */
    void signalTree(Consumer<ProcessHandle> signal) {
        process.descendants().forEach(signal);
        signal.accept(process.toHandle());
    }

    /**
     * SIGKILL to what is left of the process's group (it was started as a group leader): the children it
     * left behind when it ended, which are no longer its descendants once re-parented.
     */
    void killGroup() {
        killGroups(java.util.List.of(this));
    }

    /** {@link #killGroup} for many processes at once (one kill(1)); their groups need no watching after. */
    static void killGroups(java.util.List<LaunchedProcess> processes) {
        Kill.send("KILL", processes.stream().map(p -> -p.process.pid()).toList());
        ProcessStarter.shared().groupsEnded(processes.stream().map(p -> p.process.pid()).toList());
    }

    /** How a shell would describe the end: the exit status, or the signal for statuses above 128. */
    static String describe(int status) {
        if (status > 128 && status < 128 + 65) {
            return "was killed by signal " + (status - 128) + " (" + signalName(status - 128) + ")";
        }
        return "exited with status " + status;
    }

    static String signalName(int sig) {
        return switch (sig) {
            case 1 -> "SIGHUP";
            case 2 -> "SIGINT";
            case 3 -> "SIGQUIT";
            case 4 -> "SIGILL";
            case 6 -> "SIGABRT";
            case 7 -> "SIGBUS";
            case 8 -> "SIGFPE";
            case 5 -> "SIGTRAP";
            case 9 -> "SIGKILL";
            case 10 -> "SIGUSR1";
            case 11 -> "SIGSEGV";
            case 12 -> "SIGUSR2";
            case 13 -> "SIGPIPE";
            case 14 -> "SIGALRM";
            case 15 -> "SIGTERM";
            case 16 -> "SIGSTKFLT";
            case 17 -> "SIGCHLD";
            case 18 -> "SIGCONT";
            case 19 -> "SIGSTOP";
            case 20 -> "SIGTSTP";
            case 21 -> "SIGTTIN";
            case 22 -> "SIGTTOU";
            case 23 -> "SIGURG";
            case 24 -> "SIGXCPU";
            case 25 -> "SIGXFSZ";
            case 26 -> "SIGVTALRM";
            case 27 -> "SIGPROF";
            case 28 -> "SIGWINCH";
            case 29 -> "SIGIO";
            case 30 -> "SIGPWR";
            case 31 -> "SIGSYS";
            // the real-time signals, named as kill -l names them
            default -> sig >= 34 && sig <= 64 ? "SIGRTMIN+" + (sig - 34) : "an unnamed signal";
        };
    }
}
