package org.pmix4j.runtime.sched.policy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The nodes the scheduler owns, in the order they were given. The engine refers to nodes by their index in
 * this order (arrays of slot counts rather than maps), which is also the order placement prefers.
 */
public final class NodePool {
    /** Beyond this many nodes a description names the first ones and counts the rest, to stay readable. */
    private static final int NODES_DESCRIBED = 8;

    private final List<Node> nodes;
    private final Map<String, Integer> indexByName = new HashMap<>();
    private final int[] capacity;
    private final int totalSlots;

    public NodePool(List<Node> nodes) {
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("the node pool is empty: give at least one node");
        }
        this.nodes = List.copyOf(nodes);
        this.capacity = new int[nodes.size()];
        int total = 0;
        for (int i = 0; i < nodes.size(); i++) {
            Node n = nodes.get(i);
            if (indexByName.putIfAbsent(n.name(), i) != null) {
                throw new IllegalArgumentException("node " + n.name() + " is in the pool twice");
            }
            capacity[i] = n.slots();
            total = Math.addExact(total, n.slots());
        }
        this.totalSlots = total;
    }

    public static NodePool of(Node... nodes) {
        return new NodePool(List.of(nodes));
    }

    public List<Node> nodes() {
        return nodes;
    }

    public int size() {
        return nodes.size();
    }

    public int totalSlots() {
        return totalSlots;
    }

    /** The node's index, or -1 when it is not in the pool. */
    int indexOf(String name) {
        Integer i = indexByName.get(name);
        return i == null ? -1 : i;
    }

    String name(int index) {
        return nodes.get(index).name();
    }

    int capacity(int index) {
        return capacity[index];
    }

    /** Slots per node index; shared, never to be written. */
    int[] capacities() {
        return capacity;
    }

    /** "a:4, b:4", as a refusal shows the pool. */
    public String describe() {
        int[] all = new int[nodes.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return describe(all);
    }

    /** The given nodes as "a:4, b:4", the first few of a long list and a count of the rest. */
    String describe(int[] indices) {
        StringJoiner s = new StringJoiner(", ");
        for (int i = 0; i < indices.length && i < NODES_DESCRIBED; i++) {
            s.add(nodes.get(indices[i]).toString());
        }
        if (indices.length > NODES_DESCRIBED) {
            s.add("and " + (indices.length - NODES_DESCRIBED) + " more");
        }
        return s.toString();
    }

    @Override
    public String toString() {
        return "NodePool[" + describe() + "]";
    }
}
