package org.pmix4j.runtime;

import java.time.Instant;
import org.pmix4j.api.Proc;

/**
 * A process of a job: its name, its OS process ({@link ProcessBody}: here or on another node), what it told
 * the server, and how it ended.
 */
final class LaunchedProcess {
    private final Proc proc;
    private final ProcessBody body;
    private volatile boolean connected;
    private volatile boolean finalized;
    private volatile boolean killedByCommand;
    private volatile boolean stoppedByLauncher;
    private volatile String failure;
    private volatile int exitStatus = -1;
    private volatile long lostNanos = Long.MAX_VALUE;
    /** made as soon as the process was spawned (here, or reported by its daemon): the lifecycle events' times */
    private final Instant spawned = Instant.now();

    LaunchedProcess(Proc proc, ProcessBody body) {
        this.proc = proc;
        this.body = body;
    }

    /** When it was spawned (for a process on another node: when its daemon's report of it arrived). */
    Instant spawned() {
        return spawned;
    }

    /** The server saw its connection end before it finalized (it died or dropped out then). */
    void markConnectionLost(long nanos) {
        lostNanos = Math.min(lostNanos, nanos);
    }

    /**
     * When the process ended (System.nanoTime), waiting for the end: the earlier of the moment the server
     * lost its connection and the moment it was seen to exit. The first is what orders failures reliably:
     * the peers of a process that dies react to the server's news of it, so they always end after it.
     */
    long endNanos() {
        return Math.min(body.exitNanos(), lostNanos);
    }

    Proc proc() {
        return proc;
    }

    long pid() {
        return body.pid();
    }

    /** The node it runs on. */
    String node() {
        return body.node();
    }

    /** Whether it runs on another node, behind a daemon. */
    boolean remote() {
        return body instanceof RemoteBody;
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
        int st = body.waitFor();
        exitStatus = st;
        return st;
    }

    /** Waits at most this long for the exit; whether it has exited. */
    boolean waitForExit(long timeout, java.util.concurrent.TimeUnit unit) throws InterruptedException {
        return body.waitForExit(timeout, unit);
    }

    int exitStatus() {
        return exitStatus;
    }

    boolean isAlive() {
        return body.isAlive();
    }

    /** The kernel's word on its state, for reports. */
    String kernelState() {
        return body.kernelState();
    }

    /** Applies a signal ("TERM", "KILL", a number …) to the process and everything it started. */
    void signalTree(String signal) {
        body.signalTree(signal);
    }

    /**
     * {@link #signalTree} for many processes: those of this node in one kill(1), those of other nodes
     * through their daemons.
     */
    static void signalTrees(String signal, java.util.List<LaunchedProcess> processes) {
        java.util.List<LocalBody> local = new java.util.ArrayList<>();
        for (LaunchedProcess p : processes) {
            if (p.body instanceof LocalBody b) {
                local.add(b);
            } else if (p.isAlive()) {
                p.body.signalTree(signal);
            }
        }
        Kill.send(signal, LocalBody.treePids(local));
    }

    /** SIGKILL to what is left of the process's group (see {@link ProcessBody#killGroup}). */
    void killGroup() {
        body.killGroup();
    }

    /** {@link #killGroup} for many processes at once (one kill(1) for those of this node). */
    static void killGroups(java.util.List<LaunchedProcess> processes) {
        java.util.List<LocalBody> local = new java.util.ArrayList<>();
        for (LaunchedProcess p : processes) {
            if (p.body instanceof LocalBody b) {
                local.add(b);
            } else {
                p.body.killGroup();
            }
        }
        LocalBody.killGroups(local);
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
