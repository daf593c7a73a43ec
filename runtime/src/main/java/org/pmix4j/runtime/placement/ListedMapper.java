package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Places a job where the user listed each rank ({@code --map-by seq} and {@code --map-by rankfile}), as
 * PRRTE's sequential and rankfile mappers do: rank i on the host of the list's entry for rank i, which must
 * be one of the job's nodes (by name, this node by any of its names, or {@code +nX}, the X-th node).
 *
 * <ul>
 * <li>A rank whose entry names CPUs is bound to exactly those; two ranks on one node may not share a CPU
 * unless {@code --bind-to ...:OVERLOAD-ALLOWED}.
 * <li>The ranks of a node without CPUs are bound as the one-node {@link Mapper} binds a job mapped by slot
 * there (PRRTE's default for a non-object mapping).
 * <li>A node holding more of the job than its free slots is PRRTE's "not enough slots" error unless
 * oversubscription is allowed.
 * <li>Local ranks follow the rank order on each node; node ranks continue after the node's live processes.
 * </ul>
 */
public final class ListedMapper {
    private ListedMapper() {
    }

    /**
     * Places the job.
     *
     * @param r       the job and its nodes
     * @param list    where each rank goes
     * @param isLocal whether a host name names this node (node 0), under any of its names
     * @throws PlacementException when a rank has no entry, an entry names a host that is not a node of the
     *                            job, a CPU the node lacks or a CPU taken, or a node has too few slots
     */
    public static JobMap map(ClusterMapper.Request r, PlacementList list, Predicate<String> isLocal) {
        List<PlacementRequest.App> apps = r.apps();
        int total = apps.stream().mapToInt(PlacementRequest.App::np).sum();
        String kind = list.rankfile() ? "rankfile" : "seq";
        if (!list.rankfile() && list.entries().size() < total) {
            throw new PlacementException("A sequential map was requested, but not enough node entries\nwere given to"
                    + " support the requested number of processes:\n\n  Num procs:  " + total + "\n  Num nodes:  "
                    + list.entries().size() + "\n\nThe sequential mapper requires that there be a node entry for every"
                    + " process in the job (" + list.source() + "). Add entries, or request fewer processes (-n).");
        }
        // each rank's node and explicit CPUs
        int[] nodeOf = new int[total];
        CpuSet[] cpus = new CpuSet[total];
        Map<Integer, List<Integer>> ranksOn = new LinkedHashMap<>();
        for (int rank = 0; rank < total; rank++) {
            PlacementList.Entry e = rank < list.entries().size() ? list.entries().get(rank) : null;
            if (e == null) {
                throw new PlacementException("A rank is missing its location specification:\n\n  Rank:        " + rank
                        + "\n  Rank file:   " + list.source() + "\n\nAll processes must have their location specified"
                        + " in the rank file: add an entry for it, or request fewer processes (-n).");
            }
            int idx = nodeIndex(r.nodes(), e, isLocal, kind);
            nodeOf[rank] = idx;
            ClusterNode n = r.nodes().get(idx);
            if (e.cpus() != null) {
                try {
                    cpus[rank] = PlacementList.cpus(e.cpus(), n.topology(), n.name(), e.where());
                } catch (IllegalArgumentException ex) {
                    throw new PlacementException(ex.getMessage());
                }
            }
            ranksOn.computeIfAbsent(idx, k -> new ArrayList<>()).add(rank);
        }
        ProcPlacement[] procs = new ProcPlacement[total];
        List<JobNode> nodes = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        BindingPolicy binding = null;
        for (int idx = 0; idx < r.nodes().size(); idx++) {
            List<Integer> ranks = ranksOn.get(idx);
            if (ranks == null) {
                continue;
            }
            ClusterNode n = r.nodes().get(idx);
            NodeUsage usage = r.usageOf(n);
            checkSlots(r, n, usage, ranks.size(), kind);
            List<Integer> unlisted = ranks.stream().filter(k -> cpus[k] == null).toList();
            List<ProcPlacement> computed = List.of();
            if (!unlisted.isEmpty()) {
                JobMap local = Mapper.map(PlacementRequest.builder(n.topology(), List.of(new PlacementRequest.App(
                        unlisted.size(), apps.get(appOf(apps, unlisted.get(0))).name())))
                        .mapping(new MappingPolicy(MappingPolicy.Target.SLOT, 0, true, false)).binding(r.binding())
                        .usage(usage).bindingSupport(r.bindingSupport()).hostname(n.name()).build());
                computed = local.procs();
                binding = binding == null ? local.binding() : binding;
                local.notes().forEach(note -> notes.add(n.name() + ": " + note));
            }
            CpuSet taken = usage.busy();
            int next = 0;
            for (int local = 0; local < ranks.size(); local++) {
                int rank = ranks.get(local);
                int app = appOf(apps, rank);
                int appRank = rank - firstRank(apps, app);
                CpuSet bound;
                CpuSet consumed;
                if (cpus[rank] != null) {
                    bound = cpus[rank];
                    if (bound.intersects(taken) && !r.binding().overloadAllowed()) {
                        throw new PlacementException(overloaded(rank, n, bound, taken, list));
                    }
                    consumed = bound;
                    taken = taken.or(bound);
                } else {
                    ProcPlacement p = computed.get(next++);
                    bound = p.cpus();
                    consumed = p.consumed();
                }
                procs[rank] = new ProcPlacement(rank, app, appRank, local, usage.nextNodeRank() + local, bound,
                        consumed, bound == null ? null : n.topology().describeBinding(bound, false),
                        n.topology().localityString(bound), n.id());
            }
            int onNode = usage.procs() + ranks.size();
            int slots = n.slotsFor(r.mapping());
            nodes.add(new JobNode(n.id(), n.name(), slots, n.maxSlots(), onNode, onNode > slots, n.memoryBytes(),
                    n.aliases()));
        }
        if (binding == null || list.rankfile()) {
            // the user's CPUs: bound to what was listed
            binding = new BindingPolicy(BindingPolicy.Target.CORE, false, r.binding().overload(),
                    r.binding().report());
        }
        MappingPolicy mapping = r.mapping().withOversubscribe(r.mapping().oversubscribeAllowed());
        return new JobMap(List.of(procs), nodes, mapping, RankingPolicy.SLOT, binding, 0, false, notes);
    }

    private static int nodeIndex(List<ClusterNode> nodes, PlacementList.Entry e, Predicate<String> isLocal,
            String kind) {
        int rel = PlacementList.relativeIndex(e.host());
        if (rel >= 0) {
            if (rel >= nodes.size()) {
                throw new PlacementException("Rankfile claimed host " + e.host() + " by index that is bigger than"
                        + " number of allocated hosts (" + nodes.size() + ": " + ClusterMapper.names(nodes) + "); "
                        + e.where());
            }
            return rel;
        }
        for (int i = 0; i < nodes.size(); i++) {
            ClusterNode n = nodes.get(i);
            if (n.name().equalsIgnoreCase(e.host()) || n.id() == 0 && isLocal.test(e.host())) {
                return i;
            }
        }
        // a node given by address is also known by its host name (PMIX_HOSTNAME_ALIASES), as PRRTE matches:
        // names first, and an alias only when it is one node's
        int byAlias = -1;
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).aliases().stream().anyMatch(a -> a.equalsIgnoreCase(e.host()))) {
                byAlias = byAlias < 0 ? i : -2;
            }
        }
        if (byAlias >= 0) {
            return byAlias;
        }
        if (kind.equals("rankfile")) {
            throw new PlacementException("The rankfile that was used claimed that a host was either not\nallocated or"
                    + " oversubscribed its slots.  Please review your rank-slot\nassignments and your host allocation"
                    + " to ensure a proper match.\n\n  Host: " + e.host() + " (" + e.where() + "; the job's hosts: "
                    + ClusterMapper.names(nodes) + ")");
        }
        throw new PlacementException("The specified sequence file contained a node (" + e.host() + ") that is not in"
                + " your\nallocation. We therefore cannot map a process rank to it (" + e.where() + "; the job's hosts: "
                + ClusterMapper.names(nodes) + "). Give the host with --host or --hostfile too.");
    }

    private static void checkSlots(ClusterMapper.Request r, ClusterNode n, NodeUsage usage, int count, String kind) {
        int slots = n.slotsFor(r.mapping());
        int free = Math.max(0, slots - usage.procs());
        if (count > free && !r.mapping().oversubscribeAllowed()) {
            throw new PlacementException("There are not enough slots available in the system to satisfy the " + count
                    + " slots that were requested on " + n.name() + " by --map-by " + kind + ".\n" + n.name() + " has "
                    + slots + " slot" + (slots == 1 ? "" : "s") + (usage.procs() > 0 ? " (" + usage.procs()
                    + " taken)" : "") + ". Give it more slots (--host " + n.name() + ":" + count + ", or slots=N in a"
                    + " --hostfile), or allow more processes than slots with --oversubscribe.");
        }
        if (n.maxSlots() > 0 && usage.procs() + count > n.maxSlots()) {
            throw new PlacementException("--map-by " + kind + " puts " + count + " processes on " + n.name()
                    + ", beyond its max_slots=" + n.maxSlots() + ", even when oversubscribing.");
        }
    }

    private static String overloaded(int rank, ClusterNode n, CpuSet wanted, CpuSet taken, PlacementList list) {
        return "A process attempted to bind to resources already allocated on a node\nto a different process.\n"
                + " Process : rank " + rank + " (" + list.source() + ")\n Node    : " + n.name()
                + "\n Process Requested CPU Set : " + wanted.toList() + "\n Overlapping CPU Set       : "
                + wanted.and(taken).toList() + "\n\nIf this is intentional then you must pass the \"overload-allowed\""
                + " qualifier to the --bind-to option.\n  --bind-to :overload-allowed";
    }

    private static int appOf(List<PlacementRequest.App> apps, int rank) {
        int base = 0;
        for (int a = 0; a < apps.size(); a++) {
            base += apps.get(a).np();
            if (rank < base) {
                return a;
            }
        }
        throw new IllegalStateException("rank " + rank + " beyond the job");
    }

    private static int firstRank(List<PlacementRequest.App> apps, int app) {
        int base = 0;
        for (int a = 0; a < app; a++) {
            base += apps.get(a).np();
        }
        return base;
    }

}
