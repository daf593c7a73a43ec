package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.runtime.placement.CpuSet;

/**
 * The end-of-job summary of a failed job: the first failure and every other process that failed on its own
 * before the launcher stopped it, one line each with how it ended, then the others grouped by rank (ended
 * normally, stopped by the launcher, never started). The report of the first failure
 * names one rank; a user debugging a crash of many ranks needs all of them, as Slurm's srun lists them.
 */
final class FailureSummary {
    private FailureSummary() {
    }

    /** The summary, or {@code null} when there is nothing to add to the first failure's report. */
    static String of(Job job, String hostname) {
        Job.Failure firstFailure = job.firstFailure();
        LaunchedProcess first = firstFailure == null ? null : firstFailure.who();
        List<String> failed = new ArrayList<>();
        Map<String, List<Integer>> others = new LinkedHashMap<>();
        others.put("ended normally", new ArrayList<>());
        others.put("stopped by the launcher", new ArrayList<>());
        others.put("never started", new ArrayList<>());
        List<LaunchedProcess> procs = job.processes();
        for (LaunchedProcess p : procs) {
            int rank = p.proc().rank();
            if (p == first) {
                // its report says it best (an abort's status and message, a job-control kill …)
                failed.add(0, "  " + firstFailure.why() + " (the first failure)");
            } else if (p.stoppedByLauncher()) {
                // whatever status it then gave, it is a consequence, not a failure of its own
                others.get("stopped by the launcher").add(rank);
            } else if (p.failure() == null) {
                others.get("ended normally").add(rank);
            } else {
                failed.add("  " + p.failure());
            }
        }
        for (int r = procs.size(); r < job.size(); r++) {
            others.get("never started").add(r);
        }
        if (job.size() < 2 || failed.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder("how the " + job.size() + " processes of job " + job.nspace()
                + " on node " + hostname + " ended:");
        failed.forEach(line -> sb.append('\n').append(line));
        others.forEach((how, ranks) -> {
            if (!ranks.isEmpty()) {
                sb.append("\n  rank").append(ranks.size() > 1 ? "s " : " ")
                        .append(CpuSet.ranges(ranks.stream().mapToInt(Integer::intValue).sorted().toArray()))
                        .append(' ').append(how);
            }
        });
        return sb.toString();
    }
}
