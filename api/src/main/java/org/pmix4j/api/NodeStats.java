package org.pmix4j.api;

import java.util.List;

/** PMIX_NODE_STATS: load and memory of a node, with its disks and network interfaces. */
public record NodeStats(String node, float loadAvg, float loadAvg5, float loadAvg15, float totalMem,
        float freeMem, float buffers, float cached, float swapCached, float swapTotal, float swapFree,
        float mapped, Value.TimeVal sampleTime, List<DiskStats> diskStats, List<NetStats> netStats)
        implements Value {
    public NodeStats {
        diskStats = List.copyOf(diskStats);
        netStats = List.copyOf(netStats);
    }

    @Override
    public DataType type() {
        return DataType.NODE_STATS;
    }
}
