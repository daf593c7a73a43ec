package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.ClusterMapper;
import org.pmix4j.runtime.placement.ClusterNode;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.Mapper;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.NodeUsage;
import org.pmix4j.runtime.placement.PlacementException;
import org.pmix4j.runtime.placement.PlacementRequest;
import org.pmix4j.runtime.placement.RankingPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Places a job on the cluster's nodes (this node alone until daemons join) beside what already runs there: the run's mapping, ranking and binding, or
 * those a spawn's directives ask for (PMIX_MAPBY, PMIX_RANKBY, PMIX_BINDTO), within the slots of
 * {@code --host} / {@code --hostfile}. A job that cannot be placed is a LaunchException saying why.
 */
final class JobPlacer {
    private static final Logger LOG = LoggerFactory.getLogger(JobPlacer.class);

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
        if (mapping.target() == MappingPolicy.Target.PPR && total > mapping.perNode()) {
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
            JobMap map = Mapper.map(req.build()).named(cluster.isEmpty() ? hostname : cluster.get(0).name());
            map.notes().forEach(n -> LOG.info("placement: {}", n));
            return map;
        } catch (PlacementException e) {
            throw new LaunchException(e.getMessage(), 1);
        }
    }
}
