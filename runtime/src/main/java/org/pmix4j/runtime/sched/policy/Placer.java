package org.pmix4j.runtime.sched.policy;

import java.util.Arrays;

/**
 * Chooses where a need goes within given free slots per node, or says it does not fit. Deterministic:
 * ties go to the node earlier in the pool.
 */
final class Placer {
    private Placer() {
    }

    /** The placement, or null when the need does not fit {@code free}. */
    static Placement place(Need need, int[] free, int[] capacity) {
        return switch (need.kind()) {
            case SLOTS -> slots(need, free);
            case WHOLE_NODES, LISTED_NODES -> wholeNodes(need, free, capacity);
        };
    }

    /** Entirely free allowed nodes in pool order, as many as wanted (for LISTED: all listed ones). */
    private static Placement wholeNodes(Need need, int[] free, int[] capacity) {
        int[] perNode = new int[free.length];
        int found = 0;
        for (int n = 0; n < free.length && found < need.count(); n++) {
            if (need.allows(n) && free[n] == capacity[n]) {
                perNode[n] = capacity[n];
                found++;
            }
        }
        return found == need.count() ? Placement.of(perNode) : null;
    }

    /**
     * Slots on as few nodes as possible: the nodes with the most free slots, except that the last piece goes
     * to the node that fits it most tightly. That keeps the node count minimal (the remainder is never more
     * than the next largest node holds) and leaves big free nodes whole for later whole-node requests.
     */
    private static Placement slots(Need need, int[] free) {
        // one sortable long per candidate node: most free first, then pool order
        long[] order = new long[free.length];
        int candidates = 0;
        long total = 0;
        for (int n = 0; n < free.length; n++) {
            if (free[n] > 0 && need.allows(n)) {
                order[candidates++] = ((long) (Integer.MAX_VALUE - free[n]) << 32) | n;
                total += free[n];
            }
        }
        if (total < need.count()) {
            return null;
        }
        Arrays.sort(order, 0, candidates);
        int[] perNode = new int[free.length];
        int remaining = need.count();
        for (int i = 0; remaining > 0; i++) {
            int n = (int) order[i];
            if (free[n] >= remaining) {
                int tightest = tightestFit(order, i, candidates, free, remaining);
                perNode[tightest] = remaining;
                remaining = 0;
            } else {
                perNode[n] = free[n];
                remaining -= free[n];
            }
        }
        return Placement.of(perNode);
    }

    /** Among order[from..to) (most free first), the earliest-in-pool node with the fewest free slots that hold {@code want}. */
    private static int tightestFit(long[] order, int from, int to, int[] free, int want) {
        int last = from;
        while (last + 1 < to && free[(int) order[last + 1]] >= want) {
            last++;
        }
        int smallest = free[(int) order[last]];
        int first = last;
        while (first - 1 >= from && free[(int) order[first - 1]] == smallest) {
            first--;
        }
        return (int) order[first];
    }
}
