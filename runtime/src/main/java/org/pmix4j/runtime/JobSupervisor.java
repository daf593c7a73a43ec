package org.pmix4j.runtime;

import org.pmix4j.runtime.data.DataServer;
import org.pmix4j.server.PmixServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the runtime does when its processes and jobs end: applies the launcher's rules to each end (the
 * first failure stops the job), raises the lifecycle events, drops the published data that does not
 * outlive its publisher, deregisters the process and then the job from the server, reports a failed job
 * and counts the job's status into the run's outcome.
 */
final class JobSupervisor implements ProcessLauncher.ExitListener {
    private static final Logger LOG = LoggerFactory.getLogger(JobSupervisor.class);

    private final ExitClassifier classifier;
    private final JobEvents events;
    private final DataServer data;
    private final PmixServer server;
    private final RunOutcome outcome;
    private final RuntimeMessages messages;
    private final JobTable jobs;
    private final String hostname;

    JobSupervisor(ExitClassifier classifier, JobEvents events, DataServer data, PmixServer server, RunOutcome outcome,
            JobTable jobs, RuntimeMessages messages, String hostname) {
        this.jobs = jobs;
        this.classifier = classifier;
        this.events = events;
        this.data = data;
        this.server = server;
        this.outcome = outcome;
        this.messages = messages;
        this.hostname = hostname;
    }

    @Override
    public void exited(Job job, LaunchedProcess p, int status) {
        Job.Failure failure = classifier.classify(p, status);
        // record the failure before reporting it: of two ranks failing at once, the one named is the one
        // whose status the launcher exits with
        if (failure != null) {
            p.recordFailure(failure.why());
            job.fail(failure);
        }
        events.processEnded(p, p.exitStatus());
        data.processTerminated(p.proc());
        server.deregisterClient(p.proc());
        job.exited();
    }

    /** Follows the job to its end (at once if it has already ended). */
    void follow(Job job) {
        job.ended().thenRun(() -> ended(job));
    }

    private void ended(Job job) {
        Job.Failure first = job.firstFailure();
        if (first != null) {
            messages.aboutJob(job, first.why() + "; the job " + job.nspace() + " was stopped.");
            String summary = FailureSummary.of(job, hostname);
            if (summary != null) {
                messages.aboutJob(job, summary);
            }
        }
        events.ended(job);
        data.namespaceTerminated(job.nspace());
        server.deregisterNspace(job.nspace()).exceptionally(e -> {
            LOG.debug("deregistering {}: {}", job.nspace(), e.toString());
            return null;
        });
        jobs.ended(job);
        outcome.jobEnded(job.exitStatus());
        // nothing a job started outlives it: what is left of its processes' groups, in one kill(1), after
        // the job's end was told (a process of the job is no longer waited for)
        LaunchedProcess.killGroups(job.processes());
    }
}
