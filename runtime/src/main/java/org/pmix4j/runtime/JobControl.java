package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.internal.Log;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;

/**
 * PMIx_Job_control on the runtime's processes: kill (SIGKILL), terminate (SIGTERM, SIGKILL after a grace
 * period), signal (any signal), pause (SIGSTOP) and resume (SIGCONT), of single processes or whole
 * namespaces (rank WILDCARD; no target at all means the requester's own job), and separation of a job from
 * its parent job (PMIX_JOB_CTRL_SEP: it no longer ends with it). Directives a single-node
 * launcher cannot carry out (checkpoint, restart, provisioning, cancel of a queued request, preemption)
 * fail with PMIX_ERR_NOT_SUPPORTED naming them; cleanup registrations never get here (the server handles
 * them itself).
 */
final class JobControl {
    private static final Log LOG = Log.of(JobControl.class);
    /** How long job control waits for a job being launched to have all its processes (1,024 take ~4 s). */
    static final long LAUNCH_WAIT_SECONDS = 60;
    private static final List<String> UNSUPPORTED = List.of(Attributes.JOB_CTRL_CANCEL.key(),
            Attributes.JOB_CTRL_RESTART.key(), Attributes.JOB_CTRL_CHECKPOINT.key(),
            Attributes.JOB_CTRL_CHECKPOINT_EVENT.key(), Attributes.JOB_CTRL_CHECKPOINT_SIGNAL.key(),
            Attributes.JOB_CTRL_CHECKPOINT_TIMEOUT.key(), Attributes.JOB_CTRL_CHECKPOINT_METHOD.key(),
            Attributes.JOB_CTRL_PROVISION.key(), Attributes.JOB_CTRL_PROVISION_IMAGE.key(),
            Attributes.JOB_CTRL_PREEMPTIBLE.key());

    private final JobTable jobs;
    private final String runtimeNspace;
    private final java.util.function.Consumer<Proc> terminateRuntime;

    /**
     * @param runtimeNspace    the runtime's own namespace (its server's): naming it targets the runtime
     * @param terminateRuntime told who asked the runtime itself to terminate (what {@code pmix4j term} does)
     */
    JobControl(JobTable jobs, String runtimeNspace, java.util.function.Consumer<Proc> terminateRuntime) {
        this.jobs = jobs;
        this.runtimeNspace = runtimeNspace;
        this.terminateRuntime = terminateRuntime;
    }

    /**
     * Checks the directives and returns what carries them out: a request that cannot be carried out is
     * refused here, before anything is done, so that the requester can be answered before the signals go
     * (it may be among the targets, or the launcher may end with the job it stops).
     */
    Runnable prepare(Proc requester, List<Proc> targets, List<Info> directives) {
        if (targets.stream().anyMatch(t -> t.nspace().equals(runtimeNspace))) {
            if (targets.size() == 1 && (Attributes.JOB_CTRL_TERMINATE.find(directives).orElse(false)
                    || Attributes.JOB_CTRL_KILL.find(directives).orElse(false))) {
                return () -> terminateRuntime.accept(requester);
            }
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "job control of the runtime itself ("
                    + runtimeNspace + ") takes only PMIX_JOB_CTRL_TERMINATE or PMIX_JOB_CTRL_KILL, alone");
        }
        for (Info i : directives) {
            if (UNSUPPORTED.contains(i.key())) {
                throw new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "pmix4j run cannot carry out job control '"
                        + i.key() + "' (" + Attributes.forKey(i.key()).map(a -> a.macroName()).orElse("?") + ")");
            }
        }
        if (Attributes.JOB_CTRL_SEP.find(directives).orElse(false)) {
            List<Job> separated = targetJobs(requester, targets);
            return () -> separated.forEach(Job::separate);
        }
        List<LaunchedProcess> procs = resolve(requester, targets);
        List<Job> whole = wholeJobs(requester, targets);
        if (Attributes.JOB_CTRL_KILL.find(directives).orElse(false)) {
            return () -> {
                whole.forEach(j -> j.controlledEnd("KILL"));
                procs.forEach(LaunchedProcess::markKilledByCommand);
                LaunchedProcess.signalTrees("KILL", procs);
            };
        } else if (Attributes.JOB_CTRL_TERMINATE.find(directives).orElse(false)) {
            return () -> {
                whole.forEach(j -> j.controlledEnd("TERM"));
                procs.forEach(LaunchedProcess::markKilledByCommand);
                send("TERM", procs);
                Thread.ofVirtual().start(() -> {
                    try {
                        Thread.sleep(Job.TERM_GRACE_MS);
                    } catch (InterruptedException e) {
                        return;
                    }
                    LaunchedProcess.signalTrees("KILL", procs.stream().filter(LaunchedProcess::isAlive).toList());
                });
            };
        } else if (Attributes.JOB_CTRL_PAUSE.find(directives).orElse(false)) {
            return () -> send("STOP", procs);
        } else if (Attributes.JOB_CTRL_RESUME.find(directives).orElse(false)) {
            return () -> send("CONT", procs);
        }
        int sig = Attributes.JOB_CTRL_SIGNAL.find(directives).orElseThrow(() -> new PmixException(
                PmixStatus.PMIX_ERR_BAD_PARAM, "job control without an action (kill, terminate, signal, pause,"
                        + " resume)"));
        if (sig <= 0 || sig > 64) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "PMIX_JOB_CTRL_SIGNAL " + sig
                    + " is not a signal number");
        }
        return () -> {
            if (sig == 9 || sig == 15) {
                procs.forEach(LaunchedProcess::markKilledByCommand);
            }
            send(Integer.toString(sig), procs);
        };
    }

    private static void send(String signal, List<LaunchedProcess> procs) {
        LaunchedProcess.signalTrees(signal, procs);
    }

    /**
     * The jobs PMIX_JOB_CTRL_SEP separates from their parent jobs: the targets' (no target: the
     * requester's own); an unknown namespace is an error naming it.
     */
    private List<Job> targetJobs(Proc requester, List<Proc> targets) {
        List<Proc> wanted = targets.isEmpty() ? List.of(Proc.wildcard(requester.nspace())) : targets;
        Set<Job> out = new LinkedHashSet<>();
        for (Proc t : wanted) {
            Job job = jobs.job(t.nspace());
            if (job == null) {
                throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "job control: no job " + t.nspace()
                        + " to separate from its parent");
            }
            out.add(job);
        }
        return new ArrayList<>(out);
    }

    /** The jobs the targets name as a whole (rank wildcard; no target: the requester's own job). */
    private List<Job> wholeJobs(Proc requester, List<Proc> targets) {
        List<Proc> wanted = targets.isEmpty() ? List.of(Proc.wildcard(requester.nspace())) : targets;
        Set<Job> out = new LinkedHashSet<>();
        for (Proc t : wanted) {
            Job job = jobs.job(t.nspace());
            if (job != null && t.rank() == Rank.WILDCARD) {
                out.add(job);
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * The job once all its processes are spawned (or the launch gave up on the rest), waiting at most
     * {@link #LAUNCH_WAIT_SECONDS}: a rank may pause its own job, or a tool signal one, while the launcher is
     * still starting the job's last processes, and those must get the signal too. Called on a virtual thread.
     */
    private static Job spawned(Job job) {
        try {
            job.spawned().get(LAUNCH_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            LOG.warn("job control of {}: its launch has not completed in {} s; signalling the processes started",
                    job.nspace(), LAUNCH_WAIT_SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a job's spawn never completes exceptionally", e);
        }
        return job;
    }

    /** The live processes the targets name; an unknown namespace or rank is an error naming it. */
    private List<LaunchedProcess> resolve(Proc requester, List<Proc> targets) {
        List<Proc> wanted = targets.isEmpty() ? List.of(Proc.wildcard(requester.nspace())) : targets;
        Set<LaunchedProcess> out = new LinkedHashSet<>();
        for (Proc t : wanted) {
            Job job = jobs.job(t.nspace());
            if (job == null) {
                throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "job control: no running job " + t.nspace());
            }
            if (t.rank() == Rank.WILDCARD) {
                out.addAll(spawned(job).processes());
            } else {
                LaunchedProcess p = job.process(t.rank());
                if (p == null && t.rank() >= 0 && t.rank() < job.placement().size()) {
                    p = spawned(job).process(t.rank());
                }
                if (p == null) {
                    throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "job control: " + t + " is not a process"
                            + " of that job");
                }
                out.add(p);
            }
        }
        return new ArrayList<>(out);
    }
}
