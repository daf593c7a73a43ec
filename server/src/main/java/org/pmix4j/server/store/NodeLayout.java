package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.List;

/**
 * The stage that lays the placed job out on its nodes: gives each node this job's processes on it (which
 * also fixes every process's local rank: its position there), puts the job's nodes in job order, numbers
 * the nodes the host left without an id, and builds each node's view with its derived keys.
 *
 * @param nodes every known node, by index
 * @param jobOrder the job's nodes in job order: the node map's order, else by their lowest rank
 * @param own the server's node, or null when the job data does not know it
 */
record NodeLayout(List<NodeEntry> nodes, List<NodeEntry> jobOrder, NodeEntry own) {

    /** The most processes on one node: local ranks are 16-bit (PMIX_LOCAL_RANK is a UINT16). */
    private static final int MAX_LOCAL_PROCS = 0xffff + 1;

    /** The layout of a job with no data ({@code PMIX_REGISTER_NODATA}). */
    static final NodeLayout NONE = new NodeLayout(List.of(), List.of(), null);

    static NodeLayout lay(Placement placement, NodeTable nodes) {
        KnownNode[] nodeOf = placement.nodeOf();
        int[] count = new int[nodes.size()];
        boolean allPlaced = true;
        for (KnownNode n : nodeOf) {
            if (n != null) {
                count[n.index]++;
            } else {
                allPlaced = false;
            }
        }
        int[][] ranksOf = new int[nodes.size()][];
        for (int n = 0; n < nodes.size(); n++) {
            ranksOf[n] = new int[count[n]];
            count[n] = 0;
        }
        for (int r = 0; r < nodeOf.length; r++) {
            KnownNode n = nodeOf[r];
            if (n != null) {
                ranksOf[n.index][count[n.index]++] = r;
            }
        }
        List<KnownNode> jobOrder = placement.mapOrder();
        if (jobOrder == null) {
            // no node map: the nodes that host processes, by their lowest rank
            List<Integer> hosting = new ArrayList<>();
            for (int n = 0; n < nodes.size(); n++) {
                if (ranksOf[n].length > 0) {
                    hosting.add(n);
                }
            }
            hosting.sort((a, b) -> Integer.compare(ranksOf[a][0], ranksOf[b][0]));
            jobOrder = new ArrayList<>(hosting.size());
            for (int n : hosting) {
                jobOrder.add(nodes.get(n));
            }
        }
        int[] jobOrderIndexes = new int[jobOrder.size()];
        for (int k = 0; k < jobOrderIndexes.length; k++) {
            jobOrderIndexes[k] = jobOrder.get(k).index;
        }
        nodes.assignIds(jobOrderIndexes);
        for (int n = 0; n < nodes.size(); n++) {
            if (ranksOf[n].length > MAX_LOCAL_PROCS) {
                throw Keys.bad("node " + nodes.get(n).displayName() + " hosts " + ranksOf[n].length
                        + " processes: local ranks would not fit PMIX_LOCAL_RANK's 16 bits");
            }
        }
        List<NodeEntry> entries = new ArrayList<>(nodes.size());
        for (int n = 0; n < nodes.size(); n++) {
            entries.add(nodes.get(n).finish(ranksOf[n], allPlaced));
        }
        List<NodeEntry> jobEntries = new ArrayList<>(jobOrder.size());
        for (KnownNode n : jobOrder) {
            jobEntries.add(entries.get(n.index));
        }
        NodeEntry own = placement.own() == null ? null : entries.get(placement.own().index);
        return new NodeLayout(List.copyOf(entries), List.copyOf(jobEntries), own);
    }
}
