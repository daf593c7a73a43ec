package org.pmix4j.api;

/** PMIX_DISK_STATS: counters of one disk, as in {@code /proc/diskstats} (all unsigned 64-bit). */
public record DiskStats(String disk, long readsCompleted, long readsMerged, long sectorsRead,
        long millisecondsReading, long writesCompleted, long writesMerged, long sectorsWritten,
        long millisecondsWriting, long iosInProgress, long millisecondsIo, long weightedMillisecondsIo)
        implements Value {
    @Override
    public DataType type() {
        return DataType.DISK_STATS;
    }
}
