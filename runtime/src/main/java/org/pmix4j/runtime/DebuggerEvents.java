package org.pmix4j.runtime;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.event.EventService;

/**
 * What a node's host does with the debugger events, once each, after its server has delivered them to this
 * node's processes (those waiting in PMIx_Init are released by the event itself): PMIX_READY_FOR_DEBUG is
 * counted where the jobs are followed (the launcher's {@link DebugReadiness}; none on the other nodes'
 * daemons); PMIX_DEBUGGER_RELEASE continues the processes this node holds at exec for the jobs it names, and
 * ends the job's current pause.
 *
 * <p><b>A job that pauses twice</b> (at exec, then in init; in init, then in the application): the server keeps
 * every event for processes that register later (the Standard's cache, as libpmix does), so the release that
 * ended the first pause would release the second in advance as soon as the processes register for it. When
 * the job has a later pause, the release is therefore forgotten by this node's server once delivered.
 *
 * <p>Where it is called: on one node, by the launcher's host for every event its clients and tools raise;
 * over several nodes, where every event reaches every node's server (daemon 0 sends it to all, itself
 * included), by each node as it delivers it.
 */
final class DebuggerEvents {
    /** Forgets the cached events of a code aimed at a namespace, on this node's server. */
    interface CachedEvents {
        void forget(int code, String nspace);
    }

    private final HeldAtExec held;
    private final DebugReadiness readiness;
    private final JobsByNamespace jobs;
    private final CachedEvents cache;
    /** By namespace: how many of its pauses were released so far. */
    private final Map<String, Integer> released = new ConcurrentHashMap<>();

    /**
     * @param readiness the counter of ready processes, or {@code null} on a daemon that is not the launcher
     * @param jobs      this node's jobs (whose pauses say whether another one follows)
     */
    DebuggerEvents(HeldAtExec held, DebugReadiness readiness, JobsByNamespace jobs, CachedEvents cache) {
        this.held = held;
        this.readiness = readiness;
        this.jobs = jobs;
        this.cache = cache;
    }

    /** An event delivered by this node's server. */
    void seen(int code, Proc source, DataRange range, List<Info> info) {
        if (code == PmixStatus.PMIX_READY_FOR_DEBUG) {
            if (readiness != null && source != null) {
                readiness.ready(source);
            }
        } else if (code == PmixStatus.PMIX_DEBUGGER_RELEASE) {
            for (String nspace : namespacesNamed(code, range, info)) {
                released(nspace);
            }
        }
    }

    private void released(String nspace) {
        held.release(nspace);
        if (readiness != null) {
            readiness.released(nspace);
        }
        Job job = jobs.job(nspace);
        if (job == null) {
            return;
        }
        int done = released.merge(nspace, 1, Integer::sum);
        if (done == 1) {
            job.ended().thenRun(() -> released.remove(nspace));
        }
        if (done < pauses(job.pause())) {
            cache.forget(PmixStatus.PMIX_DEBUGGER_RELEASE, nspace);
        }
    }

    private static int pauses(JobPause p) {
        return (p.onExec() ? 1 : 0) + (p.inInit() ? 1 : 0) + (p.inApp() ? 1 : 0);
    }

    /** The jobs a release is for: those of the processes it targets (custom range) or names as affected. */
    private static Set<String> namespacesNamed(int code, DataRange range, List<Info> info) {
        Set<String> out = new LinkedHashSet<>();
        for (Proc p : EventService.procsNamedBy(code, range, info)) {
            out.add(p.nspace());
        }
        return out;
    }
}
