package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Cpuset;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.Topology;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * COMPUTE_DEVICE_DISTANCES ({@code PMIx_Compute_distances_nb}, sent only when the client's own hwloc could
 * not compute them): TOPO topology, PROC_CPUSET cpuset, SIZE n, INFO[n]. Answered with a
 * {@link DeviceDistancesReply}.
 */
public record ComputeDeviceDistancesRequest(Topology topology, Cpuset cpuset, List<Info> directives)
        implements RequestMessage {
    public ComputeDeviceDistancesRequest {
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.COMPUTE_DEVICE_DISTANCES;
    }

    @Override
    public void writeBody(Packer p) {
        p.pack(topology).pack(cpuset).sizedInfos(directives);
    }

    public static ComputeDeviceDistancesRequest read(Unpacker u) {
        Topology topology = (Topology) u.unpackOne(DataType.TOPO);
        Cpuset cpuset = (Cpuset) u.unpackOne(DataType.PROC_CPUSET);
        return new ComputeDeviceDistancesRequest(topology, cpuset, u.sizedInfos("distance directives"));
    }
}
