package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * Places a job of debugger daemons beside the processes of the job they debug (the tools chapter's
 * co-location and co-spawn): on each node where a target process runs, PMIX_DEBUG_DAEMONS_PER_PROC N daemons
 * for each target process there, or PMIX_DEBUG_DAEMONS_PER_NODE N daemons.
 *
 * <p>The daemons are a job of their own, so their local ranks count among themselves only (0, 1 … on each
 * node); with N per process, the daemons of the node's i-th target process (by the target's local rank) have
 * local ranks i·N … i·N+N−1, so that with one per process a daemon's local rank is its target's, the
 * matching the Standard suggests. Ranks run application by application, within one node by node in the
 * target's node order. Node ranks continue after what the node gave out ({@link NodeUsage#nextNodeRank()}).
 *
 * <p>Slots do not count: a debugger must reach its target whatever the node holds, so daemons are never
 * refused for want of slots and never make a node oversubscribed (PRRTE places them the same way). They are
 * not bound: a daemon is not what the node's CPUs were divided between.
 */
public final class DaemonPlacement {
    /** What PMIX_DEBUG_DAEMONS_PER_PROC / _PER_NODE counts. */
    public enum Per {
        PROC, NODE
    }

    /**
     * How many daemons of one application: {@code n} per target process or per node of the target.
     *
     * @param per what is counted
     * @param n   how many, at least 1
     */
    public record Count(Per per, int n) {
        /** Neither attribute given: one per node, as PRRTE does. */
        public static final Count DEFAULT = new Count(Per.NODE, 1);

        public Count {
            if (n < 1) {
                throw new IllegalArgumentException("a count of debugger daemons must be at least 1, not " + n);
            }
        }
    }

    private DaemonPlacement() {
    }

    /**
     * The daemons' map.
     *
     * @param target  the map of the job being debugged
     * @param targets which of its ranks are debugged (all of them for a whole job, one for one process)
     * @param apps    the daemons' applications, each with its count
     * @param usage   what the nodes gave out so far, by node id (for node ranks; a node missing is idle)
     * @throws IllegalArgumentException when no target rank is in the target's map
     */
    public static JobMap place(JobMap target, IntPredicate targets, List<Count> apps, Map<Integer, NodeUsage> usage) {
        List<JobNode> nodes = new ArrayList<>();
        List<List<ProcPlacement>> targetsByNode = new ArrayList<>();
        for (JobNode n : target.nodes()) {
            List<ProcPlacement> here = new ArrayList<>();
            for (ProcPlacement p : target.procsOn(n.id())) {
                if (targets.test(p.rank())) {
                    here.add(p);
                }
            }
            if (!here.isEmpty()) {
                here.sort(Comparator.comparingInt(ProcPlacement::localRank));
                nodes.add(n);
                targetsByNode.add(here);
            }
        }
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("none of the ranks to debug is in the target job's map");
        }
        // per node: the next local rank among the daemons, and how many daemons it gets in all
        int[] nextLocal = new int[nodes.size()];
        List<ProcPlacement> procs = new ArrayList<>();
        for (int a = 0; a < apps.size(); a++) {
            Count c = apps.get(a);
            int appRank = 0;
            for (int i = 0; i < nodes.size(); i++) {
                JobNode n = nodes.get(i);
                int count = c.per() == Per.PROC ? c.n() * targetsByNode.get(i).size() : c.n();
                int firstNodeRank = usage.getOrDefault(n.id(), NodeUsage.IDLE).nextNodeRank();
                for (int k = 0; k < count; k++) {
                    int local = nextLocal[i]++;
                    procs.add(new ProcPlacement(procs.size(), a, appRank++, local, firstNodeRank + local, null,
                            CpuSet.EMPTY, null, null, n.id()));
                }
            }
        }
        List<JobNode> placed = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            JobNode n = nodes.get(i);
            int live = usage.getOrDefault(n.id(), NodeUsage.IDLE).procs();
            placed.add(new JobNode(n.id(), n.name(), n.slots(), n.maxSlots(), live + nextLocal[i], false,
                    n.memoryBytes(), n.aliases()));
        }
        return new JobMap(procs, placed, MappingPolicy.parse("node"), RankingPolicy.SLOT,
                BindingPolicy.parse("none"), 0, false, List.of());
    }
}
