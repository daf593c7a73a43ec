package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.runtime.json.Json;
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

    /**
     * The same for scripts, as one JSON line (docs/json.md, "failure"): the job, its first failure, and how
     * each of its processes ended. Printed for every failed job, also one of one process.
     */
    static String json(Job job, String hostname) {
        Job.Failure firstFailure = job.firstFailure();
        LaunchedProcess first = firstFailure == null ? null : firstFailure.who();
        List<Object> processes = new ArrayList<>();
        List<LaunchedProcess> procs = job.processes();
        for (LaunchedProcess p : procs) {
            String how = p == first ? "first failure" : p.stoppedByLauncher() ? "stopped by the launcher"
                    : p.failure() == null ? "ended normally" : "failed";
            String why = p == first ? firstFailure.why() : p.stoppedByLauncher() ? null : p.failure();
            processes.add(Json.object().put("rank", p.proc().rank()).put("pid", p.pid()).put("node", p.node())
                    .put("how", how).put("exitStatus", p.isAlive() ? null : p.exitStatus()).put("why", why));
        }
        for (int r = procs.size(); r < job.size(); r++) {
            processes.add(Json.object().put("rank", r).put("pid", null).put("node", null).put("how", "never started")
                    .put("exitStatus", null).put("why", null));
        }
        Json.Obj firstJson = firstFailure == null ? null : Json.object()
                .put("rank", first == null ? null : first.proc().rank()).put("status", firstFailure.status())
                .put("why", firstFailure.why());
        return Json.object().put("type", "failure").put("nspace", job.nspace()).put("launcherNode", hostname)
                .put("size", job.size()).put("exitStatus", job.exitStatus())
                .put("termStatus", org.pmix4j.api.PmixStatus.name(job.termStatus())).put("first", firstJson)
                .put("processes", processes).toString();
    }
}
