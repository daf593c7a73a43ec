package org.pmix4j.runtime.sched;

import java.util.List;

/**
 * A granted session as the scheduler tells its runtime to create it (docs/sessions.md, instantiate).
 *
 * @param nodes         the session's nodes, in order
 * @param slots         the slots it holds on each of them, in the same order
 * @param limitSeconds  its time limit, or null (the scheduler ends it; the runtime only shows it)
 * @param parent        the session the request came from, or null
 * @param childSeparate PMIX_ALLOC_CHILD_SEP: it does not end with its parent
 */
record SessionOrder(int sessionId, String allocationId, String requestId, int uid, List<String> nodes,
        List<Integer> slots, Integer limitSeconds, Integer parent, boolean childSeparate) {
    SessionOrder {
        nodes = List.copyOf(nodes);
        slots = List.copyOf(slots);
        if (nodes.size() != slots.size()) {
            throw new IllegalArgumentException(nodes.size() + " nodes but " + slots.size() + " slot counts");
        }
    }
}
