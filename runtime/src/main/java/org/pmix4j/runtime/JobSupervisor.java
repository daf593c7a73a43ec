package org.pmix4j.runtime;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.data.DataServer;
import org.pmix4j.server.PmixServer;

/**
 * What the runtime does when its processes and jobs end: applies the launcher's rules to each end (the
 * first failure stops the job) once the server has handled the process's connection to its end, raises
 * the lifecycle events, drops the published data that does not outlive its publisher, deregisters the
 * process and then the job from the server, reports a failed job and counts the job's status into the
 * run's outcome.
 */
final class JobSupervisor implements ProcessLauncher.ExitListener {
    private static final Log LOG = Log.of(JobSupervisor.class);
    /**
     * How long an end waits for the server to handle the process's connection to its end: a wedged server
     * must not hold the launcher for ever. Generous, as the wait is normally short but a node busy with
     * thousands of exits can delay it by seconds.
     */
    private static final long CONNECTION_END_LIMIT_SECONDS = 30;

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
        // a process of another node was judged by its own node's server, which its daemon waited for
        if (!p.remote()) {
            awaitConnectionEnd(p);
        }
        Job.Failure failure = classifier.classify(p, status);
        // record the failure before reporting it: of two ranks failing at once, the one named is the one
        // whose status the launcher exits with
        if (failure != null) {
            p.recordFailure(failure.why());
            job.fail(failure);
        }
        events.processEnded(p, p.exitStatus());
        data.processTerminated(p.proc());
        if (!p.remote()) {
            server.deregisterClient(p.proc());
        }
        job.exited();
    }

    /**
     * Waits until the server has handled the process's connection to its end: a process exits as soon as
     * its PMIx_Finalize returns, possibly before the server's loop read the FINALIZE it sent (libpmix stops
     * waiting for the acknowledgement after 2 s), and judged before that, its clean exit would pass for one
     * without PMIx_Finalize. The end of its connection comes after everything it sent.
     */
    private void awaitConnectionEnd(LaunchedProcess p) {
        try {
            server.whenClientLeft(p.proc()).get(CONNECTION_END_LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            LOG.warn("the server did not see the connection of {} end within {} s of its exit; judging the exit"
                    + " on what it handled so far", p.proc(), CONNECTION_END_LIMIT_SECONDS);
        } catch (ExecutionException e) {
            LOG.debug("waiting for the connection of {} to end: {}", p.proc(), e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Follows the job to its end (at once if it has already ended). */
    void follow(Job job) {
        job.ended().thenRun(() -> ended(job));
    }

    private void ended(Job job) {
        Job.Failure first = job.firstFailure();
        if (first != null) {
            messages.aboutJob(job, first.why() + "; the job " + job.nspace() + " was stopped.");
            if (org.pmix4j.runtime.json.JsonReports.wanted(job.directives())) {
                messages.reportAboutJob(job, FailureSummary.json(job, hostname));
            }
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
        // a job its processes spawned ends with it, as PRRTE ends it, unless spawned with
        // PMIX_SPAWN_CHILD_SEP or separated by PMIX_JOB_CTRL_SEP
        for (Job child : jobs.childJobsEndingWith(job)) {
            LOG.info("job {} ended: stopping its child job {}", job.nspace(), child.nspace());
            child.stop(0, "its parent job " + job.nspace() + " ended");
        }
        outcome.jobEnded(job.exitStatus());
        // nothing a job started outlives it: what is left of its processes' groups, in one kill(1), after
        // the job's end was told (a process of the job is no longer waited for)
        LaunchedProcess.killGroups(job.processes());
    }
}
