package org.pmix4j.runtime.placement;

import java.util.List;
import java.util.Objects;

/**
 * Everything the mapper needs to place one job on this node. Build with {@link #builder}.
 *
 * @param topology       the node
 * @param apps           the job's applications in order (MPMD); ranks run contiguously across them
 * @param slots          the slots the node offers (hosts' slots, or one per core)
 * @param slotsOrigin    how the slots came about, for messages ("one per core", "from --host vm:4" …)
 * @param maxSlots       the most processes the node may hold even when oversubscribing, or 0 for no limit
 * @param mapping        {@code --map-by} (with {@code --oversubscribe} folded in)
 * @param ranking        {@code --rank-by}, or {@code null} to follow the mapping
 * @param binding        {@code --bind-to}
 * @param usage          what processes already running on the node take
 * @param bindingSupport whether binding works here
 * @param hostname       this node's name, for messages
 */
public record PlacementRequest(NodeTopology topology, List<App> apps, int slots, String slotsOrigin, int maxSlots,
        MappingPolicy mapping, RankingPolicy ranking, BindingPolicy binding, NodeUsage usage,
        BindingSupport bindingSupport, String hostname) {

    /**
     * One application of the job.
     *
     * @param np   how many processes
     * @param name what it runs, for messages (its program)
     */
    public record App(int np, String name) {
        public App {
            if (np < 1) {
                throw new IllegalArgumentException("an application needs at least one process, not " + np);
            }
            Objects.requireNonNull(name, "name");
        }
    }

    public PlacementRequest {
        Objects.requireNonNull(topology, "topology");
        apps = List.copyOf(apps);
        if (apps.isEmpty()) {
            throw new IllegalArgumentException("a job needs at least one application");
        }
        if (slots < 1) {
            throw new IllegalArgumentException("a node needs at least one slot, not " + slots);
        }
        if (maxSlots < 0) {
            throw new IllegalArgumentException("max_slots cannot be negative: " + maxSlots);
        }
        Objects.requireNonNull(mapping, "mapping");
        Objects.requireNonNull(binding, "binding");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(bindingSupport, "bindingSupport");
    }

    /** The default slot count of a node: one per core (per hardware thread where no cores are known). */
    public static int defaultSlots(NodeTopology topology) {
        int cores = topology.objects(HwLevel.CORE).size();
        return cores > 0 ? cores : topology.objects(HwLevel.HWTHREAD).size();
    }

    /**
     * The default slot count for a job mapped by {@code mapping}: one per core, or one per hardware thread
     * when mapping by hardware thread (which counts hardware threads as CPUs).
     */
    public static int defaultSlots(NodeTopology topology, MappingPolicy mapping) {
        return mapping.hwthreadCpus() ? topology.objects(HwLevel.HWTHREAD).size()
                : defaultSlots(topology);
    }

    /** A request with PRRTE's defaults: one slot per core, default policies, an idle node. */
    public static Builder builder(NodeTopology topology, List<App> apps) {
        return new Builder(topology, apps);
    }

    /** Builds a {@link PlacementRequest}. */
    public static final class Builder {
        private final NodeTopology topology;
        private final List<App> apps;
        private int slots;
        private String slotsOrigin;
        private int maxSlots;
        private MappingPolicy mapping = MappingPolicy.DEFAULT;
        private RankingPolicy ranking;
        private BindingPolicy binding = BindingPolicy.DEFAULT;
        private NodeUsage usage = NodeUsage.IDLE;
        private BindingSupport bindingSupport = BindingSupport.SUPPORTED;
        private String hostname = "this node";

        private Builder(NodeTopology topology, List<App> apps) {
            this.topology = topology;
            this.apps = apps;
        }

        /** Slots given by hosts, with how they came about ("from --host vm:4"). */
        public Builder slots(int slots, String origin) {
            this.slots = slots;
            this.slotsOrigin = Objects.requireNonNull(origin, "origin");
            return this;
        }

        public Builder maxSlots(int maxSlots) {
            this.maxSlots = maxSlots;
            return this;
        }

        public Builder mapping(MappingPolicy mapping) {
            this.mapping = mapping;
            return this;
        }

        public Builder ranking(RankingPolicy ranking) {
            this.ranking = ranking;
            return this;
        }

        public Builder binding(BindingPolicy binding) {
            this.binding = binding;
            return this;
        }

        public Builder usage(NodeUsage usage) {
            this.usage = usage;
            return this;
        }

        public Builder bindingSupport(BindingSupport support) {
            this.bindingSupport = support;
            return this;
        }

        public Builder hostname(String hostname) {
            this.hostname = hostname;
            return this;
        }

        public PlacementRequest build() {
            int n = slots;
            String origin = slotsOrigin;
            if (origin == null) {
                n = defaultSlots(topology, mapping);
                boolean threads = mapping.hwthreadCpus() || !topology.has(HwLevel.CORE);
                origin = threads ? "one per hardware thread" : "one per core";
            }
            return new PlacementRequest(topology, apps, n, origin, maxSlots, mapping, ranking, binding, usage,
                    bindingSupport, hostname);
        }
    }
}
