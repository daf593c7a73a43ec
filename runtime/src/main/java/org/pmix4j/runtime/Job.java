package org.pmix4j.runtime;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Proc;

/**
 * A job {@code pmix4j run} launched: its processes, and the rules by which it ends. The first process to
 * fail (non-zero exit, signal, or abort) stops the job and decides the launcher's exit status, as PRRTE
 * does. Thread-safe: processes end on their own threads, upcalls arrive on the server's.
 */
final class Job {
    /** How long processes get to exit after SIGTERM before SIGKILL. */
    static final long TERM_GRACE_MS = 2000;

    private final String nspace;
    private final String hostname;
    private final PrintStream err;
    private final List<LaunchedProcess> procs = new ArrayList<>();
    private CountDownLatch ended;
    private int exitStatus;
    private String failure;
    private boolean stopping;

    Job(String nspace, String hostname, PrintStream err) {
        this.nspace = nspace;
        this.hostname = hostname;
        this.err = err;
    }

    String nspace() {
        return nspace;
    }

    synchronized void add(LaunchedProcess p) {
        procs.add(p);
    }

    synchronized List<LaunchedProcess> processes() {
        return List.copyOf(procs);
    }

    synchronized LaunchedProcess process(int rank) {
        return rank >= 0 && rank < procs.size() ? procs.get(rank) : null;
    }

    /** Starts watching every process; call once all are started. */
    void watch() {
        List<LaunchedProcess> all = processes();
        ended = new CountDownLatch(all.size());
        for (LaunchedProcess p : all) {
            Thread.ofVirtual().name("wait-" + p.proc()).start(() -> {
                try {
                    exited(p, p.waitFor());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    ended.countDown();
                }
            });
        }
    }

    private void exited(LaunchedProcess p, int status) {
        synchronized (this) {
            if (stopping) {
                return; // we are killing the job; its processes' ends are our doing
            }
            if (status != 0) {
                fail(status, "process rank " + p.proc().rank() + " (pid " + p.pid() + ") on node " + hostname + " "
                        + LaunchedProcess.describe(status));
            }
        }
    }

    /** A rank called abort: its status becomes the launcher's. */
    void aborted(Proc requester, int status, String message) {
        synchronized (this) {
            if (stopping) {
                return;
            }
            LaunchedProcess p = process(requester.rank());
            fail(status == 0 ? 1 : status, "process rank " + requester.rank() + (p != null ? " (pid " + p.pid() + ")" : "")
                    + " called abort with status " + status + (message == null || message.isEmpty() ? "" : ": " + message));
        }
    }

    /** Stops the job because the launcher was told to (a signal): the status is 128 + the signal. */
    void interrupted(String signal, int number) {
        synchronized (this) {
            if (stopping) {
                return;
            }
            fail(128 + number, "caught SIG" + signal + ", stopping the job");
        }
    }

    private void fail(int status, String why) {
        exitStatus = status;
        failure = why;
        stopping = true;
        err.println("pmix4j run: " + why + "; the job (" + nspace + ") was stopped.");
        err.flush();
        Thread.ofVirtual().start(this::terminateAll);
    }

    /** SIGTERM to every process still running, SIGKILL to those alive after the grace period. */
    void terminateAll() {
        List<LaunchedProcess> all = processes();
        for (LaunchedProcess p : all) {
            p.process().descendants().forEach(ProcessHandle::destroy);
            p.process().destroy();
        }
        long deadline = System.currentTimeMillis() + TERM_GRACE_MS;
        for (LaunchedProcess p : all) {
            try {
                long left = Math.max(1, deadline - System.currentTimeMillis());
                if (!p.process().waitFor(left, TimeUnit.MILLISECONDS)) {
                    killNow(p);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** SIGKILL to every process at once (a second interrupt). */
    void killAll() {
        for (LaunchedProcess p : processes()) {
            killNow(p);
        }
    }

    private static void killNow(LaunchedProcess p) {
        p.process().descendants().forEach(ProcessHandle::destroyForcibly);
        p.process().destroyForcibly();
    }

    /** Waits until every process has ended. */
    void awaitEnd() throws InterruptedException {
        ended.await();
    }

    synchronized int exitStatus() {
        return exitStatus;
    }

    synchronized String failure() {
        return failure;
    }
}
