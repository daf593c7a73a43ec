package org.pmix4j.runtime;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.cluster.DaemonMessage;
import org.pmix4j.runtime.cluster.TreeMember;
import org.pmix4j.runtime.iof.OutputOptions;
import org.pmix4j.runtime.iof.OutputRelay;
import org.pmix4j.runtime.iof.StdinTarget;
import org.pmix4j.runtime.iof.ToolStdin;
import org.pmix4j.runtime.placement.CpuBinder;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.NodeTopology;
import org.pmix4j.runtime.placement.ProcPlacement;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.ServerConfig;

/**
 * {@code pmix4j daemon}: the runtime on a node other than the launcher's (PRRTE's prted). Started by its
 * parent daemon through the launch agent, it reads the runtime's secret from stdin, joins the tree
 * ({@link TreeMember}), starts its own children, runs a PMIx server for the processes of its node and
 * reports the node's topology to the launcher. For each job it registers the job's data with its server
 * and starts the processes placed here (the launcher's own {@link LocalProcessLauncher}, their output
 * relayed raw to the launcher), and reports each one's end with what its server saw of it. It ends, with
 * everything it started, when told to, when its parent's link is lost, or on a signal.
 */
public final class NodeDaemon implements AutoCloseable {
    private static final Log LOG = Log.of(NodeDaemon.class);
    /** How long a process's end waits for the server to have handled its connection's end. */
    private static final long CONNECTION_END_LIMIT_SECONDS = 30;

    /**
     * @param parentAddresses the parent daemon's {@code host:port}s, tried in order
     * @param id              this daemon's id in the tree
     * @param node            this node's name as the launcher knows it (the host it was given, an address
     *                        or an alias included), which the job's node map uses; null: the host's own name
     * @param silenceLimitMs  how long a link may stay silent before it is taken for lost
     */
    public record Options(List<String> parentAddresses, int id, String node, long silenceLimitMs) {
    }

    private final Options options;
    /**
     * This node's name in the jobs' maps: its server's PMIX_HOSTNAME, by which the server finds the processes
     * placed here. The launcher's name for it, not the host's own: a node given by its address, or two names
     * of one host (bin/pmix4j trains the daemon's start-up cache on a made-up node of the launcher's host),
     * would otherwise find no process of its own in the maps, or another node's.
     */
    private final String hostname;
    private final NodeTopology topology = NodeTopology.probe();
    private final CpuBinder binder = CpuBinder.detect(topology);
    private final Map<String, String> env;
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    private final ToolStdin stdin = new ToolStdin();
    private final CompletableFuture<String> ended = new CompletableFuture<>();
    private final RuntimeSettings settings;
    private final int uid = org.pmix4j.api.ProcessOwner.current().uid();
    private final int gid = org.pmix4j.api.ProcessOwner.current().gid();
    private TreeMember tree;
    private PmixServer server;
    private OutputRelay relay;
    private UpcallRelay upcalls;
    private DebuggerEvents debugger;
    private HeldAtExec held;

    private NodeDaemon(Options options, Map<String, String> env) {
        this.options = options;
        this.hostname = options.node() != null ? options.node() : ServerConfig.localHostname();
        this.env = env;
        this.settings = RuntimeSettings.daemon(env, hostname);
    }

    /** Runs a daemon until it is told to end; returns its exit status. */
    public static int run(Options options, InputStream secretIn, PrintStream err, Map<String, String> env) {
        String secret;
        BufferedReader in = new BufferedReader(new InputStreamReader(secretIn, StandardCharsets.US_ASCII));
        try {
            secret = in.readLine();
        } catch (IOException e) {
            err.println("pmix4j daemon: cannot read the runtime's secret from stdin: " + e.getMessage());
            return 1;
        }
        try (NodeDaemon d = new NodeDaemon(options, env)) {
            CompletableFuture<Integer> signalled = new CompletableFuture<>();
            Signals.installPersistent(signalled, sig -> d.ended.complete("caught " + sig));
            // the agent keeps our stdin open while it lives: its end (ssh killed, its connection dropped) is ours
            Thread.ofVirtual().name("agent-watch").start(() -> {
                try {
                    while (in.read() >= 0) {
                        // nothing more is said on stdin
                    }
                } catch (IOException e) {
                    LOG.debug("reading stdin: {}", e.toString());
                }
                d.ended.complete("its launch agent ended");
            });
            d.start(secret, err);
            String why = d.ended.join();
            LOG.debug("daemon {} on {} ends: {}", options.id(), d.hostname, why);
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("pmix4j daemon on " + ServerConfig.localHostname() + ": " + e.getMessage());
            return 1;
        }
    }

    private void start(String secret, PrintStream err) throws IOException {
        // what the first job's registration and spawn need and a cold JVM is slow to make (the calls into the
        // C library of the shared-memory store and of posix_spawn: 100-300 ms each on a loaded node, measured
        // between the launch message and the first process), made on threads of their own while we join
        PmixServer.prepareFirstRegistration(env);
        ProcessStarter.shared();
        // what runtimes of this user that were SIGKILLed on this node left behind goes first, as a launcher does
        new StaleRuntimes(RuntimeDirectories.tmpOf(settings.sessionDir()), hostname).reclaim(LOG::info, LOG::warn);
        TreeMember.LocalServer local = new TreeMember.LocalServer(procs -> ProcNodes.daemonsOf(jobs::get, procs),
                p -> ProcNodes.daemonOf(jobs::get, p),
                p -> server.dmodexRequest(p));
        tree = TreeMember.join(options.parentAddresses(), options.id(), secret, options.silenceLimitMs(),
                new TreeMember.Events() {
                    @Override
                    public void message(int origin, DaemonMessage m) {
                        onMessage(m);
                    }

                    @Override
                    public void daemonLost(int id, String host, String why) {
                        if (upcalls != null) {
                            upcalls.lost("the launcher is unreachable: " + why);
                        }
                        ended.complete("the parent daemon on " + host + " is lost: " + why);
                    }
                }, local, line -> {
                    synchronized (err) {
                        err.println(line);
                    }
                });
        List<Info> init = new ArrayList<>(List.of(
                Attributes.SERVER_NSPACE.info(tree.nspace()),
                Attributes.SERVER_RANK.info(options.id()),
                Attributes.HOSTNAME.info(hostname)));
        init.addAll(settings.serverInfo());
        upcalls = new UpcallRelay(tree);
        OtherNodes otherNodes = OtherNodes.through(tree);
        // a process held at exec here is ready for a debugger: the launcher, which counts, is told as by a client
        held = new HeldAtExec(proc -> otherNodes.notifyEvent(PmixStatus.PMIX_READY_FOR_DEBUG, proc, DataRange.RM,
                List.of(Attributes.EVENT_NON_DEFAULT.info(true), Attributes.BREAKPOINT.info("exec"))));
        debugger = new DebuggerEvents(held, null, jobs::get, (code, nspace) -> server.forgetCachedEvents(code, nspace));
        server = PmixServer.start(new DaemonHost(otherNodes, upcalls, jobs::get), init, env);
        relay = new OutputRelay((proc, channel, data) -> tree.send(0,
                new DaemonMessage.Output(proc.nspace(), proc.rank(), channel, data)));
        tree.send(0, new DaemonMessage.NodeReport(options.id(), hostname, topology.encode(),
                NodeMemory.total().orElse(-1), ProcessHandle.current().pid(), NodeAliases.ownNames(hostname)));
    }

    /**
     * Writes stdin sent for a process of this node, in order; once written (or dropped: the process reads no
     * more), the launcher gets that much credit back, so it sends no more than a window ahead of the process.
     */
    private void stdinFor(DaemonMessage.Stdin in) {
        boolean end = in.data().length == 0;
        stdin.push(new Proc(tree.nspace(), 0), List.of(new Proc(in.nspace(), in.rank())), List.of(),
                end ? null : in.data()).whenComplete((ok, failed) -> {
                    if (!end) {
                        tree.send(0, new DaemonMessage.StdinTaken(in.nspace(), in.rank(), in.data().length));
                    }
                });
    }

    private void onMessage(DaemonMessage m) {
        // instanceof, not a pattern switch: a switch over types is bootstrapped at its first run (a class
        // generated, the JDK's class-file library run and compiled) in every daemon's fresh JVM
        if (m instanceof DaemonMessage.LaunchJob launch) {
            Thread.ofVirtual().name("launch-" + launch.nspace()).start(() -> launch(launch));
        } else if (m instanceof DaemonMessage.Signal s) {
            signal(s);
        } else if (m instanceof DaemonMessage.Stdin in) {
            stdinFor(in);
        } else if (m instanceof DaemonMessage.OutputTaken t) {
            relay.taken(new Proc(t.nspace(), t.rank()), t.channel(), t.bytes());
        } else if (m instanceof DaemonMessage.JobEnded e) {
            jobEnded(e.nspace());
        } else if (m instanceof DaemonMessage.Shutdown s) {
            ended.complete(s.why());
        } else if (m instanceof DaemonMessage.HostAnswer a) {
            upcalls.answered(a);
        } else if (m instanceof DaemonMessage.Event e) {
            relayedEvent(e);
        } else {
            LOG.debug("daemon {}: ignored {}", options.id(), m.getClass().getSimpleName());
        }
    }

    /** An event for every node: a debugger's release continues what is held here; the server delivers it. */
    private void relayedEvent(DaemonMessage.Event e) {
        UpcallRelay.deliver(e.event(), server, debugger);
    }

    /** Registers the job with this node's server and starts its processes here. */
    private void launch(DaemonMessage.LaunchJob m) {
        JobLayout layout;
        try {
            layout = JobLayout.decode(m.layout());
        } catch (RuntimeException e) {
            refuse(m.nspace(), -1, "the job's layout is malformed: " + e.getMessage());
            return;
        }
        JobMap map = layout.map();
        List<ProcPlacement> here = map.procsOn(options.id());
        Job job = new Job(m.nspace(), layout.apps(), map, layout.parent(), layout.directives(), false, 0);
        jobs.put(m.nspace(), job);
        try {
            server.registerNspace(m.nspace(), here.size(), m.registration()).join();
            for (ProcPlacement p : here) {
                server.registerClient(new Proc(m.nspace(), p.rank()), uid, gid).join();
            }
        } catch (RuntimeException e) {
            refuse(m.nspace(), -1, "cannot register the job with the server on " + hostname + ": " + e.getMessage());
            return;
        }
        if (here.isEmpty()) {
            return;
        }
        // the launcher's directory, as PRRTE's daemons use it: a node without it runs the job in the home
        // directory
        List<String> wdirs = new ArrayList<>();
        for (AppContext a : layout.apps()) {
            wdirs.add(a.wdir() != null && java.nio.file.Files.isDirectory(java.nio.file.Path.of(a.wdir())) ? a.wdir()
                    : System.getProperty("user.home"));
        }
        Set<Integer> stdinRanks = new HashSet<>(layout.stdinRanks());
        List<ProcPlacement> toStart = new ArrayList<>(here);
        // the run's environment (-x …) is the job's: one launcher per job
        LocalProcessLauncher launcher = new LocalProcessLauncher(env, layout.runEnv(), binder, relay,
                server::setupFork, this::started, this::exited, stdin, ProcessStarter.shared(), hostname, held);
        try {
            launcher.launch(new ProcessLauncher.Request(job, toStart, wdirs, OutputOptions.DEFAULT, 0, null,
                    StdinTarget.NONE, stdinRanks::contains, m.registration()));
        } catch (LaunchException e) {
            refuse(m.nspace(), -1, e.getMessage());
        }
    }

    private void refuse(String nspace, int rank, String why) {
        tree.send(0, new DaemonMessage.LaunchRefused(nspace, rank, why));
    }

    private void started(Proc proc, long pid) {
        server.clientStarted(proc, pid);
        tree.send(0, new DaemonMessage.ProcStarted(proc.nspace(), proc.rank(), pid));
    }

    /** A process here ended: judged by the launcher, once this server has seen its connection end. */
    private void exited(Job job, LaunchedProcess p, int status) {
        stdin.detach(p.proc());
        try {
            server.whenClientLeft(p.proc()).get(CONNECTION_END_LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            LOG.debug("the connection of {} did not end cleanly: {}", p.proc(), e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tree.send(0, new DaemonMessage.ProcEnded(job.nspace(), p.proc().rank(), status, p.connected(), p.finalized()));
        server.deregisterClient(p.proc());
    }

    private void signal(DaemonMessage.Signal s) {
        Job job = jobs.get(s.nspace());
        if (job == null) {
            return;
        }
        List<LaunchedProcess> targets = new ArrayList<>();
        for (LaunchedProcess p : job.processes()) {
            if (s.ranks().isEmpty() || s.ranks().contains(p.proc().rank())) {
                targets.add(p);
            }
        }
        if (s.group()) {
            LaunchedProcess.killGroups(targets);
        } else {
            LaunchedProcess.signalTrees(s.signal(), targets);
        }
    }

    private void jobEnded(String nspace) {
        Job job = jobs.remove(nspace);
        if (job != null) {
            LaunchedProcess.killGroups(job.processes());
        }
        server.deregisterNspace(nspace);
    }

    @Override
    public void close() {
        List<Job> all = List.copyOf(jobs.values());
        for (Job j : all) {
            j.terminateAll();
            LaunchedProcess.killGroups(j.processes());
        }
        stdin.close();
        if (server != null) {
            server.close();
            RuntimeDirectories.removeUserDirIfEmpty(settings.sessionDir());
        }
        if (tree != null) {
            tree.close();
        }
    }
}
