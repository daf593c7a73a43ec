package org.pmix4j.runtime.sched.policy;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A running session: what the engine granted (or adopted), for the caller to instantiate in the runtime.
 *
 * @param id           the numeric session id, unique in the engine's life (never reused)
 * @param allocationId the scheduler's string id (PMIX_ALLOC_ID), "alloc.&lt;id&gt;" for granted sessions
 * @param uid          the user the session belongs to
 * @param requestId    the user's PMIX_ALLOC_REQ_ID, or null
 * @param nodes        the nodes with the slots held on each, in pool order
 * @param start        when it was granted
 * @param end          when its time limit runs out, or null when it has none
 */
public record Session(int id, String allocationId, int uid, String requestId, List<NodeSlots> nodes, Instant start,
                      Instant end) {
    public Session {
        if (id < 1) {
            throw new IllegalArgumentException("a session id is at least 1, not " + id);
        }
        Objects.requireNonNull(allocationId, "allocationId");
        Objects.requireNonNull(start, "start");
        nodes = List.copyOf(nodes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("session " + id + " holds no nodes");
        }
    }

    /** The slots held on all nodes together. */
    public int slots() {
        return nodes.stream().mapToInt(NodeSlots::slots).sum();
    }

    public List<String> nodeNames() {
        return nodes.stream().map(NodeSlots::node).toList();
    }

    public boolean hasTimeLimit() {
        return end != null;
    }
}
