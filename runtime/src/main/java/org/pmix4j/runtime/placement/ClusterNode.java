package org.pmix4j.runtime.placement;

import java.util.List;
import java.util.Objects;

/**
 * One node a job may be placed on: the launcher's own, or one whose daemon reported its topology.
 *
 * @param id          the runtime's node id ({@code PMIX_NODEID}; 0 is the launcher's node)
 * @param name        its host name, as the job data and messages give it
 * @param topology    its hardware
 * @param slots       its slots, or 0 for one per core (one per hardware thread when mapping by hardware
 *                    thread), as {@link PlacementRequest#defaultSlots(NodeTopology, MappingPolicy)} counts
 * @param maxSlots    the most processes it may hold even when oversubscribing, or 0 for no limit
 * @param memoryBytes its physical memory ({@code PMIX_AVAIL_PHYS_MEMORY}), or -1 when unknown
 * @param aliases     its other names ({@code PMIX_HOSTNAME_ALIASES}: what its kernel calls it, the name it was
 *                    given), none of them {@code name}
 */
public record ClusterNode(int id, String name, NodeTopology topology, int slots, int maxSlots, long memoryBytes,
        List<String> aliases) {
    /** A node with no other names. */
    public ClusterNode(int id, String name, NodeTopology topology, int slots, int maxSlots, long memoryBytes) {
        this(id, name, topology, slots, maxSlots, memoryBytes, List.of());
    }

    public ClusterNode {
        aliases = List.copyOf(aliases);
        if (id < 0) {
            throw new IllegalArgumentException("a node id cannot be negative: " + id);
        }
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(topology, "topology");
        if (slots < 0 || maxSlots < 0) {
            throw new IllegalArgumentException("node " + name + ": slots (" + slots + ") and max_slots (" + maxSlots
                    + ") cannot be negative");
        }
    }

    /** Its slots for a job mapped by {@code mapping}: those given, or one per core (or hardware thread). */
    public int slotsFor(MappingPolicy mapping) {
        return slots > 0 ? slots : PlacementRequest.defaultSlots(topology, mapping);
    }
}
