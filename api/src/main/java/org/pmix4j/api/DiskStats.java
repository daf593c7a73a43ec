package org.pmix4j.api;

/**
 * PMIX_DISK_STATS: counters of one disk, as in {@code /proc/diskstats} (all unsigned 64-bit).
 *
 * @param disk                   the disk's name, e.g. {@code sda}
 * @param readsCompleted         reads completed
 * @param readsMerged            adjacent reads merged into one
 * @param sectorsRead            sectors read
 * @param millisecondsReading    time spent reading
 * @param writesCompleted        writes completed
 * @param writesMerged           adjacent writes merged into one
 * @param sectorsWritten         sectors written
 * @param millisecondsWriting    time spent writing
 * @param iosInProgress          requests in flight now
 * @param millisecondsIo         time the disk was busy
 * @param weightedMillisecondsIo busy time weighted by the requests in flight
 */
public record DiskStats(String disk, long readsCompleted, long readsMerged, long sectorsRead,
        long millisecondsReading, long writesCompleted, long writesMerged, long sectorsWritten,
        long millisecondsWriting, long iosInProgress, long millisecondsIo, long weightedMillisecondsIo)
        implements Value {
    @Override
    public DataType type() {
        return DataType.DISK_STATS;
    }
}
