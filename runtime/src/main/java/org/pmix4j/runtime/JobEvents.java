package org.pmix4j.runtime;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.event.LifecycleEvents;

/**
 * The job lifecycle events the runtime raises, as the Standard's tools chapter defines them:
 * <ul>
 * <li>the end of every job (PMIX_EVENT_JOB_END with PMIX_JOB_TERM_STATUS, and the first failed process and
 * its exit code), to the whole session and cached, so that a handler registered just after a short-lived
 * job ended still learns of it, and a spawning parent is told of its child's end;</li>
 * <li>the end of every process (PMIX_EVENT_PROC_TERMINATED, or PMIX_ERR_PROC_ABORTED_BY_SIG /
 * PMIX_ERR_PROC_TERM_WO_SYNC for abnormal ends), marked non-default so that only handlers registered for
 * them (not Open MPI's default error handler) receive them;</li>
 * <li>PMIX_EVENT_JOB_START and PMIX_LAUNCH_COMPLETE when the request that started the job asked for job
 * events (PMIX_NOTIFY_JOB_EVENTS), sent to the requester only (and kept for it until it registers).</li>
 * </ul>
 * Each carries the time of what it tells (PMIX_EVENT_TIMESTAMP): the first process spawned, the last one
 * spawned, the last one ended. With PMIX_LOG_JOB_EVENTS (all events) or PMIX_LOG_COMPLETION (the end) the
 * launcher also prints them. On several nodes the launcher (daemon 0) raises them for every node's server.
 */
final class JobEvents {
    /** Raises an event for the processes in range: this node's server's, and on several nodes every node's. */
    interface Raiser {
        void raise(int code, Proc source, DataRange range, List<Info> info);
    }

    private final Proc self;
    private final Raiser raiser;
    private final RuntimeMessages printer;

    /** @param self the runtime's own name (the source of its events) */
    JobEvents(Proc self, Raiser raiser, RuntimeMessages printer) {
        this.self = self;
        this.raiser = raiser;
        this.printer = printer;
    }

    /**
     * Every process of the job was spawned (the launcher returns only then): JOB_START carries the time the
     * first one was, LAUNCH_COMPLETE the time the last one was.
     */
    void started(Job job) {
        Instant first = null;
        Instant last = null;
        for (LaunchedProcess p : job.processes()) {
            first = first == null || p.spawned().isBefore(first) ? p.spawned() : first;
            last = last == null || p.spawned().isAfter(last) ? p.spawned() : last;
        }
        if (first == null) {
            first = last = Instant.now();
        }
        if (Attributes.NOTIFY_JOB_EVENTS.find(job.directives()).orElse(false) && job.parent() != null) {
            toRequester(job, PmixStatus.PMIX_EVENT_JOB_START, LifecycleEvents.jobStart(job.nspace(), first));
            toRequester(job, PmixStatus.PMIX_LAUNCH_COMPLETE, LifecycleEvents.launchComplete(job.nspace(), last));
        }
        if (Attributes.LOG_JOB_EVENTS.find(job.directives()).orElse(false)) {
            log(job, first, "job " + job.nspace() + " started (" + job.size() + (job.size() == 1 ? " process)"
                    : " processes)") + ": its first process was spawned");
            log(job, last, "job " + job.nspace() + " launch complete: its last process was spawned");
        }
    }

    void processEnded(LaunchedProcess p, int status) {
        int signal = status > 128 && status < 128 + 65 ? status - 128 : 0;
        int code = LifecycleEvents.procTerminationCode(signal, p.connected(), p.finalized());
        List<Info> info = new ArrayList<>(LifecycleEvents.procTerminated(p.proc(),
                LifecycleEvents.procTermStatus(code, status), status, Instant.now()));
        info.add(Attributes.EVENT_NON_DEFAULT.info(true));
        raiser.raise(code, self, DataRange.SESSION, info);
    }

    /** The job ended: PMIX_EVENT_JOB_END carries the time its last process did. */
    void ended(Job job) {
        Instant when = lastEnd(job);
        LaunchedProcess failed = job.firstFailed();
        int term = job.termStatus();
        List<Info> info = failed == null ? LifecycleEvents.jobEnd(job.nspace(), term, when)
                : LifecycleEvents.jobEnd(job.nspace(), term, failed.proc(), job.exitStatus(), when);
        raiser.raise(PmixStatus.PMIX_EVENT_JOB_END, self, DataRange.SESSION, info);
        boolean logAll = Attributes.LOG_JOB_EVENTS.find(job.directives()).orElse(false);
        if (logAll || Attributes.LOG_COMPLETION.find(job.directives()).orElse(false)) {
            log(job, when, "job " + job.nspace() + " ended: " + PmixStatus.name(term)
                    + (failed != null ? " (first failure: rank " + failed.proc().rank() + ", exit code "
                    + job.exitStatus() + ")" : ""));
        }
    }

    /** When the job's last process ended (seen on this JVM's clock); now if none was seen to. */
    private static Instant lastEnd(Job job) {
        long last = Long.MIN_VALUE;
        for (LaunchedProcess p : job.processes()) {
            long end = p.endNanos();
            if (end != Long.MAX_VALUE) {
                last = Math.max(last, end);
            }
        }
        Instant now = Instant.now();
        long ago = System.nanoTime() - last;
        return last == Long.MIN_VALUE || ago < 0 ? now : now.minusNanos(ago);
    }

    private void toRequester(Job job, int code, List<Info> info) {
        raiser.raise(code, self, DataRange.CUSTOM, LifecycleEvents.to(job.parent(), info));
    }

    /** A log line stamped with the moment it tells of (local time, to the second). */
    private void log(Job job, Instant when, String text) {
        printer.aboutJob(job, "[" + java.time.LocalDateTime.ofInstant(when, java.time.ZoneId.systemDefault())
                .withNano(0) + "] " + text);
    }

}
