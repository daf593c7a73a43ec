package org.pmix4j.runtime;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.event.EventService;

/**
 * What a node's host does with the debugger events that pass through it (raised by its clients and tools, or
 * relayed by another node): PMIX_READY_FOR_DEBUG is counted where the jobs are followed (the launcher's
 * {@link DebugReadiness}; none on the other nodes' daemons), PMIX_DEBUGGER_RELEASE continues the processes
 * this node holds at exec for the jobs it names. The event itself goes on as any other (the server has
 * already delivered it to this node's processes in its range: those waiting in PMIx_Init are released by it).
 */
final class DebuggerEvents {
    private final HeldAtExec held;
    private final DebugReadiness readiness;

    /** @param readiness the counter of ready processes, or {@code null} on a daemon that is not the launcher */
    DebuggerEvents(HeldAtExec held, DebugReadiness readiness) {
        this.held = held;
        this.readiness = readiness;
    }

    /** An event seen by this node's host. */
    void seen(int code, Proc source, DataRange range, List<Info> info) {
        if (code == PmixStatus.PMIX_READY_FOR_DEBUG) {
            if (readiness != null && source != null) {
                readiness.ready(source);
            }
        } else if (code == PmixStatus.PMIX_DEBUGGER_RELEASE) {
            for (String nspace : namespacesNamed(code, range, info)) {
                held.release(nspace);
                if (readiness != null) {
                    readiness.released(nspace);
                }
            }
        }
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
