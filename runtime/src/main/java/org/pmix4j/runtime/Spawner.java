package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import org.pmix4j.api.App;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.runtime.placement.DaemonPlacement;
import org.pmix4j.runtime.placement.DaemonPlacement.Count;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.ProcPlacement;

/**
 * Carries out a PMIx_Spawn ({@link DebuggerDaemons} reads what it asks): an ordinary job; debugger daemons
 * beside a job that runs (co-location); or an application and its daemons (co-spawn: the application is
 * started first, then its daemons beside it, and the spawn answers the application's namespace once both
 * started; the daemons' namespace is found by PMIX_QUERY_NAMESPACES, and their job data's PMIX_DEBUG_TARGET
 * says whom they debug). Blocks until the jobs are started; never call on the server's loop.
 */
final class Spawner {
    private final JobStarter starter;
    private final JobTable jobs;

    Spawner(JobStarter starter, JobTable jobs) {
        this.starter = starter;
        this.jobs = jobs;
    }

    /** Starts what the spawn asks for and returns the namespace it answers. */
    String spawn(List<Info> jobInfo, List<App> apps, Proc requester) {
        return switch (DebuggerDaemons.read(jobInfo, apps)) {
            case DebuggerDaemons.Ordinary o ->
                    starter.startSpawned(Spawns.toAppContexts(apps, jobInfo), jobInfo, requester).nspace();
            case DebuggerDaemons.CoLocation c -> colocate(c, jobInfo, requester).nspace();
            case DebuggerDaemons.CoSpawn c -> cospawn(c, jobInfo, requester);
        };
    }

    private Job colocate(DebuggerDaemons.CoLocation c, List<Info> jobInfo, Proc requester) {
        Proc target = c.target();
        Job job = jobs.job(target.nspace());
        if (job == null || job.ended().isDone()) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "PMIX_DEBUG_TARGET " + target + ": "
                    + (job == null ? "this runtime runs no job " + target.nspace() : "job " + target.nspace()
                    + " has ended") + "; the debugger daemons have nothing to attach to");
        }
        IntPredicate ranks;
        if (target.rank() == Rank.WILDCARD) {
            ranks = r -> true;
        } else if (target.rank() >= 0 && target.rank() < job.size()) {
            ranks = r -> r == target.rank();
        } else {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "PMIX_DEBUG_TARGET " + target + ": job "
                    + target.nspace() + " has ranks 0.." + (job.size() - 1) + " (or WILDCARD for all of them)");
        }
        return startDaemons(job.placement(), ranks, target, c.daemons(), c.counts(), jobInfo, requester);
    }

    private String cospawn(DebuggerDaemons.CoSpawn c, List<Info> jobInfo, Proc requester) {
        List<Info> appDirectives = DebuggerDaemons.applicationDirectives(jobInfo);
        Job app = starter.startSpawned(Spawns.toAppContexts(c.application(), appDirectives), appDirectives, requester);
        try {
            startDaemons(app.placement(), r -> true, Proc.wildcard(app.nspace()), c.daemons(), c.counts(), jobInfo,
                    requester);
        } catch (RuntimeException e) {
            // the spawn fails as a whole: the application does not run on without the debugger it was given
            app.stop(1, "its debugger daemons could not be started: " + e.getMessage());
            throw e;
        }
        return app.nspace();
    }

    private Job startDaemons(JobMap targetMap, IntPredicate ranks, Proc target, List<App> daemons, List<Count> counts,
            List<Info> jobInfo, Proc requester) {
        // the daemons' numbers follow from the target's map alone; where their node ranks start, from the node
        // as the job is placed (under the job table's lock)
        int[] perApp = new int[daemons.size()];
        for (ProcPlacement p : DaemonPlacement.place(targetMap, ranks, counts, Map.of()).procs()) {
            perApp[p.appnum()]++;
        }
        List<App> sized = new ArrayList<>();
        for (int a = 0; a < daemons.size(); a++) {
            App d = daemons.get(a);
            // the count asked for, not the application's maxprocs, says how many daemons there are
            sized.add(new App(d.cmd(), d.argv(), d.env(), d.cwd(), perApp[a], d.info()));
        }
        List<Info> directives = DebuggerDaemons.directives(jobInfo, target, counts.get(0));
        return starter.startDaemons(Spawns.toAppContexts(sized, directives), directives, requester,
                (usage, slots) -> DaemonPlacement.place(targetMap, ranks, counts, usage));
    }
}
