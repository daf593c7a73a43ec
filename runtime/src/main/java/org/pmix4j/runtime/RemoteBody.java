package org.pmix4j.runtime;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.iof.ProcessOutput;

/**
 * A process a daemon started on another node, as the launcher sees it: its end comes in the daemon's
 * report, its output through the launcher's own forwarding (relayed by the daemon), and signals go to it
 * through the daemon.
 */
final class RemoteBody implements ProcessBody {
    /** Sends a signal to processes on a daemon's node (to each one's tree, or to its process group). */
    interface Signaller {
        void signal(int daemon, Proc proc, String signal, boolean group);
    }

    private final Proc proc;
    private final long pid;
    private final int daemon;
    private final String node;
    private final Signaller signaller;
    private final ProcessOutput output;
    private final CompletableFuture<Integer> status = new CompletableFuture<>();
    private volatile long exitNanos = Long.MAX_VALUE;

    /**
     * @param daemon the daemon whose node runs it
     * @param output the forwarding of its relayed output here
     */
    RemoteBody(Proc proc, long pid, int daemon, String node, Signaller signaller, ProcessOutput output) {
        this.proc = proc;
        this.pid = pid;
        this.daemon = daemon;
        this.node = node;
        this.signaller = signaller;
        this.output = output;
    }

    /** Its daemon reported its end ({@code status} as a shell reports it). */
    void ended(int shellStatus) {
        exitNanos = Math.min(exitNanos, System.nanoTime());
        status.complete(shellStatus);
    }

    int daemon() {
        return daemon;
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public String node() {
        return node;
    }

    @Override
    public boolean isAlive() {
        return !status.isDone();
    }

    @Override
    public int waitFor() throws InterruptedException {
        int st;
        try {
            st = status.get();
        } catch (ExecutionException e) {
            st = 1;
        }
        // the daemon sent all of the output before the end; what is left is being written here
        output.await(5, TimeUnit.SECONDS);
        return st;
    }

    @Override
    public boolean waitForExit(long timeout, TimeUnit unit) throws InterruptedException {
        try {
            status.get(timeout, unit);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true;
        }
    }

    @Override
    public long exitNanos() {
        return exitNanos;
    }

    @Override
    public void signalTree(String signal) {
        if (isAlive()) {
            signaller.signal(daemon, proc, signal, false);
        }
    }

    @Override
    public void killGroup() {
        signaller.signal(daemon, proc, "KILL", true);
    }

    @Override
    public String kernelState() {
        return isAlive() ? "running on " + node : "ended";
    }
}
