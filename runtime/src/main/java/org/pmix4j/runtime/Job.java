package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.placement.JobMap;

/**
 * One job the runtime launched: its applications, where its processes went, the processes, and how it
 * ended. The first process to fail (non-zero exit, death by signal, abort, exit without PMIx_Finalize after
 * PMIx_Init) stops the job, as PRRTE does; its status is the job's. Thread-safe: processes end on their
 * own threads, upcalls arrive on the server's.
 */
final class Job {
    /** How long processes get to exit after SIGTERM before SIGKILL. */
    static final long TERM_GRACE_MS = 2000;

    private final String nspace;
    private final List<AppContext> apps;
    private final JobMap placement;
    private final Proc parent;
    private final List<LaunchedProcess> procs = new ArrayList<>();
    private final java.util.Set<Integer> connectedEarly = new java.util.HashSet<>();
    private final java.util.Set<Integer> finalizedEarly = new java.util.HashSet<>();
    private final CompletableFuture<Job> ended = new CompletableFuture<>();
    private int remaining;
    private int exitStatus;
    private String failure;
    private LaunchedProcess firstFailed;
    private int termStatus;
    private boolean stopping;

    private final List<org.pmix4j.api.Info> directives;

    Job(String nspace, List<AppContext> apps, JobMap placement, Proc parent, List<org.pmix4j.api.Info> directives) {
        this.nspace = nspace;
        this.apps = List.copyOf(apps);
        this.placement = placement;
        this.parent = parent;
        this.directives = List.copyOf(directives);
        // the job ends when all of its processes have, not when those started so far have
        this.remaining = placement.size();
    }

    /** The directives of the request that started the job (a spawn's job info). */
    List<org.pmix4j.api.Info> directives() {
        return directives;
    }

    String nspace() {
        return nspace;
    }

    List<AppContext> apps() {
        return apps;
    }

    JobMap placement() {
        return placement;
    }

    /** The process that spawned this job, or {@code null} for a job the launcher was asked to run. */
    Proc parent() {
        return parent;
    }

    synchronized void add(LaunchedProcess p) {
        procs.add(p);
        if (connectedEarly.remove(p.proc().rank())) {
            p.markConnected();
        }
        if (finalizedEarly.remove(p.proc().rank())) {
            p.markFinalized();
        }
    }

    /**
     * A process of the job called PMIx_Init. On a loaded machine that can happen before the launcher's
     * fork returned and {@link #add} was called, so it is remembered until then: otherwise an exit without
     * PMIx_Finalize would pass for a clean one.
     */
    synchronized void clientConnected(int rank) {
        LaunchedProcess p = process(rank);
        if (p != null) {
            p.markConnected();
        } else {
            connectedEarly.add(rank);
        }
    }

    /** A process of the job called PMIx_Finalize (possibly, as for connecting, before it was added). */
    synchronized void clientFinalized(int rank) {
        LaunchedProcess p = process(rank);
        if (p != null) {
            p.markFinalized();
        } else {
            finalizedEarly.add(rank);
        }
    }

    /** The launch failed: the processes that were never started will not end either. */
    void abandonUnstarted() {
        boolean last;
        synchronized (this) {
            remaining -= placement.size() - procs.size();
            last = remaining == 0;
        }
        if (last) {
            ended.complete(this);
        }
    }

    synchronized List<LaunchedProcess> processes() {
        return List.copyOf(procs);
    }

    synchronized LaunchedProcess process(int rank) {
        return rank >= 0 && rank < procs.size() ? procs.get(rank) : null;
    }

    /** Completes when every process has ended (and its output is forwarded). */
    CompletableFuture<Job> ended() {
        return ended;
    }

    /**
     * One of the processes ended with this status; {@code how} says so in words when it failed (the caller
     * records and reports a failure first, with {@link #fail}), and {@code jobTerm} is then the job's
     * PMIX_JOB_TERM_STATUS.
     */
    void exited(LaunchedProcess p, int status, String how, int jobTerm) {
        boolean last;
        synchronized (this) {
            if (!stopping && how != null) {
                record(status, how, p, jobTerm);
            }
            last = --remaining == 0;
        }
        if (last) {
            ended.complete(this);
        }
    }

    /** Records the first failure and starts stopping the job; later ones are consequences. */
    synchronized boolean fail(int status, String why, LaunchedProcess who, int jobTerm) {
        if (stopping) {
            return false;
        }
        record(status, why, who, jobTerm);
        return true;
    }

    private void record(int status, String why, LaunchedProcess who, int jobTerm) {
        exitStatus = status == 0 ? 1 : status;
        failure = why;
        firstFailed = who;
        termStatus = jobTerm;
        stopping = true;
        Thread.ofVirtual().start(this::terminateAll);
    }

    /** Stops the job without it being a failure of its own (the launcher was interrupted). */
    synchronized void stop(int status, String why) {
        if (!stopping) {
            exitStatus = status;
            failure = why;
            termStatus = org.pmix4j.api.PmixStatus.PMIX_ERR_JOB_CANCELED;
            stopping = true;
            Thread.ofVirtual().start(this::terminateAll);
        }
    }

    synchronized boolean stopping() {
        return stopping;
    }

    /** SIGTERM to every process still running, SIGKILL to those alive after the grace period. */
    void terminateAll() {
        List<LaunchedProcess> all = processes();
        for (LaunchedProcess p : all) {
            p.signalTree(ProcessHandle::destroy);
        }
        long deadline = System.currentTimeMillis() + TERM_GRACE_MS;
        for (LaunchedProcess p : all) {
            try {
                long left = Math.max(1, deadline - System.currentTimeMillis());
                if (!p.process().waitFor(left, TimeUnit.MILLISECONDS)) {
                    p.signalTree(ProcessHandle::destroyForcibly);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** SIGKILL to every process at once. */
    void killAll() {
        for (LaunchedProcess p : processes()) {
            p.signalTree(ProcessHandle::destroyForcibly);
        }
    }

    synchronized int exitStatus() {
        return exitStatus;
    }

    /** Why the job failed, or {@code null}. */
    synchronized String failure() {
        return failure;
    }

    /** PMIX_JOB_TERM_STATUS: PMIX_SUCCESS, or why the job was ended. */
    synchronized int termStatus() {
        return termStatus;
    }

    synchronized LaunchedProcess firstFailed() {
        return firstFailed;
    }

    int size() {
        return placement.size();
    }
}
