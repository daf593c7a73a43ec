package org.pmix4j.runtime.sched.policy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Slots on nodes, sparse (a session holds a few nodes of what may be a large pool): parallel arrays of node
 * indices, ascending, and slot counts, each at least 1.
 */
record Placement(int[] nodes, int[] slots) {
    static Placement of(int[] perNode) {
        int used = 0;
        for (int s : perNode) {
            if (s > 0) {
                used++;
            }
        }
        int[] nodes = new int[used];
        int[] slots = new int[used];
        for (int n = 0, i = 0; n < perNode.length; n++) {
            if (perNode[n] > 0) {
                nodes[i] = n;
                slots[i++] = perNode[n];
            }
        }
        return new Placement(nodes, slots);
    }

    int size() {
        return nodes.length;
    }

    int totalSlots() {
        return Arrays.stream(slots).sum();
    }

    /** This placement and another on the same session, merged. */
    Placement plus(Placement other, int poolSize) {
        int[] perNode = new int[poolSize];
        addTo(perNode, 1);
        other.addTo(perNode, 1);
        return of(perNode);
    }

    /** Adds {@code sign} times these slots to an array indexed by node. */
    void addTo(int[] perNode, int sign) {
        for (int i = 0; i < nodes.length; i++) {
            perNode[nodes[i]] += sign * slots[i];
        }
    }

    List<NodeSlots> named(NodePool pool) {
        List<NodeSlots> named = new ArrayList<>(nodes.length);
        for (int i = 0; i < nodes.length; i++) {
            named.add(new NodeSlots(pool.name(nodes[i]), slots[i]));
        }
        return named;
    }
}
