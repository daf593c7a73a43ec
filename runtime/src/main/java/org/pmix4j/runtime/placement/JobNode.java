package org.pmix4j.runtime.placement;

import java.util.List;

/**
 * One node of a job's map, as {@code --display map} and the job data give it.
 *
 * @param id             the runtime's node id ({@code PMIX_NODEID})
 * @param name           its host name, or {@code null} when the map was built without one (then the
 *                       launcher's node)
 * @param slots          the slots it offers
 * @param maxSlots       its max_slots, or 0
 * @param procs          processes on it with this job's, of any job ({@code PMIX_NODE_SIZE})
 * @param oversubscribed whether it holds more processes than slots ({@code PMIX_NODE_OVERSUBSCRIBED})
 * @param memoryBytes    its physical memory ({@code PMIX_AVAIL_PHYS_MEMORY}), or -1 when unknown
 * @param aliases        its other names ({@code PMIX_HOSTNAME_ALIASES}), none of them {@code name}
 */
public record JobNode(int id, String name, int slots, int maxSlots, int procs, boolean oversubscribed,
        long memoryBytes, List<String> aliases) {
    /** A node with no other names. */
    public JobNode(int id, String name, int slots, int maxSlots, int procs, boolean oversubscribed,
            long memoryBytes) {
        this(id, name, slots, maxSlots, procs, oversubscribed, memoryBytes, List.of());
    }

    public JobNode {
        aliases = List.copyOf(aliases);
    }
}
