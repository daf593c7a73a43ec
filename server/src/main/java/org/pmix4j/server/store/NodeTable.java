package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.pmix4j.server.store.Registration.NodeDescription;

/**
 * The stage that knows the nodes: merges the host's node descriptions into one {@link KnownNode} per node
 * (the same node may be described several times, by id, by name or by one of its aliases), and finds,
 * creates and numbers nodes for the later stages. A node's index is its position here.
 */
final class NodeTable {
    private final List<KnownNode> list = new ArrayList<>();
    private final HashMap<String, Integer> byName = new HashMap<>();
    private final HashMap<Long, Integer> byId = new HashMap<>();

    int size() {
        return list.size();
    }

    KnownNode get(int i) {
        return list.get(i);
    }

    /** Every node, in the order they became known. */
    List<KnownNode> all() {
        return List.copyOf(list);
    }

    void merge(NodeDescription r) {
        Integer a = r.nodeId >= 0 ? byId.get(r.nodeId) : null;
        Integer b = null;
        if (r.hostname != null) {
            b = byName.get(r.hostname);
        }
        if (b == null && r.aliases != null) {
            for (String al : r.aliases) {
                b = byName.get(al);
                if (b != null) {
                    break;
                }
            }
        }
        if (a != null && b != null && !a.equals(b)) {
            throw Keys.bad(r.where + ": pmix.nodeid " + r.nodeId + " belongs to node "
                    + list.get(a).displayName() + " but pmix.hname '" + r.hostname + "' to node "
                    + list.get(b).displayName());
        }
        Integer idx = a != null ? a : b;
        KnownNode e;
        if (idx == null) {
            idx = list.size();
            e = new KnownNode(idx);
            list.add(e);
        } else {
            e = list.get(idx);
        }
        if (r.hostname != null) {
            if (e.name == null) {
                e.name = r.hostname;
            } else if (!e.name.equals(r.hostname) && !e.hasAlias(r.hostname)) {
                if (a != null) {
                    throw Keys.bad(r.where + ": node with pmix.nodeid " + r.nodeId + " is named both '"
                            + e.name + "' and '" + r.hostname + "'");
                }
                e.addAlias(r.hostname); // found through one of its aliases: the same node
            }
            claimName(r.hostname, idx, r.where);
        }
        if (r.nodeId >= 0) {
            setId(idx, r.nodeId, r.where);
        }
        if (r.aliases != null) {
            for (String al : r.aliases) {
                e.addAlias(al);
                claimName(al, idx, r.where);
            }
        }
        e.hostInfo.putAll(r.info);
    }

    private void claimName(String name, int idx, String where) {
        Integer other = byName.putIfAbsent(name, idx);
        if (other != null && other != idx) {
            throw Keys.bad(where + ": '" + name + "' names two different nodes ("
                    + list.get(other).displayName() + " and " + list.get(idx).displayName() + ")");
        }
    }

    /** Gives a node known only by its id its name. */
    void name(int idx, String name, String where) {
        KnownNode e = list.get(idx);
        if (e.name == null) {
            e.name = name;
        } else if (!e.name.equals(name) && !e.hasAlias(name)) {
            throw Keys.bad(where + ": node " + e.displayName() + " is also called '" + name + "'");
        }
        claimName(name, idx, where);
    }

    void setId(int idx, long id, String where) {
        KnownNode e = list.get(idx);
        if (e.id >= 0 && e.id != id) {
            throw Keys.bad(where + ": node " + e.displayName() + " is given two node ids, " + e.id + " and " + id);
        }
        Integer other = byId.putIfAbsent(id, idx);
        if (other != null && other != idx) {
            throw Keys.bad(where + ": pmix.nodeid " + id + " is given to two nodes, "
                    + list.get(other).displayName() + " and " + e.displayName());
        }
        e.id = id;
    }

    int byName(String name, boolean create) {
        Integer i = byName.get(name);
        if (i != null) {
            return i;
        }
        if (!create) {
            return -1;
        }
        KnownNode e = new KnownNode(list.size());
        e.name = name;
        list.add(e);
        byName.put(name, list.size() - 1);
        return list.size() - 1;
    }

    int byId(long id) {
        Integer i = byId.get(id);
        return i == null ? -1 : i;
    }

    int createWithId(long id) {
        KnownNode e = new KnownNode(list.size());
        list.add(e);
        setId(list.size() - 1, id, "pmix.nodeid");
        return list.size() - 1;
    }

    int maxPeerRank() {
        int max = -1;
        for (KnownNode e : list) {
            int[] p = e.hostPeers(Integer.MAX_VALUE);
            if (p != null) {
                for (int r : p) {
                    max = Math.max(max, r);
                }
            }
        }
        return max;
    }

    /**
     * Node ids for the nodes that have none: the job's nodes in job order first, then the others; with
     * no id given at all this is the node's position in the job (what libpmix does with a node map).
     */
    void assignIds(int[] jobOrder) {
        long next = 0;
        boolean[] done = new boolean[list.size()];
        for (int pass = 0; pass < 2; pass++) {
            int count = pass == 0 ? jobOrder.length : list.size();
            for (int k = 0; k < count; k++) {
                int n = pass == 0 ? jobOrder[k] : k;
                if (done[n]) {
                    continue;
                }
                done[n] = true;
                KnownNode e = list.get(n);
                if (e.id >= 0) {
                    continue;
                }
                while (byId.containsKey(next)) {
                    next++;
                }
                e.id = next;
                byId.put(next, n);
            }
        }
    }
}
