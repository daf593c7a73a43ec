package org.pmix4j.cli.top;

import java.time.Instant;
import java.util.List;

/**
 * One refresh of {@code pmix4j top}: what the runtime runs, as sampled at {@code at}, and the latest events.
 *
 * @param at     when the sample was taken
 * @param jobs   the jobs, in the runtime's order
 * @param events the latest job events, oldest first
 */
record TopFrame(Instant at, List<Job> jobs, List<EventLine> events) {

    /** A job and its processes. */
    record Job(String nspace, List<Process> processes) {
    }

    /**
     * One process.
     *
     * @param cpuPercent  CPU use since the previous sample, in percent of one CPU; null when not known yet
     *                    or not sampled (a process on another node)
     * @param rssMb       resident memory in MB, or null when not sampled
     * @param outputBytes bytes of stdout and stderr forwarded so far
     * @param outputRate  bytes per second since the previous sample, or null on the first
     */
    record Process(int rank, int pid, String node, String state, String executable, Double cpuPercent, Double rssMb,
            long outputBytes, Double outputRate) {
    }

    /** A job event as it arrived: its time, its PMIx name and what it says. */
    record EventLine(Instant at, String event, String nspace, Integer rank, String text) {
    }
}
