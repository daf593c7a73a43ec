package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a job's processes go: one {@link ProcPlacement} per rank, the nodes they are on, and the policies
 * as resolved (PRRTE's defaults filled in), which the runtime registers ({@code PMIX_MAPBY},
 * {@code PMIX_RANKBY}, {@code PMIX_BINDTO}) and {@code --display map} prints.
 *
 * @param procs        one entry per rank, in rank order
 * @param nodes        the nodes the job is on, in node order (PRRTE's: the order of the hosts), each with
 *                     at least one of its processes
 * @param mapping      the mapping policy used (target resolved)
 * @param ranking      the ranking policy used
 * @param binding      the binding policy used (NONE when a node is oversubscribed and no binding was asked
 *                     for)
 * @param cpusPerRank  {@code PE=n}, or 0 when not given
 * @param hwthreadCpus whether hardware threads count as CPUs (mapping by hwthread)
 * @param notes        things the user may want to know (binding dropped because unsupported …)
 */
public record JobMap(List<ProcPlacement> procs, List<JobNode> nodes, MappingPolicy mapping, RankingPolicy ranking,
        BindingPolicy binding, int cpusPerRank, boolean hwthreadCpus, List<String> notes) {

    public JobMap {
        procs = List.copyOf(procs);
        nodes = List.copyOf(nodes);
        notes = List.copyOf(notes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("a job map needs at least one node");
        }
    }

    /**
     * A job on one node, the launcher's (node 0), unnamed.
     *
     * @param slots          the slots the node offers
     * @param maxSlots       the node's max_slots, or 0
     * @param procsOnNode    processes on the node with this job's, of any job
     * @param oversubscribed whether the node holds more processes than slots
     */
    public JobMap(List<ProcPlacement> procs, MappingPolicy mapping, RankingPolicy ranking, BindingPolicy binding,
            int slots, int maxSlots, int procsOnNode, boolean oversubscribed, int cpusPerRank, boolean hwthreadCpus,
            List<String> notes) {
        this(procs, List.of(new JobNode(0, null, slots, maxSlots, procsOnNode, oversubscribed, -1)), mapping, ranking,
                binding, cpusPerRank, hwthreadCpus, notes);
    }

    public int size() {
        return procs.size();
    }

    public ProcPlacement proc(int rank) {
        return procs.get(rank);
    }

    /** The node with id {@code id}, or {@code null} when the job has none there. */
    public JobNode node(int id) {
        for (JobNode n : nodes) {
            if (n.id() == id) {
                return n;
            }
        }
        return null;
    }

    /** The job's processes on node {@code id}, in rank order. */
    public List<ProcPlacement> procsOn(int id) {
        List<ProcPlacement> out = new ArrayList<>();
        for (ProcPlacement p : procs) {
            if (p.node() == id) {
                out.add(p);
            }
        }
        return out;
    }

    /** Whether the job spans more than one node. */
    public boolean multiNode() {
        return nodes.size() > 1;
    }

    /** The slots of all the job's nodes ("Total slots allocated"). */
    public int slots() {
        return nodes.stream().mapToInt(JobNode::slots).sum();
    }

    /** The job's nodes' max_slots together, or 0 when one of them has no limit. */
    public int maxSlots() {
        return nodes.stream().anyMatch(n -> n.maxSlots() == 0) ? 0 : nodes.stream().mapToInt(JobNode::maxSlots).sum();
    }

    /** Processes on the job's nodes with this job's, of any job (on one node: its PMIX_NODE_SIZE). */
    public int procsOnNode() {
        return nodes.stream().mapToInt(JobNode::procs).sum();
    }

    /** Whether any of the job's nodes holds more processes than slots. */
    public boolean oversubscribed() {
        return nodes.stream().anyMatch(JobNode::oversubscribed);
    }

    /** This map with the unnamed nodes (built without a name: the launcher's) called {@code hostname}. */
    public JobMap named(String hostname) {
        return named(hostname, List.of());
    }

    /** As {@link #named(String)}, the node also known by {@code aliases}. */
    public JobMap named(String hostname, List<String> aliases) {
        if (nodes.stream().allMatch(n -> n.name() != null)) {
            return this;
        }
        List<JobNode> out = new ArrayList<>();
        for (JobNode n : nodes) {
            out.add(n.name() != null ? n : new JobNode(n.id(), hostname, n.slots(), n.maxSlots(), n.procs(),
                    n.oversubscribed(), n.memoryBytes(), aliases));
        }
        return new JobMap(procs, out, mapping, ranking, binding, cpusPerRank, hwthreadCpus, notes);
    }

    /** {@code PMIX_MAPBY}: PRRTE's rendering ({@code BYCORE:NOOVERSUBSCRIBE}). */
    public String mapbyString() {
        return mapping.prrteString();
    }

    /** {@code PMIX_RANKBY} ({@code FILL}). */
    public String rankbyString() {
        return ranking.prrteName();
    }

    /** {@code PMIX_BINDTO} ({@code CORE:IF-SUPPORTED}). */
    public String bindtoString() {
        return binding.prrteString();
    }
}
