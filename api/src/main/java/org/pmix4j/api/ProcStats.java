package org.pmix4j.api;

/**
 * PMIX_PROC_STATS: resource usage of one process, as far as the 4.2 wire carries it (the C struct's
 * percent_cpu and peak_vsize are not sent).
 *
 * @param node       the node it runs on
 * @param proc       the process
 * @param pid        its pid
 * @param cmd        its command
 * @param state      a {@code ps}-style state letter
 * @param time       the CPU time it used
 * @param priority   its scheduling priority
 * @param numThreads its number of threads
 * @param pss        its proportional set size
 * @param vsize      its virtual memory size
 * @param rss        its resident set size
 * @param processor  the processor it last ran on
 * @param sampleTime when the figures were taken
 */
public record ProcStats(String node, Proc proc, int pid, String cmd, byte state, Value.TimeVal time,
        int priority, short numThreads, float pss, float vsize, float rss, short processor,
        Value.TimeVal sampleTime) implements Value {
    @Override
    public DataType type() {
        return DataType.PROC_STATS;
    }
}
