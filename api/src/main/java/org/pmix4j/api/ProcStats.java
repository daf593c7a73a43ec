package org.pmix4j.api;

/**
 * PMIX_PROC_STATS: resource usage of one process, as far as the 4.2 wire carries it (the C struct's
 * percent_cpu and peak_vsize are not sent).
 *
 * @param state a {@code ps}-style state letter
 */
public record ProcStats(String node, Proc proc, int pid, String cmd, byte state, Value.TimeVal time,
        int priority, short numThreads, float pss, float vsize, float rss, short processor,
        Value.TimeVal sampleTime) implements Value {
    @Override
    public DataType type() {
        return DataType.PROC_STATS;
    }
}
