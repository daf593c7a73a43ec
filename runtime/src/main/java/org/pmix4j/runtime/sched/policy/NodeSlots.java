package org.pmix4j.runtime.sched.policy;

/** The slots a session holds on one node (all of them when the session has the node whole). */
public record NodeSlots(String node, int slots) {
    public NodeSlots {
        if (slots < 1) {
            throw new IllegalArgumentException("a session holds at least 1 slot on node " + node + ", not " + slots);
        }
    }

    @Override
    public String toString() {
        return node + ":" + slots;
    }
}
