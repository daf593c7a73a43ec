package org.pmix4j.runtime;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.data.DataServer;
import org.pmix4j.runtime.indirect.IndirectLaunch;
import org.pmix4j.runtime.iof.IoForwarder;
import org.pmix4j.runtime.iof.StdinRouter;
import org.pmix4j.runtime.iof.ToolStdin;
import org.pmix4j.runtime.placement.PlacementRequest;
import org.pmix4j.runtime.session.AllocationBroker;
import org.pmix4j.runtime.session.SessionControl;
import org.pmix4j.runtime.session.SessionDirectoryTree;
import org.pmix4j.runtime.session.SessionEvents;
import org.pmix4j.runtime.session.SessionListener;
import org.pmix4j.runtime.session.SessionQueries;
import org.pmix4j.runtime.session.SessionTable;
import org.pmix4j.runtime.session.ToolUsers;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.ServerConfig;

/**
 * The runtime on this node, put together: one PMIx server embedded in this process and the jobs it runs.
 * For {@code pmix4j run} that is the job the user asked for and any its processes or tools spawn, and it
 * ends with them; for {@code pmix4j dvm} ({@link RuntimeSettings#persistent}) it is whatever tools launch,
 * until it is told to terminate. It builds the parts, wires each to the collaborators it needs, and closes
 * them at the end; the parts do the work:
 * <pre>
 *   {@link JobTable}            the jobs and their names ({@code pmix4j-<host>-<pid>@N})
 *   {@link SessionTable}        the sessions jobs run in: the default one, and a scheduler's
 *   {@link SessionControl}      PMIx_Session_control: instantiate, terminate ... (a DVM only)
 *   {@link JobStarter}          place ({@link JobPlacer}), register, start, hand over
 *   {@link ProcessLauncher}     fork here ({@link LocalProcessLauncher}), report each end
 *   {@link JobSupervisor}       the launcher's rules on each end ({@link ExitClassifier}), events, cleanup
 *   {@link RuntimeHost}         the server's upcalls
 *   {@link RunControl}          stop, kill or signal every job; the time limit
 *   {@link RunOutcome}          the jobs still running and the launcher's exit status
 *   {@link RuntimeMessages}     the runtime's messages: to its stderr, or to the tool that launched the job
 * </pre>
 */
final class LocalRuntime implements AutoCloseable {
    private final RuntimeSettings settings;
    private final RunPlan plan;
    private final Map<String, String> env;
    private final OutputStream out;
    private final String hostname = ServerConfig.localHostname();
    private final String base = "pmix4j-" + hostname + "-" + ProcessHandle.current().pid();
    private final IoForwarder iof;
    private final RuntimeMessages messages;
    private final int uid = org.pmix4j.api.ProcessOwner.current().uid();
    private final SessionTable sessions;
    private final JobTable jobs;
    private final ToolUsers tools = new ToolUsers();
    private final SessionDirectoryTree sessionTree = new SessionDirectoryTree(uid);
    private final AllocationBroker broker;
    private final SessionListener sessionListener;
    private SessionControl sessionControl;
    private final RunOutcome outcome = new RunOutcome();
    private final RunControl control;
    private final DataServer data;
    private final ExitClassifier classifier = new ExitClassifier();
    /** Completed with the requester when a tool asks the runtime itself to terminate. */
    private final CompletableFuture<Proc> terminateRequest = new CompletableFuture<>();
    private final ToolStdin toolStdin = new ToolStdin();
    private volatile PmixServer server;
    private volatile JobSupervisor supervisor;
    private Cluster cluster;
    private JobStarter starter;
    private StdinRouter stdin;
    private IndirectLaunch indirect;
    private volatile boolean userJobLaunched;

    LocalRuntime(RuntimeSettings settings, RunPlan plan, OutputStream out, OutputStream err, Map<String, String> env) {
        this(settings, plan, out, err, env, AllocationBroker.NONE, SessionListener.NONE);
    }

    /**
     * @param broker          where allocation requests go (the scheduler link; {@link AllocationBroker#NONE}
     *                        without a scheduler)
     * @param sessionListener told when a session has ended (the scheduler link sends PMIX_SESSION_COMPLETE)
     */
    LocalRuntime(RuntimeSettings settings, RunPlan plan, OutputStream out, OutputStream err, Map<String, String> env,
            AllocationBroker broker, SessionListener sessionListener) {
        this.broker = broker;
        this.sessionListener = sessionListener;
        this.settings = settings;
        this.plan = plan;
        this.env = env;
        this.out = out;
        this.iof = new IoForwarder(plan.output, out, err, hostname);
        // a launcher message on stderr, never in the middle of a process's line
        this.messages = new RuntimeMessages(settings.name(), iof::launcherMessage, iof::launcherOutput);
        // a DVM's scheduler sessions get their level of the session-directory tree under its own directory
        this.sessions = new SessionTable(hostname, poolSlots(plan), settings.persistent() ? settings.sessionDir()
                : null, uid);
        this.jobs = new JobTable(base, sessions);
        this.control = new RunControl(jobs, outcome, messages);
        // every job of this runtime is on this node and in one session
        this.data = new DataServer(new Proc(base + "@0", 0));
    }

    /** The runtime's slots on this node: those of --host / --hostfile, or one per core. */
    private static int poolSlots(RunPlan plan) {
        int cores = PlacementRequest.defaultSlots(plan.topology);
        return plan.hosts != null ? plan.hosts.slots(cores) : cores;
    }

    /** The runtime's sessions (what a scheduler that attaches adopts). */
    SessionTable sessions() {
        return sessions;
    }

    /** Stopping, killing and signalling the jobs (for the launcher's signal handlers). */
    RunControl control() {
        return control;
    }

    /** The runtime's messages (to stderr, or to the tool a job belongs to). */
    RuntimeMessages messages() {
        return messages;
    }

    /** The embedded server (its URI and name are what tools connect to). */
    PmixServer server() {
        return server;
    }

    /** Starts the embedded server and connects output forwarding to it (PMIx tools can pull output). */
    void start() {
        // what runtimes of this user that were SIGKILLed left here goes first (never a live one's), so that
        // a reused pid cannot hand us a dead runtime's directory
        new StaleRuntimes(RuntimeDirectories.tmpOf(settings.sessionDir()), hostname).reclaim(messages::say,
                messages::say);
        // the other nodes' daemons first: a host that cannot be reached fails the launch before anything runs
        OtherNodes otherNodes = OtherNodes.NONE;
        RemoteProcesses remote = null;
        if (plan.multiNode()) {
            remote = new RemoteProcesses(plan.childEnvironment(), iof, toolStdin, (job, p, status) -> supervisor.exited(
                    job, p, status));
            cluster = Cluster.start(plan.hosts, plan.clusterSettings(env), base + "@0", hostname, plan.topology, jobs,
                    () -> server, remote, iof::launcherMessage);
            cluster.onLoss(this::nodesLost);
            otherNodes = OtherNodes.through(cluster.tree());
        }
        List<Info> init = new ArrayList<>(List.of(
                Attributes.SERVER_NSPACE.info(base + "@0"),
                Attributes.SERVER_RANK.info(0)));
        init.addAll(settings.serverInfo());
        JobControl jobControl = new JobControl(jobs, base + "@0", this::terminateRequested);
        SessionEvents sessionEvents = new SessionEvents((code, range, info) -> server.notifyEvent(code,
                server.self(), range, info));
        sessionControl = new SessionControl(sessions, new RuntimeSessionJobs(jobs), sessionEvents, sessionTree, tools,
                sessionListener, settings.persistent(), uid, hostname, messages::say);
        OutputCounts outputCounts = new OutputCounts();
        iof.addListener(outputCounts);
        RuntimeQueries queries = new RuntimeQueries(jobs, hostname, new SessionQueries(sessions, tools, uid), outputCounts);
        // the launcher counts the readiness of every node's processes; its events go where the job events go
        OtherNodes beyond = otherNodes;
        JobEvents.Raiser raiser = cluster == null ? (code, src, range, info) -> server.notifyEvent(code, src, range, info)
                : beyond::notifyEvent;
        DebugReadiness readiness = new DebugReadiness(jobs::job, new Proc(base + "@0", 0), raiser, messages);
        HeldAtExec held = new HeldAtExec(readiness::ready);
        DebuggerEvents debugger = new DebuggerEvents(held, readiness, jobs::job,
                (code, nspace) -> server.forgetCachedEvents(code, nspace));
        RuntimeHost host = new RuntimeHost(jobs, queries, new RuntimeLog(iof::launcherMessage, out),
                data, jobControl, classifier, messages, toolStdin, iof.takers(), sessionControl, broker, tools, uid,
                otherNodes, cluster == null ? debugger : null);
        // the processes' topology is made while the server starts, ready by the first job's registration; and
        // the starter's thread makes its downcalls meanwhile (GroupSpawn.prepare)
        org.pmix4j.runtime.topology.NodeTopology.prepare();
        ProcessStarter.shared();
        server = PmixServer.start(host, init, env);
        if (cluster != null) {
            cluster.serveUpcalls(new UpcallDesk(host, cluster.tree(), () -> server, debugger));
        }
        messages.deliverThrough(server);
        HostAttributes.registerAll(server);
        server.onClientLost(proc -> {
            LaunchedProcess p = jobs.process(proc);
            if (p != null) {
                p.markConnectionLost(System.nanoTime());
            }
            broker.requesterGone(proc);
        });
        // PMIX_NOHUP's absence: the jobs a tool launched end with the tool's connection
        server.onToolLost(tool -> {
            tools.lost(tool);
            broker.requesterGone(tool);
            for (Job j : jobs.launchedBy(tool)) {
                messages.say("the tool " + tool + " that launched job " + j.nspace() + " disconnected; stopping the"
                        + " job (launch it with PMIX_NOHUP to keep it running)");
                j.stop(1, "the tool that launched it disconnected");
            }
        });
        OtherNodes everywhere = otherNodes;
        JobEvents events = new JobEvents(server.self(), cluster == null ? server::notifyEvent
                : everywhere::notifyEvent, messages);
        iof.addListener(new ToolOutput(server));
        iof.start();
        supervisor = new JobSupervisor(classifier, events, data, server, outcome, jobs, messages, hostname);
        ProcessLauncher local = new LocalProcessLauncher(env, plan.childEnvironment(), plan.binder, iof,
                server::setupFork, server::clientStarted, supervisor, toolStdin, ProcessStarter.shared(), hostname, held,
                new ForkExecAgentStarter(server, jobs, hostname));
        ProcessLauncher launcher = cluster == null ? local : new ClusterLauncher(local, remote);
        Cluster nodes = cluster;
        JobPlacer placer = new JobPlacer(plan, hostname, nodes == null ? List::of : () -> nodes.nodes(hostname));
        starter = new JobStarter(plan, jobs, placer, server, launcher, events, supervisor, outcome, out,
                iof::launcherMessage, hostname, sessionTree);
        // the server needed the host to start, the starter needs the server: spawns are served from here on
        // (no client runs yet; a tool that asks before this line is told the runtime is not ready)
        host.serveSpawns(new Spawner(starter, jobs)::spawn);
        // started by a tool (indirect launch): connect back, maybe wait for its release; its death ends us
        indirect = IndirectLaunch.begin(env, server, this::initiatorGone);
        if (settings.persistent()) {
            indirect.refuseDirectivesForPersistentRuntime();
        }
    }

    /** The user's job: the applications of the command line, with the launcher's stdin and time limit. */
    Job launchUserJob(List<AppContext> apps) {
        List<Info> directives = new ArrayList<>(indirect.directivesForUserJob());
        // --stop-*: as if asked by a spawn (an initiator's launch directives may ask the same)
        directives.addAll(plan.options.pause().directives());
        directives.addAll(org.pmix4j.runtime.json.JsonReports.directives(plan.options.json()));
        stdin = StdinRouter.ofLauncherStdin();
        Job job = starter.startUserJob(apps, stdin, directives);
        userJobLaunched = true;
        indirect.userJobStarted(job.nspace());
        stdin.start();
        if (plan.options.timeoutSeconds() != null) {
            control.limitTime(plan.options.timeoutSeconds(), plan.options.reportStateOnTimeout());
        }
        return job;
    }

    /** Waits until no job is running any more, spawned ones included; returns the launcher's status. */
    int awaitAll() throws InterruptedException {
        outcome.awaitNoJobRunning();
        iof.awaitAll(10, TimeUnit.SECONDS);
        return outcome.exitStatus();
    }

    /**
     * A persistent runtime's life: serves until a tool asks it to terminate or {@code stopped} completes
     * (a signal: its status), then stops every job and waits for them to end. Returns 0, or the signal's
     * status.
     */
    int serveUntilTerminated(CompletableFuture<Integer> stopped) throws InterruptedException {
        CompletableFuture<Object> either = CompletableFuture.anyOf(terminateRequest, stopped);
        Object why;
        try {
            why = either.get();
        } catch (java.util.concurrent.ExecutionException e) {
            why = 1;
        }
        int status = why instanceof Integer s ? s : 0;
        if (why instanceof Proc requester) {
            messages.say("terminating at the request of " + requester);
        }
        // the scheduler's sessions end first, as a terminate ends them: their processes told, their
        // directories removed, the scheduler told
        sessionControl.terminate(sessions.sessions(), "the runtime is terminating");
        control.stopAll(status, "the runtime is terminating");
        outcome.awaitNoJobRunning();
        iof.awaitAll(10, TimeUnit.SECONDS);
        return status;
    }

    /**
     * The initiator that started us (indirect launch) is gone, or ended us: we end as on SIGTERM, unless we
     * are a run whose jobs are over (the initiator leaving once it heard the job's end is no news).
     */
    private void initiatorGone(Proc initiator, String why) {
        if (settings.persistent() || !userJobLaunched || outcome.running()) {
            messages.say("the initiator " + initiator + " " + why + ": stopping every job");
            terminateRequested(initiator);
        }
    }

    /** Nodes are lost: every job with processes there fails, saying which node and why. */
    private void nodesLost(java.util.Set<Integer> daemons, String host, String why) {
        long now = System.nanoTime();
        for (Job j : jobs.jobs()) {
            if (!j.ended().isDone() && j.placement().nodes().stream().anyMatch(n -> daemons.contains(n.id()))) {
                j.fail(new Job.Failure(1, why, null, org.pmix4j.api.PmixStatus.PMIX_ERR_NODE_DOWN, now));
            }
        }
    }

    private void terminateRequested(Proc requester) {
        if (settings.persistent()) {
            terminateRequest.complete(requester);
        } else {
            messages.say("terminating at the request of " + requester);
            control.stopAll(128 + 15, "terminated at the request of " + requester);
        }
    }

    @Override
    public void close() {
        if (stdin != null) {
            stdin.close();
        }
        toolStdin.close();
        if (cluster != null) {
            cluster.close();
        }
        if (server != null) {
            server.close();
            RuntimeDirectories.removeUserDirIfEmpty(settings.sessionDir());
        }
        iof.close();
        if (indirect != null) {
            indirect.close();
        }
    }
}
