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
    /**
     * The same by rank: processes are added as they start, which across nodes is in no rank order, and a
     * daemon's job holds only its node's.
     */
    private final java.util.Map<Integer, LaunchedProcess> byRank = new java.util.HashMap<>();
    private final java.util.Set<Integer> connectedEarly = new java.util.HashSet<>();
    private final java.util.Set<Integer> finalizedEarly = new java.util.HashSet<>();
    private final CompletableFuture<Job> ended = new CompletableFuture<>();
    private final CompletableFuture<Void> spawned = new CompletableFuture<>();
    private boolean abandoned;
    private final List<Failure> failures = new ArrayList<>();
    private Failure cancel;
    private long stoppedAt = Long.MAX_VALUE;
    /** A whole-job kill ("KILL") or terminate ("TERM") by job control, for processes added after it. */
    private String controlSignal;
    private int remaining;

    private final List<org.pmix4j.api.Info> directives;
    private final boolean launchedByTool;
    private final int session;
    private final JobPause pause;
    private volatile boolean separated;

    /**
     * @param parent         who asked for the job (a process or a tool), or {@code null} for the launcher's own
     * @param launchedByTool {@code parent} is a tool, not one of the runtime's processes
     * @param session        the session the job runs in (0: the default session)
     */
    Job(String nspace, List<AppContext> apps, JobMap placement, Proc parent, List<org.pmix4j.api.Info> directives,
            boolean launchedByTool, int session) {
        this.nspace = nspace;
        this.apps = List.copyOf(apps);
        this.placement = placement;
        this.parent = parent;
        this.directives = List.copyOf(directives);
        this.launchedByTool = parent != null && launchedByTool;
        this.session = session;
        this.separated = org.pmix4j.api.Attributes.SPAWN_CHILD_SEP.find(directives).orElse(false);
        this.pause = JobPause.of(directives);
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

    /** Where the job's processes wait for a debugger, as its request asked (checked by SpawnDirectives). */
    JobPause pause() {
        return pause;
    }

    List<AppContext> apps() {
        return apps;
    }

    JobMap placement() {
        return placement;
    }

    /** The process or tool that spawned this job, or {@code null} for a job the launcher was asked to run. */
    Proc parent() {
        return parent;
    }

    /** A tool launched the job (PMIx_Spawn from a tool: prun, a debugger, a libpmix tool). */
    boolean launchedByTool() {
        return launchedByTool;
    }

    /**
     * The channels ({@link org.pmix4j.api.IofChannel} bits) the spawn forwards to its requester, by the same
     * rule as the server: those the runtime does not print itself.
     */
    int forwardedChannels() {
        return parent == null ? 0 : org.pmix4j.api.IofChannel.forwardedBySpawn(directives, launchedByTool);
    }

    /** The session the job runs in (0: the default session). */
    int session() {
        return session;
    }

    /**
     * Whether the job ends with the job of the process that spawned it, as PRRTE ends it: unless it was
     * spawned with PMIX_SPAWN_CHILD_SEP or separated later (PMIX_JOB_CTRL_SEP). A tool's job is no child job.
     */
    boolean endsWithParentJob() {
        return parent != null && !launchedByTool && !separated;
    }

    /** PMIX_JOB_CTRL_SEP: the job no longer ends with its parent job. */
    void separate() {
        separated = true;
    }

    /** A job of debugger daemons (PMIX_DEBUGGER_DAEMONS): placed beside its target, it takes no slots. */
    boolean debuggerDaemons() {
        return DebuggerDaemons.isDaemonJob(directives);
    }

    /** PMIX_NOHUP: the job lives on when the tool that launched it goes away. */
    boolean nohup() {
        return org.pmix4j.api.Attributes.NOHUP.find(directives).orElse(false);
    }

    /**
     * Completes when every process of the job has been spawned (here, or reported by its daemon), or the
     * launch gave up on those left: what job control of the whole job waits for, so that a rank that pauses
     * its job while the last processes are still being started pauses those too.
     */
    CompletableFuture<Void> spawned() {
        return spawned;
    }

    /** Whether the launch gave up on the processes not started ({@link #abandonUnstarted}). */
    synchronized boolean abandoned() {
        return abandoned;
    }

    void add(LaunchedProcess p) {
        if (join(p)) {
            spawned.complete(null);
        }
    }

    /** Adds the process; whether it was the last to be spawned. */
    private synchronized boolean join(LaunchedProcess p) {
        procs.add(p);
        byRank.put(p.proc().rank(), p);
        if (stoppedAt != Long.MAX_VALUE) {
            // started while the job was being stopped (its session ended as it was launched): it goes too
            Thread.ofVirtual().start(() -> terminate(List.of(p)));
        }
        if (controlSignal != null) {
            // started after job control killed or terminated the whole job (its fork was under way): same end
            p.markKilledByCommand();
            String signal = controlSignal;
            Thread.ofVirtual().start(() -> {
                if (signal.equals("KILL")) {
                    LaunchedProcess.signalTrees("KILL", List.of(p));
                } else {
                    terminate(List.of(p));
                }
            });
        }
        if (connectedEarly.remove(p.proc().rank())) {
            p.markConnected();
        }
        if (finalizedEarly.remove(p.proc().rank())) {
            p.markFinalized();
        }
        return procs.size() == placement.size();
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
            abandoned = true;
        }
        spawned.complete(null);
        if (last) {
            ended.complete(this);
        }
    }

    /**
     * Job control killed ({@code "KILL"}) or terminated ({@code "TERM"}) the whole job: a process whose
     * start is still under way, not yet {@linkplain #add added}, gets the same when it is.
     */
    synchronized void controlledEnd(String signal) {
        controlSignal = signal;
    }

    synchronized List<LaunchedProcess> processes() {
        return List.copyOf(procs);
    }

    synchronized LaunchedProcess process(int rank) {
        return byRank.get(rank);
    }

    /** Completes when every process has ended (and its output is forwarded). */
    CompletableFuture<Job> ended() {
        return ended;
    }

    /** One of the processes ended (how it ended was reported to {@link #fail} first, if it failed). */
    void exited() {
        boolean last;
        synchronized (this) {
            last = --remaining == 0;
        }
        if (last) {
            ended.complete(this);
        }
    }

    /**
     * A failure: a process that exited non-zero, died of a signal or left without PMIx_Finalize, or an
     * abort.
     *
     * @param status the exit status the launcher would leave with for it
     * @param jobTerm the job's PMIX_JOB_TERM_STATUS for it
     * @param at     when it happened (System.nanoTime), which decides which failure was the first
     */
    record Failure(int status, String why, LaunchedProcess who, int jobTerm, long at) {
    }

    /**
     * Records a failure and stops the job. Which failure is the job's is decided by time, not by the order
     * in which they reach us: processes end on their own threads, and a rank that dies may be noticed after
     * the peers that exit because of it. A failure after the stop began is a consequence of it and ignored.
     */
    synchronized void fail(Failure f) {
        if (f.at() > stoppedAt) {
            return;
        }
        failures.add(f);
        beginStopping();
    }

    /** Stops the job without it being a failure of its own (the launcher was interrupted or timed out). */
    synchronized void stop(int status, String why) {
        // a job whose processes have all ended is over: a late stop (its tool leaving as it ends) changes nothing
        if (stoppedAt == Long.MAX_VALUE && !ended.isDone()) {
            cancel = new Failure(status, why, null, org.pmix4j.api.PmixStatus.PMIX_ERR_JOB_CANCELED, System.nanoTime());
            beginStopping();
        }
    }

    private void beginStopping() {
        if (stoppedAt == Long.MAX_VALUE) {
            stoppedAt = System.nanoTime();
            Thread.ofVirtual().start(this::terminateAll);
        }
    }

    synchronized boolean stopping() {
        return stoppedAt != Long.MAX_VALUE;
    }

    /** The job's first failure (by time), or the reason it was stopped, or {@code null}. */
    private Failure cause() {
        Failure first = null;
        for (Failure f : failures) {
            if (first == null || f.at() < first.at()) {
                first = f;
            }
        }
        return first != null ? first : cancel;
    }

    /** The first process failure, to be reported (a stop for a signal or a timeout is reported where it happens). */
    synchronized Failure firstFailure() {
        return failures.isEmpty() ? null : cause();
    }

    /** SIGTERM to every process still running, SIGKILL to those alive after the grace period. */
    void terminateAll() {
        terminate(processes());
    }

    private static void terminate(List<LaunchedProcess> all) {
        for (LaunchedProcess p : all) {
            if (p.isAlive()) {
                p.markStoppedByLauncher();
            }
            p.signalTree("TERM");
        }
        long deadline = System.currentTimeMillis() + TERM_GRACE_MS;
        for (LaunchedProcess p : all) {
            try {
                long left = Math.max(1, deadline - System.currentTimeMillis());
                if (!p.waitForExit(left, TimeUnit.MILLISECONDS)) {
                    p.signalTree("KILL");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** SIGKILL to every process at once. */
    void killAll() {
        LaunchedProcess.signalTrees("KILL", processes());
    }

    /** The exit status of the job: its first failure's (never 0 for a failure), or 0. */
    synchronized int exitStatus() {
        Failure f = cause();
        return f == null ? 0 : f.who() == null && f == cancel ? f.status() : f.status() == 0 ? 1 : f.status();
    }

    /** Why the job failed, or {@code null}. */
    synchronized String failure() {
        Failure f = cause();
        return f == null ? null : f.why();
    }

    /** PMIX_JOB_TERM_STATUS: PMIX_SUCCESS, or why the job was ended. */
    synchronized int termStatus() {
        Failure f = cause();
        return f == null ? org.pmix4j.api.PmixStatus.PMIX_SUCCESS : f.jobTerm();
    }

    /** The process whose failure is the job's, or {@code null}. */
    synchronized LaunchedProcess firstFailed() {
        Failure f = cause();
        return f == null ? null : f.who();
    }

    int size() {
        return placement.size();
    }
}
