package org.pmix4j.runtime.sched;

import java.util.List;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.Info;

/**
 * What the scheduler's desk needs of the runtime that runs its sessions (docs/sessions.md, "Scheduler →
 * runtime"): {@link RuntimeLink} over PMIx_Session_control to the node's system controller, or a stand-in
 * in tests of the desk.
 */
interface SessionRuntime {
    /** Whether a runtime is attached now. */
    boolean attached();

    /** Creates a granted session; fails with the runtime's status when it cannot. */
    CompletionStage<Void> instantiate(SessionOrder order);

    /** Ends a session: its processes told, its jobs stopped; completes once they are gone. */
    CompletionStage<Void> terminate(int sessionId, String reason);

    /** Grows a session: a later limit, or its whole new holding of nodes and slots. */
    CompletionStage<Void> extend(int sessionId, Integer limitSeconds, List<String> nodes, List<Integer> slots);

    /** The runtime's sessions, one info list each (their jobs, for `pmix4j queue`). */
    CompletionStage<List<List<Info>>> sessions();
}
