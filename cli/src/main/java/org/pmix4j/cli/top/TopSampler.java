package org.pmix4j.cli.top;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Proc;
import org.pmix4j.api.ProcInfo;
import org.pmix4j.api.ProcStats;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.frontend.JobListing;
import org.pmix4j.runtime.frontend.ProcessStatsQuery;

/**
 * Takes {@link TopFrame}s from a runtime through its tool connection: the jobs (PMIX_QUERY_NAMESPACES), each
 * job's processes (PMIX_QUERY_PROC_TABLE) and their statistics (pmix4j.qry.pstats: PMIX_PROC_STATS and
 * forwarded output). CPU percent and output rate are differences against the previous frame's sample of
 * the same process, so the first frame has none.
 */
final class TopSampler {
    private final PmixTool tool;
    private final EventPane events;
    private final Map<Proc, Previous> previous = new HashMap<>();

    /** What a rate is computed against: CPU time (µs) and output bytes at a sample time (ms). */
    private record Previous(long cpuMicros, long sampleMillis, long outputBytes, long wallNanos) {
    }

    TopSampler(PmixTool tool, EventPane events) {
        this.tool = tool;
        this.events = events;
    }

    TopFrame sample() {
        long wall = System.nanoTime();
        List<TopFrame.Job> jobs = new ArrayList<>();
        Map<Proc, Previous> seen = new HashMap<>();
        for (String ns : JobListing.namespaces(tool)) {
            Map<Integer, ProcessStatsQuery.Row> stats = ProcessStatsQuery.ask(tool, ns);
            List<TopFrame.Process> procs = new ArrayList<>();
            for (ProcInfo p : JobListing.processTable(tool, ns)) {
                ProcessStatsQuery.Row row = stats.get(p.proc().rank());
                ProcStats s = row == null ? null : row.stats();
                long bytes = row == null ? 0 : row.outputBytes();
                Previous before = previous.get(p.proc());
                Double cpu = null;
                Double rate = null;
                long cpuMicros = s == null ? -1 : s.time().seconds() * 1_000_000 + s.time().micros();
                long sampleMillis = s == null ? -1 : s.sampleTime().seconds() * 1000 + s.sampleTime().micros() / 1000;
                if (before != null) {
                    if (s != null && before.cpuMicros >= 0 && sampleMillis > before.sampleMillis) {
                        cpu = (cpuMicros - before.cpuMicros) / 10.0 / (sampleMillis - before.sampleMillis);
                    }
                    if (row != null && wall > before.wallNanos) {
                        rate = (bytes - before.outputBytes) * 1e9 / (wall - before.wallNanos);
                    }
                }
                seen.put(p.proc(), new Previous(cpuMicros, sampleMillis, bytes, wall));
                procs.add(new TopFrame.Process(p.proc().rank(), p.pid(), p.hostname(), p.state().label(),
                        p.executable(), cpu, s == null ? null : (double) s.rss(), bytes, rate));
            }
            jobs.add(new TopFrame.Job(ns, procs));
        }
        previous.clear();
        previous.putAll(seen);
        return new TopFrame(Instant.now(), jobs, events.latest());
    }
}
