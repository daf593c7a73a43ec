package org.pmix4j.runtime.sched.policy;

/**
 * The free slots of every node now, with the pool-wide totals kept beside them so that most "does it fit
 * now?" questions (requests without a node list) are answered in O(1) while the queue is scanned. Taking
 * more than is free is a bug in the engine, never a user's error, hence an IllegalStateException.
 */
final class SlotLedger {
    private final NodePool pool;
    private final int[] capacity;
    private final int[] free;
    private long freeSlots;
    private int freeNodes;

    SlotLedger(NodePool pool) {
        this.pool = pool;
        this.capacity = pool.capacities();
        this.free = capacity.clone();
        this.freeSlots = pool.totalSlots();
        this.freeNodes = pool.size();
    }

    void take(Placement p) {
        for (int i = 0; i < p.size(); i++) {
            int n = p.nodes()[i];
            if (p.slots()[i] > free[n]) {
                throw new IllegalStateException("node " + pool.name(n) + " has " + free[n] + " free slots, not "
                        + p.slots()[i]);
            }
            change(n, -p.slots()[i]);
        }
    }

    void give(Placement p) {
        for (int i = 0; i < p.size(); i++) {
            int n = p.nodes()[i];
            if (free[n] + p.slots()[i] > capacity[n]) {
                throw new IllegalStateException("node " + pool.name(n) + " would have more free slots than its "
                        + capacity[n]);
            }
            change(n, p.slots()[i]);
        }
    }

    private void change(int n, int slots) {
        if (free[n] == capacity[n]) {
            freeNodes--;
        }
        free[n] += slots;
        freeSlots += slots;
        if (free[n] == capacity[n]) {
            freeNodes++;
        }
    }

    /** Whether the need could be placed now. */
    boolean fitsNow(Need need) {
        if (need.anywhere()) {
            return switch (need.kind()) {
                case SLOTS -> freeSlots >= need.count();
                case WHOLE_NODES, LISTED_NODES -> freeNodes >= need.count();
            };
        }
        return need.fitsIn(free, capacity);
    }

    /** Whether the slots are free now. */
    boolean hasFree(Placement p) {
        for (int i = 0; i < p.size(); i++) {
            if (free[p.nodes()[i]] < p.slots()[i]) {
                return false;
            }
        }
        return true;
    }

    long freeSlots() {
        return freeSlots;
    }

    int free(int node) {
        return free[node];
    }

    /** The live array, for placement to read; never to be written. */
    int[] freeView() {
        return free;
    }

    int[] freeCopy() {
        return free.clone();
    }

    int[] capacity() {
        return capacity;
    }
}
