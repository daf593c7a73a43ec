package org.pmix4j.runtime.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * The shape of the daemons' routing tree: daemon 0 is the launcher (or the DVM), daemons 1 … n−1 run on the
 * other nodes, and daemon i's children are i·radix+1 … i·radix+radix, as in a radix-k heap. Every daemon
 * computes the same tree from the count and the radix alone, so a message finds its way without routing
 * tables: down to the child whose subtree holds its destination, otherwise up.
 *
 * @param count the number of daemons, the launcher's included
 * @param radix how many children a daemon starts at most
 */
public record DaemonTree(int count, int radix) {
    public DaemonTree {
        if (count < 1 || radix < 1) {
            throw new IllegalArgumentException("a daemon tree needs at least one daemon and a radix of at least 1,"
                    + " not " + count + " daemons and radix " + radix);
        }
    }

    /** The daemon that started {@code id} and relays for it (−1 for daemon 0). */
    public int parent(int id) {
        return id == 0 ? -1 : (id - 1) / radix;
    }

    /** The daemons {@code id} starts and relays to. */
    public List<Integer> children(int id) {
        List<Integer> out = new ArrayList<>();
        for (int c = id * radix + 1; c <= id * radix + radix && c < count; c++) {
            out.add(c);
        }
        return out;
    }

    /** Whether {@code id} is {@code root} or below it. */
    public boolean inSubtree(int root, int id) {
        int d = id;
        while (d > root) {
            d = parent(d);
        }
        return d == root;
    }

    /** The next daemon on the way from {@code from} to {@code to}: one of its children, or its parent. */
    public int nextHop(int from, int to) {
        if (from == to) {
            return from;
        }
        for (int c : children(from)) {
            if (inSubtree(c, to)) {
                return c;
            }
        }
        return parent(from);
    }
}
