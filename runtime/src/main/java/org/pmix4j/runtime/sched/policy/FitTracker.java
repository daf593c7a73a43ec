package org.pmix4j.runtime.sched.policy;

/**
 * Whether one need fits a changing array of free slots, kept up to date in O(1) per change: the reservation
 * scan releases sessions one by one and asks after each, and an O(nodes) check per step would make it
 * O(sessions x nodes). Slots only need enough free slots among the allowed nodes (they may go anywhere);
 * whole nodes need enough allowed nodes that are entirely free.
 */
final class FitTracker {
    private final Need need;
    private final int[] free;
    private final int[] capacity;
    private long freeSlots;
    private int freeNodes;

    /** Tracks {@code free}, which it then owns: change it only through {@link #add}. */
    FitTracker(Need need, int[] free, int[] capacity) {
        this.need = need;
        this.free = free;
        this.capacity = capacity;
        if (need.anywhere()) {
            for (int n = 0; n < free.length; n++) {
                count(n);
            }
        } else {
            for (int n : need.nodes()) {
                count(n);
            }
        }
    }

    private void count(int n) {
        freeSlots += free[n];
        if (free[n] == capacity[n]) {
            freeNodes++;
        }
    }

    /** Adds (or, negative, removes) free slots on a node. */
    void add(int node, int slots) {
        boolean wasWhole = free[node] == capacity[node];
        free[node] += slots;
        if (need.allows(node)) {
            freeSlots += slots;
            boolean isWhole = free[node] == capacity[node];
            if (isWhole != wasWhole) {
                freeNodes += isWhole ? 1 : -1;
            }
        }
    }

    boolean fits() {
        return switch (need.kind()) {
            case SLOTS -> freeSlots >= need.count();
            case WHOLE_NODES, LISTED_NODES -> freeNodes >= need.count();
        };
    }
}
