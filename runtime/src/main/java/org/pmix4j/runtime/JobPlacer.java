package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.ClusterMapper;
import org.pmix4j.runtime.placement.ClusterNode;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.ListedMapper;
import org.pmix4j.runtime.placement.LocalNode;
import org.pmix4j.runtime.placement.Mapper;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.NodeUsage;
import org.pmix4j.runtime.placement.PlacementException;
import org.pmix4j.runtime.placement.PlacementList;
import org.pmix4j.runtime.placement.PlacementReports;
import org.pmix4j.runtime.placement.PlacementRequest;
import org.pmix4j.runtime.placement.RankingPolicy;

/**
 * Places a job on the cluster's nodes (this node alone until daemons join) beside what already runs there: the run's mapping, ranking and binding, or
 * those a spawn's directives ask for (PMIX_MAPBY, PMIX_RANKBY, PMIX_BINDTO), within the slots of
 * {@code --host} / {@code --hostfile}. A job that cannot be placed is a LaunchException saying why.
 */
final class JobPlacer {
    private static final Log LOG = Log.of(JobPlacer.class);

    /** The slots of the session a job runs in, and how they came about (for messages). */
    record SessionSlots(int slots, String origin) {
    }

    private final RunPlan plan;
    private final String hostname;
    private final Supplier<List<ClusterNode>> nodes;

    /**
     * @param nodes the nodes jobs may be placed on, in host order, read for every job (daemons may join
     *              between jobs); one entry, or none, for this node alone (id 0)
     */
    JobPlacer(RunPlan plan, String hostname, Supplier<List<ClusterNode>> nodes) {
        this.plan = plan;
        this.hostname = hostname;
        this.nodes = nodes;
    }

    /** A placer for this node alone, as before several nodes. */
    JobPlacer(RunPlan plan, String hostname) {
        this(plan, hostname, List::of);
    }

    /**
     * A spawn's PMIX_MAPBY: a policy, or only an oversubscription qualifier ({@code :OVERSUBSCRIBE}, what
     * {@code prun --oversubscribe} sends without {@code --map-by}) applied to the default policy.
     */
    private MappingPolicy mapping(String spec) {
        String s = spec.strip();
        if (s.equalsIgnoreCase(":OVERSUBSCRIBE") || s.equalsIgnoreCase(":NOOVERSUBSCRIBE")) {
            return plan.mapping.withOversubscribe(s.equalsIgnoreCase(":OVERSUBSCRIBE"));
        }
        return MappingPolicy.parse(s);
    }

    /**
     * @param usage what the running processes take, by node id: on this node (0), of the job's session its
     *              slots, of all their CPUs; on the others, all of theirs
     * @param slots the job's session's slots, or null when the runtime has only its default session (then
     *              the run's slots, as without sessions); with scheduler sessions a job stays on this node
     */
    JobMap place(List<AppContext> apps, List<Info> directives, Map<Integer, NodeUsage> usage, SessionSlots slots) {
        List<PlacementRequest.App> reqApps = new ArrayList<>();
        for (AppContext a : apps) {
            reqApps.add(new PlacementRequest.App(a.np(), a.argv().get(0)));
        }
        MappingPolicy mapping = Attributes.MAPBY.find(directives).map(this::mapping).orElse(plan.mapping);
        RankingPolicy ranking = Attributes.RANKBY.find(directives).map(RankingPolicy::parse).orElse(plan.ranking);
        BindingPolicy binding = Attributes.BINDTO.find(directives).map(BindingPolicy::parse).orElse(plan.binding);
        List<ClusterNode> cluster = nodes.get();
        if (mapping.target() != null && mapping.target().listed()) {
            return placeListed(reqApps, mapping, ranking, binding, usage, slots, cluster);
        }
        if (slots == null && !(cluster.isEmpty() || cluster.size() == 1 && cluster.get(0).id() == 0)) {
            try {
                JobMap map = ClusterMapper.map(new ClusterMapper.Request(cluster, reqApps, mapping, ranking, binding,
                        usage, plan.binder.support()));
                map.notes().forEach(n -> LOG.info("placement: {}", n));
                return map;
            } catch (PlacementException e) {
                throw new LaunchException(e.getMessage(), 1);
            }
        }
        int total = reqApps.stream().mapToInt(PlacementRequest.App::np).sum();
        if (mapping.target() == MappingPolicy.Target.PPR && !mapping.perObjectPattern() && total > mapping.perNode()) {
            throw new LaunchException("--map-by " + mapping + " places at most " + mapping.perNode() + " process"
                    + (mapping.perNode() == 1 ? "" : "es") + " on this node (" + hostname + "), the only node of the"
                    + " job, but " + total + " were requested. Request fewer processes (-n) or give more hosts.", 1);
        }
        PlacementRequest.Builder req = PlacementRequest.builder(plan.topology, reqApps)
                .mapping(mapping).binding(binding).usage(usage.getOrDefault(0, NodeUsage.IDLE))
                .bindingSupport(plan.binder.support()).hostname(hostname);
        if (ranking != null) {
            req.ranking(ranking);
        }
        if (slots != null) {
            if (slots.slots() < 1) {
                throw new LaunchException("there are no slots " + slots.origin() + " for the job", 1);
            }
            req.slots(slots.slots(), slots.origin());
            if (!slots.origin().startsWith("of the default session")) {
                // a scheduler's session: its slots are all the job may have, oversubscribed or not
                req.maxSlots(slots.slots());
            }
        } else if (plan.hosts != null) {
            req.slots(plan.hosts.slots(PlacementRequest.defaultSlots(plan.topology)), "from " + plan.hosts.option())
                    .maxSlots(plan.hosts.maxSlots());
        }
        try {
            JobMap mapped = Mapper.map(req.build());
            JobMap map = cluster.isEmpty() ? mapped.named(hostname, NodeAliases.ownNames(hostname))
                    : mapped.named(cluster.get(0).name(), cluster.get(0).aliases());
            map.notes().forEach(n -> LOG.info("placement: {}", n));
            return map;
        } catch (PlacementException e) {
            throw new LaunchException(e.getMessage(), 1);
        }
    }

    /**
     * The allocation a job was placed on, for {@code --display allocation}: every node it could use, in host
     * order, with its slots free before the job, max_slots and slots in use by other processes.
     *
     * @param map   the job's placement (its mapping decides one slot per core or per hardware thread)
     * @param inUse the live processes of other jobs on a node, by node id
     */
    List<PlacementReports.AllocatedNode> allocation(JobMap map, java.util.function.IntUnaryOperator inUse) {
        List<ClusterNode> cluster = nodes.get();
        if (cluster.isEmpty() || cluster.size() == 1 && cluster.get(0).id() == 0) {
            int n = plan.hosts != null ? plan.hosts.slots(PlacementRequest.defaultSlots(plan.topology)) : 0;
            String name = cluster.isEmpty() ? hostname : cluster.get(0).name();
            cluster = List.of(new ClusterNode(0, name, plan.topology, n, plan.hosts != null ? plan.hosts.maxSlots()
                    : 0, -1));
        }
        List<PlacementReports.AllocatedNode> out = new ArrayList<>();
        for (ClusterNode n : cluster) {
            int slots = n.slotsFor(map.mapping());
            int used = inUse.applyAsInt(n.id());
            out.add(new PlacementReports.AllocatedNode(n.name(), Math.max(0, slots - used), n.maxSlots(), used));
        }
        return out;
    }

    /**
     * {@code --map-by seq} and {@code rankfile}: each rank where the user's list puts it, on the cluster's
     * nodes (this node alone before daemons join, with the run's or the session's slots).
     */
    private JobMap placeListed(List<PlacementRequest.App> apps, MappingPolicy mapping, RankingPolicy ranking,
            BindingPolicy binding, Map<Integer, NodeUsage> usage, SessionSlots slots, List<ClusterNode> cluster) {
        if (ranking != null && ranking != RankingPolicy.SLOT) {
            throw new LaunchException("--rank-by " + ranking.name().toLowerCase(java.util.Locale.ROOT) + " cannot"
                    + " be combined with --map-by " + mapping + ", which gives each rank's place itself", 1);
        }
        List<ClusterNode> on = cluster;
        if (slots != null || cluster.isEmpty() || cluster.size() == 1 && cluster.get(0).id() == 0) {
            int n = slots != null ? slots.slots() : plan.hosts != null
                    ? plan.hosts.slots(PlacementRequest.defaultSlots(plan.topology)) : 0;
            int max = slots != null && !slots.origin().startsWith("of the default session") ? slots.slots()
                    : slots == null && plan.hosts != null ? plan.hosts.maxSlots() : 0;
            String name = cluster.isEmpty() ? hostname : cluster.get(0).name();
            on = List.of(new ClusterNode(0, name, plan.topology, n, max, -1));
        }
        try {
            PlacementList list = placementList(mapping);
            LocalNode local = LocalNode.detect(hostname);
            JobMap map = ListedMapper.map(new ClusterMapper.Request(on, apps, mapping, null, binding, usage,
                    plan.binder.support()), list, local::isLocal);
            map.notes().forEach(n -> LOG.info("placement: {}", n));
            return map;
        } catch (PlacementException | IllegalArgumentException e) {
            throw new LaunchException(e.getMessage(), 1);
        }
    }

    /** The list of a seq or rankfile mapping: its FILE=, else (seq) the hostfile or the --host list. */
    private PlacementList placementList(MappingPolicy mapping) {
        boolean seq = mapping.target() == MappingPolicy.Target.SEQ;
        if (mapping.file() != null) {
            java.nio.file.Path f = java.nio.file.Path.of(mapping.file());
            return seq ? PlacementList.readSequence(f) : PlacementList.readRankfile(f);
        }
        if (plan.options.hostfile() != null) {
            return PlacementList.readSequence(java.nio.file.Path.of(plan.options.hostfile()));
        }
        if (plan.hosts != null) {
            return PlacementList.ofHosts(plan.hosts.hosts(), plan.hosts.option());
        }
        throw new IllegalArgumentException("--map-by " + mapping + " needs the list of hosts, one line per rank:"
                + " give it as --map-by seq:FILE=path, or with --hostfile");
    }
}
