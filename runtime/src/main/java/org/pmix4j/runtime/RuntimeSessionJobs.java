package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.pmix4j.runtime.session.SessionJobs;

/**
 * The runtime's jobs as session control sees them: counted, stopped and signalled by namespace, through
 * the same paths as the launcher's own stops and signals ({@link Job#stop}, {@link Kill}).
 */
final class RuntimeSessionJobs implements SessionJobs {
    /** The status a job stopped with its session leaves with: as if terminated by SIGTERM. */
    private static final int SESSION_END_STATUS = 128 + 15;

    private final JobTable jobs;

    RuntimeSessionJobs(JobTable jobs) {
        this.jobs = jobs;
    }

    @Override
    public <T> T whileNoJobIsPlaced(Supplier<T> action) {
        return jobs.whileNoJobIsPlaced(action);
    }

    @Override
    public int runningProcesses(int sessionId) {
        return jobs.runningProcesses(sessionId);
    }

    @Override
    public CompletableFuture<List<JobEnd>> stop(List<String> nspaces, String why) {
        List<CompletableFuture<JobEnd>> ends = new ArrayList<>();
        for (String ns : nspaces) {
            Job j = jobs.job(ns);
            if (j == null) {
                continue;
            }
            j.stop(SESSION_END_STATUS, why);
            ends.add(j.ended().thenApply(done -> new JobEnd(ns, done.exitStatus(), done.termStatus())));
        }
        return CompletableFuture.allOf(ends.toArray(CompletableFuture[]::new))
                .thenApply(v -> ends.stream().map(CompletableFuture::join).toList());
    }

    @Override
    public void signal(List<String> nspaces, String signal) {
        List<LaunchedProcess> all = new ArrayList<>();
        for (String ns : nspaces) {
            Job j = jobs.job(ns);
            if (j != null) {
                all.addAll(j.processes());
            }
        }
        LaunchedProcess.signalTrees(signal, all);
    }
}
