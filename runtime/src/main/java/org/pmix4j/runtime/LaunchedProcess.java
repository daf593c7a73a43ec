package org.pmix4j.runtime;

import java.util.function.Consumer;
import org.pmix4j.api.Proc;

/** A process of a job: its name, its OS process, what it told the server, and how it ended. */
final class LaunchedProcess {
    private final Proc proc;
    private final Process process;
    private final Thread stdout;
    private final Thread stderr;
    private volatile boolean connected;
    private volatile boolean finalized;
    private volatile int exitStatus = -1;

    LaunchedProcess(Proc proc, Process process, Thread stdout, Thread stderr) {
        this.proc = proc;
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

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
        stdout.join();
        stderr.join();
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
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 13 -> "SIGPIPE";
            case 14 -> "SIGALRM";
            case 15 -> "SIGTERM";
            default -> "signal " + sig;
        };
    }
}
