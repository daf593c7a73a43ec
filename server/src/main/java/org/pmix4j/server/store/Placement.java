package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import org.pmix4j.api.PmixException;
import org.pmix4j.server.regex.NodeRegex;
import org.pmix4j.server.store.GivenProcs.GivenProc;

/**
 * The stage that sizes the job and puts its processes on nodes: by the node and process maps, else by the
 * nodes' {@code pmix.lpeers}, then by each process's own {@code pmix.hname} / {@code pmix.nodeid}; when
 * nothing places anybody and every process is local, all on the server's node.
 *
 * @param jobSize the number of processes
 * @param nodeOf each rank's node; null for a rank nothing places
 * @param mapOrder the nodes of the node map in its order, or null without a node map
 * @param own the server's node, or null when the job data does not know it
 */
record Placement(int jobSize, KnownNode[] nodeOf, List<KnownNode> mapOrder, KnownNode own) {

    /** Places the processes of {@code reg}, adding to {@code nodes} the nodes that only the maps name. */
    static Placement place(Registration reg, NodeTable nodes, int localProcCount, String serverHost) {
        Registration.MapText nodeMap = reg.nodeMap;
        Registration.MapText procMap = reg.procMap;
        List<String> mapNodes = null;
        int[][] mapProcs = null;
        if (nodeMap != null) {
            mapNodes = parse(() -> NodeRegex.parseNodes(nodeMap.text()), nodeMap.key());
            if (mapNodes.size() > Keys.MAX_NODES) {
                throw Keys.bad(nodeMap.key() + ": " + mapNodes.size() + " nodes is more than " + Keys.MAX_NODES);
            }
        }
        if (procMap != null) {
            if (mapNodes == null) {
                throw Keys.bad(procMap.key() + " is given without a node map (PMIX_NODE_MAP): the process map"
                        + " cannot be placed");
            }
            mapProcs = parse(() -> NodeRegex.parseProcsCompact(procMap.text()), procMap.key());
            if (mapProcs.length != mapNodes.size()) {
                throw Keys.bad(procMap.key() + " lists " + mapProcs.length + " nodes but " + nodeMap.key()
                        + " lists " + mapNodes.size());
            }
        }
        List<KnownNode> mapOrder = null;
        if (mapNodes != null) {
            mapOrder = new ArrayList<>(mapNodes.size());
            HashMap<Integer, String> seen = new HashMap<>();
            for (String name : mapNodes) {
                int idx = nodes.byName(name, true);
                String prev = seen.put(idx, name);
                if (prev != null) {
                    throw Keys.bad(nodeMap.key() + ": node '" + name + "' is listed twice"
                            + (prev.equals(name) ? "" : " (also as '" + prev + "')"));
                }
                mapOrder.add(nodes.get(idx));
            }
        }

        int jobSize = jobSize(reg, nodes, mapProcs, localProcCount);
        KnownNode[] nodeOf = new KnownNode[jobSize];
        boolean anyPlacement = false;
        if (mapProcs != null) {
            long mapTotal = 0;
            for (int n = 0; n < mapProcs.length; n++) {
                for (int r : mapProcs[n]) {
                    if (r >= jobSize) {
                        throw Keys.bad(procMap.key() + ": rank " + r + " (on node " + mapNodes.get(n)
                                + ") is not below the job size " + jobSize);
                    }
                    if (nodeOf[r] != null) {
                        throw Keys.bad(procMap.key() + ": rank " + r + " is placed twice (on "
                                + nodeOf[r].displayName() + " and " + mapNodes.get(n) + ")");
                    }
                    nodeOf[r] = mapOrder.get(n);
                }
                mapTotal += mapProcs[n].length;
            }
            anyPlacement = mapTotal > 0;
        } else {
            anyPlacement = placeByLocalPeers(nodes, nodeOf);
        }
        anyPlacement |= placeByOwnWord(reg, nodes, nodeOf, mapOrder);
        int own = nodes.byName(serverHost, false);
        if (!anyPlacement && jobSize > 0 && jobSize == localProcCount) {
            // nothing says where the processes are, and all of them are ours: they are on this node
            own = own >= 0 ? own : nodes.byName(serverHost, true);
            Arrays.fill(nodeOf, nodes.get(own));
        }
        return new Placement(jobSize, nodeOf, mapOrder, own >= 0 ? nodes.get(own) : null);
    }

    /**
     * The job size: pmix.job.size (which must agree with the process map), else the process map's count,
     * else the highest rank with a process array, else the applications' sizes, else the highest rank in
     * a pmix.lpeers, else the local process count.
     */
    private static int jobSize(Registration reg, NodeTable nodes, int[][] mapProcs, int localProcCount) {
        long mapTotal = -1;
        if (mapProcs != null) {
            mapTotal = 0;
            for (int[] r : mapProcs) {
                mapTotal += r.length;
            }
        }
        int maxRank = reg.procs.maxRank();
        var given = reg.job.get(Keys.JOB_SIZE);
        int jobSize;
        if (given != null) {
            jobSize = (int) Keys.number(given);
            if (mapTotal >= 0 && mapTotal != jobSize) {
                throw Keys.bad(reg.procMap.key() + " places " + mapTotal + " processes but pmix.job.size is "
                        + jobSize);
            }
        } else if (mapTotal >= 0) {
            jobSize = (int) mapTotal;
        } else if (maxRank >= 0) {
            jobSize = maxRank + 1;
        } else if (reg.sumOfAppSizes() >= 0) {
            jobSize = (int) reg.sumOfAppSizes();
        } else {
            int maxPeer = nodes.maxPeerRank();
            jobSize = maxPeer >= 0 ? maxPeer + 1 : localProcCount;
        }
        if (jobSize > Keys.MAX_JOB_SIZE) {
            throw Keys.bad("job size " + jobSize + " is out of range (at most " + Keys.MAX_JOB_SIZE + ")");
        }
        if (maxRank >= jobSize) {
            throw Keys.bad("pmix.pdata (rank " + maxRank + "): rank is not below the job size " + jobSize);
        }
        return jobSize;
    }

    /** Places by the hosts' local peer lists; true when it placed any process. */
    private static boolean placeByLocalPeers(NodeTable nodes, KnownNode[] nodeOf) {
        boolean any = false;
        for (int n = 0; n < nodes.size(); n++) {
            KnownNode nd = nodes.get(n);
            int[] peers = nd.hostPeers(nodeOf.length);
            if (peers == null) {
                continue;
            }
            for (int r : peers) {
                if (nodeOf[r] != null && nodeOf[r] != nd) {
                    throw Keys.bad("pmix.lpeers: rank " + r + " is listed on two nodes, "
                            + nodeOf[r].displayName() + " and " + nd.displayName());
                }
                nodeOf[r] = nd;
                any = true;
            }
        }
        return any;
    }

    /**
     * Places by the processes' own pmix.hname / pmix.nodeid (naming or numbering nodes on the way), which
     * must agree with the maps; true when it placed any process.
     */
    private static boolean placeByOwnWord(Registration reg, NodeTable nodes, KnownNode[] nodeOf,
            List<KnownNode> mapOrder) {
        boolean[] inMap = null;
        if (mapOrder != null) {
            inMap = new boolean[nodes.size()];
            for (KnownNode n : mapOrder) {
                inMap[n.index] = true;
            }
        }
        boolean any = false;
        for (int r = 0; r <= reg.procs.maxRank(); r++) {
            GivenProc given = reg.procs.get(r);
            String h = given == null ? null : given.hostname;
            int id = given == null || given.nodeId == null ? -1 : given.nodeId;
            if (h == null && id < 0) {
                continue;
            }
            String where = "pmix.pdata (rank " + r + ")";
            int byName = h == null ? -1 : nodes.byName(h, false);
            int byId = id < 0 ? -1 : nodes.byId(id);
            int idx;
            if (byName >= 0 && byId >= 0 && byName != byId) {
                throw Keys.bad(where + ": pmix.hname '" + h + "' and pmix.nodeid " + id + " name different nodes ("
                        + nodes.get(byName).displayName() + " and " + nodes.get(byId).displayName() + ")");
            } else if (byName >= 0) {
                idx = byName;
                if (id >= 0) {
                    nodes.setId(idx, id, where);
                }
            } else if (byId >= 0) {
                idx = byId;
                if (h != null) {
                    nodes.name(idx, h, where);
                }
            } else if (h != null) {
                idx = nodes.byName(h, true);
                if (id >= 0) {
                    nodes.setId(idx, id, where);
                }
            } else {
                idx = nodes.createWithId(id);
            }
            KnownNode node = nodes.get(idx);
            if (inMap != null && nodeOf[r] == null && (idx >= inMap.length || !inMap[idx])) {
                throw Keys.bad(where + ": the process says it is on " + node.displayName() + ", which is"
                        + " not in " + reg.nodeMap.key());
            }
            if (nodeOf[r] != null && nodeOf[r] != node) {
                throw Keys.bad(where + ": the process says it is on " + node.displayName() + " but "
                        + (reg.procMap != null ? reg.procMap.key() : "pmix.lpeers") + " places it on "
                        + nodeOf[r].displayName());
            }
            nodeOf[r] = node;
            any = true;
        }
        return any;
    }

    private interface Parse<T> {
        T run();
    }

    private static <T> T parse(Parse<T> p, String key) {
        try {
            return p.run();
        } catch (PmixException e) {
            throw Keys.bad(key + ": " + e.detail());
        }
    }
}
