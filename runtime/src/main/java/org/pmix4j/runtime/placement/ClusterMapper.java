package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Places a job over several nodes as PRRTE's round-robin mapper does, then each node's share with the
 * one-node {@link Mapper} on that node's own topology and usage (binding, local and node ranks), and numbers
 * the ranks across nodes:
 *
 * <ul>
 * <li><b>By slot</b> (and by an object, which PRRTE also fills node by node): each node in host order takes
 * as many as it has free slots before the next; when oversubscribing, the rest is spread evenly over the
 * nodes not at max_slots, the first nodes taking one more when it does not divide.
 * <li><b>By node</b>: in passes, each node takes the average still to place (at least one), within its free
 * slots unless oversubscribing.
 * <li><b>ppr:N:RESOURCE</b>: the pattern (N per node, or N per object of the resource) on each node in
 * turn, for the whole job; a node whose pattern exceeds its free slots is left out unless oversubscribing
 * (PRRTE), and a node without the resource is an error.
 * <li><b>Ranks</b>: application by application; within one, rank-by NODE takes one process of each node in
 * turn, the others number node by node (within a node as the one-node mapper ranks).
 * <li><b>Slots</b>: more processes than free slots on all the nodes is PRRTE's "not enough slots" error,
 * naming the total and each host, unless oversubscription is allowed; max_slots is never exceeded.
 * </ul>
 * With a single node this is exactly the one-node {@link Mapper}. {@code seq} and {@code rankfile} are
 * placed by {@link ListedMapper}.
 */
public final class ClusterMapper {
    private ClusterMapper() {
    }

    /**
     * A job to place on the cluster's nodes.
     *
     * @param nodes          the nodes the job may use, in host order
     * @param apps           the job's applications in order
     * @param mapping        {@code --map-by}
     * @param ranking        {@code --rank-by}, or {@code null} to follow the mapping
     * @param binding        {@code --bind-to}
     * @param usage          what live processes take, by node id (a node missing is idle)
     * @param bindingSupport whether binding works (assumed the same on every node)
     */
    public record Request(List<ClusterNode> nodes, List<PlacementRequest.App> apps, MappingPolicy mapping,
            RankingPolicy ranking, BindingPolicy binding, Map<Integer, NodeUsage> usage,
            BindingSupport bindingSupport) {
        public Request {
            nodes = List.copyOf(nodes);
            apps = List.copyOf(apps);
            if (nodes.isEmpty()) {
                throw new IllegalArgumentException("a job needs at least one node to be placed on");
            }
            if (apps.isEmpty()) {
                throw new IllegalArgumentException("a job needs at least one application");
            }
            Objects.requireNonNull(mapping, "mapping");
            Objects.requireNonNull(binding, "binding");
            usage = Map.copyOf(usage);
            Objects.requireNonNull(bindingSupport, "bindingSupport");
        }

        NodeUsage usageOf(ClusterNode n) {
            return usage.getOrDefault(n.id(), NodeUsage.IDLE);
        }
    }

    /**
     * Places the job.
     *
     * @throws PlacementException when it cannot be placed as asked, saying what was asked and what the nodes
     *                            have
     */
    public static JobMap map(Request r) {
        int total = r.apps().stream().mapToInt(PlacementRequest.App::np).sum();
        MappingPolicy m = r.mapping();
        if (m.perObjectPattern()) {
            for (ClusterNode n : r.nodes()) {
                if (!n.topology().has(m.perObject())) {
                    // PRRTE refuses rather than quietly leave the node out of the pattern
                    throw new PlacementException("--map-by " + m + ": node " + n.name() + " has no "
                            + m.perObject().directive() + " objects, so the pattern cannot be placed on it (it has "
                            + n.topology().summary() + ")");
                }
            }
        }
        if (m.target() == MappingPolicy.Target.PPR && total > pprCapacity(r.nodes(), m)) {
            String each = m.perObject() == null ? "" : m.perObject().directive() + " of ";
            throw new PlacementException("--map-by " + m + " places " + m.perNode() + " process"
                    + (m.perNode() == 1 ? "" : "es") + " on each " + each + "the " + r.nodes().size() + " node"
                    + (r.nodes().size() == 1 ? "" : "s") + " (" + names(r.nodes()) + "), at most "
                    + pprCapacity(r.nodes(), m) + " in all, but " + total + " were requested. Request fewer processes"
                    + " (-n) or give more hosts.");
        }
        if (r.nodes().size() == 1) {
            return oneNode(r);
        }
        MappingPolicy.Target target = m.target() != null ? m.target()
                : Mapper.defaultTarget(r.nodes().get(0).topology(), total, m, r.binding());
        MappingPolicy resolved = m.target() != null ? m : m.withTarget(target);
        int[][] counts = new NodeShares(r, resolved).counts();
        return new Assembly(r, resolved, counts).build();
    }

    /** One node: the one-node mapper as it always placed, on that node. */
    private static JobMap oneNode(Request r) {
        ClusterNode n = r.nodes().get(0);
        PlacementRequest.Builder b = PlacementRequest.builder(n.topology(), r.apps()).mapping(r.mapping())
                .binding(r.binding()).usage(r.usageOf(n)).bindingSupport(r.bindingSupport()).hostname(n.name())
                .maxSlots(n.maxSlots());
        if (n.slots() > 0) {
            b.slots(n.slots(), "given for " + n.name());
        }
        if (r.ranking() != null) {
            b.ranking(r.ranking());
        }
        return onNode(Mapper.map(b.build()), n);
    }

    /** A one-node map put on {@code node}: its processes and its node carry the node's id and name. */
    public static JobMap onNode(JobMap map, ClusterNode node) {
        List<ProcPlacement> procs = new ArrayList<>();
        for (ProcPlacement p : map.procs()) {
            procs.add(p.renumbered(p.rank(), p.appnum(), p.appRank(), node.id()));
        }
        JobNode only = map.nodes().get(0);
        return new JobMap(procs, List.of(new JobNode(node.id(), node.name(), only.slots(), only.maxSlots(),
                only.procs(), only.oversubscribed(), node.memoryBytes(), node.aliases())), map.mapping(), map.ranking(), map.binding(), map.cpusPerRank(),
                map.hwthreadCpus(), map.notes());
    }

    /** The processes {@code ppr:N:RESOURCE} places on all the nodes together. */
    static int pprCapacity(List<ClusterNode> nodes, MappingPolicy m) {
        return nodes.stream().mapToInt(n -> PprCapacity.of(n.topology(), m.perObject(), m.perNode())).sum();
    }

    static String names(List<ClusterNode> nodes) {
        return String.join(", ", nodes.stream().map(ClusterNode::name).toList());
    }

    /** Each node's share of the job, then the one-node mapper on each node, then global ranks. */
    private static final class Assembly {
        private final Request r;
        private final MappingPolicy mapping;
        private final int[][] counts;

        Assembly(Request r, MappingPolicy mapping, int[][] counts) {
            this.r = r;
            this.mapping = mapping;
            this.counts = counts;
        }

        JobMap build() {
            int nApps = r.apps().size();
            List<JobNode> nodes = new ArrayList<>();
            List<String> notes = new ArrayList<>();
            // per app, per node: that node's processes of the app in the node's own rank order
            List<List<List<ProcPlacement>>> byApp = new ArrayList<>();
            for (int a = 0; a < nApps; a++) {
                byApp.add(new ArrayList<>());
            }
            JobMap first = null;
            BindingPolicy binding = null;
            for (int i = 0; i < r.nodes().size(); i++) {
                ClusterNode n = r.nodes().get(i);
                List<PlacementRequest.App> apps = new ArrayList<>();
                List<Integer> appOf = new ArrayList<>();
                for (int a = 0; a < nApps; a++) {
                    if (counts[a][i] > 0) {
                        apps.add(new PlacementRequest.App(counts[a][i], r.apps().get(a).name()));
                        appOf.add(a);
                    }
                    byApp.get(a).add(new ArrayList<>());
                }
                if (apps.isEmpty()) {
                    continue;
                }
                JobMap local = Mapper.map(request(n, apps));
                if (first == null) {
                    first = local;
                    binding = local.binding();
                } else if (local.binding().target() == BindingPolicy.Target.NONE) {
                    binding = local.binding();
                }
                for (ProcPlacement p : local.procs()) {
                    int a = appOf.get(p.appnum());
                    byApp.get(a).get(i).add(p.renumbered(-1, a, -1, n.id()));
                }
                local.notes().forEach(note -> notes.add(n.name() + ": " + note));
                JobNode jn = local.nodes().get(0);
                nodes.add(new JobNode(n.id(), n.name(), jn.slots(), jn.maxSlots(), jn.procs(), jn.oversubscribed(),
                        n.memoryBytes(), n.aliases()));
            }
            RankingPolicy ranking = r.ranking() != null ? r.ranking() : first.ranking();
            List<ProcPlacement> procs = new ArrayList<>();
            for (int a = 0; a < nApps; a++) {
                List<ProcPlacement> ordered = order(byApp.get(a), ranking);
                for (int k = 0; k < ordered.size(); k++) {
                    ProcPlacement p = ordered.get(k);
                    procs.add(p.renumbered(procs.size(), a, k, p.node()));
                }
            }
            // a ppr by an object shows as the mapping by it, as each node's map has it
            MappingPolicy shown = mapping.perObjectPattern() ? first.mapping() : first.mapping().withTarget(mapping);
            return new JobMap(procs, nodes, shown, ranking, binding,
                    first.cpusPerRank(), first.hwthreadCpus(), notes);
        }

        private PlacementRequest request(ClusterNode n, List<PlacementRequest.App> apps) {
            PlacementRequest.Builder b = PlacementRequest.builder(n.topology(), apps).mapping(mapping)
                    .binding(r.binding()).usage(r.usageOf(n)).bindingSupport(r.bindingSupport()).hostname(n.name())
                    .maxSlots(n.maxSlots()).slots(n.slotsFor(mapping), n.slots() > 0 ? "given for " + n.name()
                            : "one per core");
            if (r.ranking() == RankingPolicy.FILL || r.ranking() == RankingPolicy.SPAN) {
                b.ranking(r.ranking());
            }
            return b.build();
        }

        /** rank-by NODE: one of each node in turn; otherwise node by node. */
        private static List<ProcPlacement> order(List<List<ProcPlacement>> perNode, RankingPolicy ranking) {
            List<ProcPlacement> out = new ArrayList<>();
            if (ranking != RankingPolicy.NODE) {
                perNode.forEach(out::addAll);
                return out;
            }
            for (int k = 0; ; k++) {
                boolean any = false;
                for (List<ProcPlacement> l : perNode) {
                    if (k < l.size()) {
                        out.add(l.get(k));
                        any = true;
                    }
                }
                if (!any) {
                    return out;
                }
            }
        }
    }
}
