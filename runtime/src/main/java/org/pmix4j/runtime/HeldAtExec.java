package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.debug.ExecHold;

/**
 * The processes of this node that the launcher holds at their first instruction after exec for a debugger
 * (PMIX_DEBUG_STOP_ON_EXEC), by job, until the job's PMIX_DEBUGGER_RELEASE continues them (SIGCONT).
 *
 * <p>A held process is ready for a debugger the moment it is held: {@code reportReady} tells whoever counts
 * the job's ready processes (the launcher's {@link DebugReadiness}; a daemon of another node sends
 * PMIX_READY_FOR_DEBUG to it).
 */
final class HeldAtExec {
    private static final org.pmix4j.api.internal.Log LOG = org.pmix4j.api.internal.Log.of(HeldAtExec.class);
    private final Map<String, Map<Integer, Long>> byNamespace = new ConcurrentHashMap<>();
    private final Consumer<Proc> reportReady;

    HeldAtExec(Consumer<Proc> reportReady) {
        this.reportReady = reportReady;
    }

    /** {@code proc} (process {@code pid}) is held. */
    void held(Proc proc, long pid) {
        byNamespace.computeIfAbsent(proc.nspace(), k -> new ConcurrentHashMap<>()).put(proc.rank(), pid);
        reportReady.accept(proc);
    }

    /** Continues every process of {@code nspace} held here; returns their pids. */
    List<Long> release(String nspace) {
        Map<Integer, Long> held = byNamespace.remove(nspace);
        if (held == null || held.isEmpty()) {
            return List.of();
        }
        List<Long> pids = new ArrayList<>(held.values());
        for (long pid : pids) {
            try {
                ExecHold.available().release(pid);
            } catch (java.io.IOException e) {
                LOG.warn("cannot release process {} of job {}: {}", pid, nspace, e.getMessage());
            }
        }
        return pids;
    }

    /** The job ended: nothing of it is held any more (a held process killed with its job). */
    void forget(String nspace) {
        byNamespace.remove(nspace);
    }
}
