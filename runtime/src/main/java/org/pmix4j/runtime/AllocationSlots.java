package org.pmix4j.runtime;

import java.util.List;
import java.util.Map;
import org.pmix4j.runtime.placement.HostSpec;
import org.pmix4j.runtime.placement.LocalNode;
import org.pmix4j.runtime.placement.NodeTopology;
import org.pmix4j.runtime.placement.PlacementRequest;
import org.pmix4j.runtime.placement.SlurmAllocation;

/**
 * The slots of the allocation a launcher runs in, the number of processes mpirun and prterun start for an
 * application given without -n: those of --host (a name without a count is one slot each time it is given)
 * and --hostfile (a line without {@code slots=} is one per core), else those of the Slurm allocation the
 * launcher runs in, else one per core of this node.
 */
public final class AllocationSlots {
    private AllocationSlots() {
    }

    /** The slots as counted by the same rules the placement applies ({@link HostSpec#slots}). */
    public static int of(List<String> hosts, String hostfile, String hostname, Map<String, String> env) {
        int cores = PlacementRequest.defaultSlots(NodeTopology.probe());
        HostSpec spec = HostSpec.ofOptions(hosts, hostfile, hostname);
        if (spec == null) {
            spec = SlurmAllocation.detect(env).map(a -> a.hostSpec(LocalNode.detect(hostname))).orElse(null);
        }
        return spec == null ? cores : spec.slots(cores);
    }
}
