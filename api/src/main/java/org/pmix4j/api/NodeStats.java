package org.pmix4j.api;

import java.util.List;

/**
 * PMIX_NODE_STATS: load and memory of a node, with its disks and network interfaces. Memory figures are in
 * the units the host reports (libpmix's hosts use megabytes).
 *
 * @param node        the node's name
 * @param loadAvg     the load average over 1 minute
 * @param loadAvg5    over 5 minutes
 * @param loadAvg15   over 15 minutes
 * @param totalMem    total memory
 * @param freeMem     free memory
 * @param buffers     memory in kernel buffers
 * @param cached      memory in the page cache
 * @param swapCached  swap held in memory too
 * @param swapTotal   total swap
 * @param swapFree    free swap
 * @param mapped      memory mapped into processes
 * @param sampleTime  when the figures were taken
 * @param diskStats   the node's disks
 * @param netStats    the node's network interfaces
 */
public record NodeStats(String node, float loadAvg, float loadAvg5, float loadAvg15, float totalMem,
        float freeMem, float buffers, float cached, float swapCached, float swapTotal, float swapFree,
        float mapped, Value.TimeVal sampleTime, List<DiskStats> diskStats, List<NetStats> netStats)
        implements Value {
    /** Copies the lists. */
    public NodeStats {
        diskStats = List.copyOf(diskStats);
        netStats = List.copyOf(netStats);
    }

    @Override
    public DataType type() {
        return DataType.NODE_STATS;
    }
}
