package org.pmix4j.runtime;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.event.LifecycleEvents;

/**
 * Counts the processes of a paused job ({@link JobPause}) that are ready for a debugger and, once all are,
 * says so: PMIX_READY_FOR_DEBUG to the tool or process that launched the job (PRRTE targets that requester
 * alone, with the job's namespace), and a line where the job's messages go, naming the pids and how to
 * release them. Only the launcher (daemon 0) counts: the other nodes' daemons send it what is ready there.
 *
 * <p>A process is ready when the launcher holds it at exec, or when it says PMIX_READY_FOR_DEBUG itself (in
 * PMIx_Init, or in the application for PMIX_DEBUG_STOP_IN_APP). A job that pauses twice (at exec, then in
 * init) is counted afresh after each release.
 */
final class DebugReadiness {
    /** How long the announcement waits for the launcher to record every process's start. */
    private static final long RECORD_WAIT_NANOS = 10_000_000_000L;
    private final JobsByNamespace jobs;
    private final Proc self;
    private final JobEvents.Raiser raiser;
    private final RuntimeMessages messages;
    private final Map<String, Set<Integer>> ready = new ConcurrentHashMap<>();

    /** @param self the runtime's own name (the source of its events) */
    DebugReadiness(JobsByNamespace jobs, Proc self, JobEvents.Raiser raiser, RuntimeMessages messages) {
        this.jobs = jobs;
        this.self = self;
        this.raiser = raiser;
        this.messages = messages;
    }

    /** {@code proc} is paused and ready for a debugger. */
    void ready(Proc proc) {
        Job job = jobs.job(proc.nspace());
        if (job == null || !job.pause().any()) {
            return;
        }
        Set<Integer> ranks = ready.computeIfAbsent(job.nspace(), k -> {
            job.ended().thenRun(() -> ready.remove(k));
            return ConcurrentHashMap.newKeySet();
        });
        boolean complete;
        synchronized (ranks) {
            if (ranks.size() >= job.size()) {
                return; // announced already for this round
            }
            ranks.add(proc.rank());
            complete = ranks.size() == job.size();
        }
        if (complete) {
            // a process of another node may say it is ready before the launcher has recorded its start (the
            // launch thread records them in rank order): announce with every pid known
            Thread.ofVirtual().name("ready-" + job.nspace()).start(() -> {
                awaitRecorded(job);
                announce(job);
            });
        }
    }

    /** The job's processes were released: a later pause is counted afresh. */
    void released(String nspace) {
        ready.remove(nspace);
    }

    private static void awaitRecorded(Job job) {
        long end = System.nanoTime() + RECORD_WAIT_NANOS;
        while (job.processes().size() < job.size() && !job.ended().isDone() && System.nanoTime() < end) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void announce(Job job) {
        if (job.parent() != null) {
            raiser.raise(PmixStatus.PMIX_READY_FOR_DEBUG, self, DataRange.CUSTOM, LifecycleEvents.to(job.parent(),
                    LifecycleEvents.readyForDebug(job.nspace(), Instant.now())));
        }
        List<String> pids = new ArrayList<>();
        // in rank order: processes are recorded as they start, which across nodes is in no rank order
        List<LaunchedProcess> byRank = new ArrayList<>(job.processes());
        byRank.sort(java.util.Comparator.comparingInt(p -> p.proc().rank()));
        for (LaunchedProcess p : byRank) {
            pids.add(p.proc().rank() + ":" + p.pid() + (p.node() == null ? "" : "@" + p.node()));
        }
        messages.aboutJob(job, "job " + job.nspace() + ": its " + job.size() + " processes are paused "
                + job.pause().where() + ", ready for a debugger (rank:pid@host " + String.join(" ", pids)
                + "); release them with: pmix4j debug release --pid " + ProcessHandle.current().pid() + " "
                + job.nspace());
    }
}
