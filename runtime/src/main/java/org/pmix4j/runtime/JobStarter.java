package org.pmix4j.runtime;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.iof.OutputOptions;
import org.pmix4j.runtime.iof.StdinRouter;
import org.pmix4j.runtime.iof.StdinTarget;
import org.pmix4j.runtime.iof.ToolStdin;
import org.pmix4j.runtime.json.JsonReports;
import org.pmix4j.runtime.json.PlacementJson;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.PlacementReports;
import org.pmix4j.runtime.placement.ProcPlacement;
import org.pmix4j.runtime.session.Session;
import org.pmix4j.runtime.session.SessionDirectoryTree;
import org.pmix4j.server.PmixServer;

/**
 * Starts a job, the user's or a spawned one: places and names it ({@link JobTable}), registers it and
 * its processes with the server, shows the map and bindings when asked, has the {@link ProcessLauncher}
 * start its processes, raises its start events and hands it to the {@link JobSupervisor}. A job of which
 * no process started is taken back entirely; one that started partly is failed and stopped.
 */
final class JobStarter {
    private static final Log LOG = Log.of(JobStarter.class);

    private final RunPlan plan;
    private final JobTable jobs;
    private final JobPlacer placer;
    private final PmixServer server;
    private final ProcessLauncher launcher;
    private final JobEvents events;
    private final JobSupervisor supervisor;
    private final RunOutcome outcome;
    private final OutputStream stdout;
    private final Consumer<String> messages;
    private final String hostname;
    private final SessionDirectoryTree sessionDirectories;
    private final int uid = org.pmix4j.api.ProcessOwner.current().uid();
    private final int gid = org.pmix4j.api.ProcessOwner.current().gid();

    /**
     * @param stdout             the launcher's stdout (for the map)
     * @param messages           writes a launcher message to stderr
     * @param sessionDirectories the session level of the session-directory tree, where a session's jobs
     *                           get their directories
     */
    JobStarter(RunPlan plan, JobTable jobs, JobPlacer placer, PmixServer server, ProcessLauncher launcher,
            JobEvents events, JobSupervisor supervisor, RunOutcome outcome, OutputStream stdout,
            Consumer<String> messages, String hostname, SessionDirectoryTree sessionDirectories) {
        this.plan = plan;
        this.jobs = jobs;
        this.placer = placer;
        this.server = server;
        this.launcher = launcher;
        this.events = events;
        this.supervisor = supervisor;
        this.outcome = outcome;
        this.stdout = stdout;
        this.messages = messages;
        this.hostname = hostname;
        this.sessionDirectories = sessionDirectories;
    }

    /**
     * The user's job: the applications of the command line, reading the launcher's stdin, with the
     * directives an initiator gave (its launch directives; none for a plain run).
     */
    Job startUserJob(List<AppContext> apps, StdinRouter stdin, List<Info> directives) {
        return start(apps, directives, null, stdin);
    }

    /** A job {@code parent} spawned, with the spawn's job info as directives. */
    Job startSpawned(List<AppContext> apps, List<Info> directives, Proc parent) {
        return start(apps, directives, parent, null);
    }

    /**
     * A job of debugger daemons {@code parent} spawned, placed by {@code daemonPlacer} beside the job they
     * debug rather than by the run's policies ({@link Spawner}).
     */
    Job startDaemons(List<AppContext> apps, List<Info> directives, Proc parent, JobTable.Placer daemonPlacer) {
        return start(apps, directives, parent, null, daemonPlacer);
    }

    private Job start(List<AppContext> apps, List<Info> directives, Proc parent, StdinRouter stdin) {
        return start(apps, directives, parent, stdin, (usage, slots) -> placer.place(apps, directives, usage, slots));
    }

    /** Blocks until every process is started; never call on the server's loop. */
    private Job start(List<AppContext> apps, List<Info> directives, Proc parent, StdinRouter stdin,
            JobTable.Placer jobPlacer) {
        Job job = jobs.open(apps, directives, parent, jobPlacer);
        outcome.jobStarting();
        String nspace = job.nspace();
        JobMap map = job.placement();
        try {
            List<String> wdirs = new ArrayList<>();
            for (AppContext app : apps) {
                wdirs.add(app.wdir() != null ? app.wdir() : Path.of("").toAbsolutePath().toString());
            }
            OutputOptions output = parent == null ? plan.output : plan.output.withDirectives(directives);
            // a job on another node alone (debugger daemons beside a job there) is registered as one over nodes:
            // its node's processes and memory are not this node's
            List<Info> registration = map.multiNode() || map.nodes().get(0).id() != 0
                    ? JobRegistration.build(nspace, apps, map, wdirs, parent,
                            session(job).data(Math.max(map.slots(), map.size())), jobs.procsByNode(job))
                    : JobRegistration.build(nspace, hostname, apps, map, wdirs, parent,
                            session(job).data(Math.max(map.slots(), map.size())), jobs.procsOnNode(job));
            registration.addAll(output.registrationInfos());
            registration.addAll(toolOutputInfos(job));
            registration.addAll(job.pause().directives());
            // every node's daemon starts the processes through the agent: it travels with the job's data
            Attributes.EXEC_AGENT.find(directives).ifPresent(a -> registration.add(Attributes.EXEC_AGENT.info(a)));
            registration.addAll(DebuggerDaemons.jobData(job.directives()));
            // fork/exec agents: on this node only, and not held at exec (ForkExecAgents)
            ForkExecAgents.check(directives, map);
            String forkExecAgent = ForkExecAgents.agentOf(directives);
            if (forkExecAgent != null) {
                registration.add(Attributes.FORKEXEC_AGENT.info(forkExecAgent));
            }
            // every node's server registers the same data, each with the session directories of its own node
            List<Info> shared = List.copyOf(registration);
            List<ProcPlacement> here = map.procsOn(0);
            registration.addAll(sessionDirectories.jobDirectories(session(job), nspace, ranks(here)));
            server.registerNspace(nspace, here.size(), registration).join();
            for (ProcPlacement s : here) {
                server.registerClient(new Proc(nspace, s.rank()), uid, gid).join();
            }
            if (plan.display.allocation() || Attributes.DISPLAY_ALLOCATION.find(directives).orElse(false)) {
                // PRRTE shows the allocation as the mapper found it, before the job map
                print(job, PlacementReports.allocation(nspace, placer.allocation(map,
                        // the node's processes with the job's own, less the job's own
                        node -> jobs.procsOnNode(job, node).size() - map.procsOn(node).size()),
                        plan.display.parseable()));
            }
            if (plan.displayMap() || Attributes.DISPLAY_MAP.find(directives).orElse(false)) {
                print(job, JsonReports.wanted(directives) ? PlacementJson.map(nspace, hostname, map) + "\n"
                        : PlacementReports.jobMap(nspace, hostname, map));
            }
            if (plan.reportBindings() || Attributes.REPORT_BINDINGS.find(directives).orElse(false)) {
                if (JsonReports.wanted(directives)) {
                    print(job, PlacementJson.bindings(nspace, hostname, map) + "\n");
                } else {
                    PlacementReports.bindingLines(hostname, ProcessHandle.current().pid(), map).forEach(messages);
                }
            }
            // what the spawn forwards to its tool is the tool's to show, not also ours
            int printed = (IofChannel.STDOUT | IofChannel.STDERR) & ~job.forwardedChannels();
            StdinTarget pushed = job.parent() != null ? ToolStdin.targetsOf(job.directives()) : StdinTarget.NONE;
            launcher.launch(new ProcessLauncher.Request(job, map.procs(), wdirs, output, printed, stdin, plan.stdin,
                    pushed::receives, shared));
            // the start events go out before the end can be reported: a process that fails at once ends
            // the job on its watcher thread, and following an already ended job ends it here, after them
            events.started(job);
            supervisor.follow(job);
            job.ended().thenRun(() -> sessionDirectories.removeJob(session(job), nspace));
            return job;
        } catch (RuntimeException e) {
            if (!job.processes().isEmpty()) {
                job.fail(new Job.Failure(1, "could not start the job: " + e.getMessage(), null,
                        PmixStatus.PMIX_ERR_JOB_FAILED_TO_LAUNCH, System.nanoTime()));
                supervisor.follow(job);
                job.abandonUnstarted();
            } else {
                jobs.remove(nspace);
                outcome.jobNeverStarted();
                server.deregisterNspace(nspace);
                sessionDirectories.removeJob(session(job), nspace);
            }
            throw e;
        }
    }

    /** The job's session (the default one once its own has gone: nothing of it is left to remove then). */
    private Session session(Job job) {
        Session s = jobs.sessions().find(job.session());
        return s != null ? s : jobs.sessions().defaultSession();
    }

    private static List<Integer> ranks(List<ProcPlacement> procs) {
        return procs.stream().map(ProcPlacement::rank).toList();
    }

    /**
     * What the server must know of a spawned job's output before its first byte: how much of it to keep for
     * tools that pull it later (the spawn's PMIX_IOF_CACHE_SIZE, DROP_OLDEST, DROP_NEWEST) and which
     * channels its requester takes (PMIX_FWD_*, as read for the requester).
     */
    private static List<Info> toolOutputInfos(Job job) {
        List<Info> infos = new ArrayList<>();
        if (job.parent() == null) {
            return infos;
        }
        for (Info i : job.directives()) {
            if (i.key().equals(Attributes.IOF_CACHE_SIZE.key()) || i.key().equals(Attributes.IOF_DROP_OLDEST.key())
                    || i.key().equals(Attributes.IOF_DROP_NEWEST.key())) {
                infos.add(i);
            }
        }
        int forwarded = job.forwardedChannels();
        if ((forwarded & (IofChannel.STDOUT | IofChannel.STDERR | IofChannel.STDDIAG)) != 0) {
            infos.add(Attributes.FWD_STDOUT.info((forwarded & IofChannel.STDOUT) != 0));
            infos.add(Attributes.FWD_STDERR.info((forwarded & IofChannel.STDERR) != 0));
            infos.add(Attributes.FWD_STDDIAG.info((forwarded & IofChannel.STDDIAG) != 0));
        }
        return infos;
    }

    /** The map goes where the job's output goes: to the tool that takes its stdout, else to ours. */
    private void print(Job job, String text) {
        if (job.launchedByTool() && (job.forwardedChannels() & IofChannel.STDOUT) != 0) {
            server.iofDeliver(Proc.wildcard(job.nspace()), IofChannel.STDOUT,
                    text.getBytes(StandardCharsets.UTF_8), List.of());
            return;
        }
        print(text);
    }

    private void print(String text) {
        synchronized (stdout) {
            try {
                stdout.write(text.getBytes(StandardCharsets.UTF_8));
                stdout.flush();
            } catch (IOException e) {
                LOG.debug("cannot print to stdout: {}", e.toString());
            }
        }
    }
}
