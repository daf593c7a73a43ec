package org.pmix4j.runtime;

import java.io.IOException;
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
import java.util.function.Consumer;
import org.pmix4j.runtime.cluster.AgentStarter;
import org.pmix4j.runtime.cluster.DaemonMessage;
import org.pmix4j.runtime.cluster.DaemonStarter;
import org.pmix4j.runtime.cluster.DaemonTree;
import org.pmix4j.runtime.cluster.LaunchAgent;
import org.pmix4j.runtime.cluster.TreeMember;
import org.pmix4j.runtime.placement.ClusterNode;
import org.pmix4j.runtime.placement.HostSpec;
import org.pmix4j.runtime.placement.NodeTopology;
import org.pmix4j.server.PmixServer;

/**
 * The launcher's side of several nodes: the daemons it starts on the other hosts of {@code --host} /
 * {@code --hostfile} (daemon 0 is the launcher itself), the nodes they report, and what they tell the
 * launcher about the processes they run, handed to the {@link RemoteProcesses}. A start succeeds only when
 * every daemon has reported within the start limit; otherwise it fails naming the host and the reason. A
 * daemon lost later is handed to the {@link LossListener} with the daemons below it, which went with it.
 */
final class Cluster implements AutoCloseable {
    /** Hears that daemons (and so their nodes) are lost. */
    interface LossListener {
        void lost(Set<Integer> daemons, String host, String why);
    }

    /**
     * How the daemons are started.
     *
     * @param agent          the launch agent (ssh, or --launch-agent), with which daemons start their children
     * @param starter        how the launcher starts its children: the agent, or srun inside a Slurm allocation
     * @param radix          the tree's radix (each daemon starts at most this many)
     * @param daemonCommand  the command that runs {@code pmix4j daemon} on a node (the same install path)
     * @param startLimitMs   how long the launcher waits for every daemon to report
     * @param silenceLimitMs how long a link may stay silent before it is taken for lost
     */
    record Settings(LaunchAgent agent, DaemonStarter starter, int radix, List<String> daemonCommand, long startLimitMs,
            long silenceLimitMs) {
        /** Every daemon started through the agent. */
        Settings(LaunchAgent agent, int radix, List<String> daemonCommand, long startLimitMs, long silenceLimitMs) {
            this(agent, new AgentStarter(agent), radix, daemonCommand, startLimitMs, silenceLimitMs);
        }
    }

    private final HostSpec hosts;
    private final Settings settings;
    private final NodeTopology localTopology;
    private final Map<Integer, DaemonMessage.NodeReport> reports = new ConcurrentHashMap<>();
    private final CompletableFuture<Void> allReported = new CompletableFuture<>();
    private final RemoteProcesses processes;
    private final Set<Integer> lost = ConcurrentHashMap.newKeySet();
    private volatile UpcallDesk upcalls;
    private volatile LossListener losses = (d, h, w) -> { };
    private TreeMember tree;
    /** Daemon 0 and one per remote host: known before the tree is, as a start failure may come first. */
    private final int daemons;

    private Cluster(HostSpec hosts, Settings settings, NodeTopology localTopology, RemoteProcesses processes) {
        this.hosts = hosts;
        this.settings = settings;
        this.localTopology = localTopology;
        this.processes = processes;
        this.daemons = 1 + hosts.remoteHosts().size();
    }

    /**
     * Starts a daemon on every remote host and waits until each has reported its node.
     *
     * @param nspace    the runtime's namespace (the daemons' servers are its ranks 1 … n)
     * @param hostname  this node's name (daemon 0's host)
     * @param jobs      the jobs, whose maps say where processes run (collectives, direct modex)
     * @param server    this node's server, once started (for the direct modex asked of this node)
     * @param stderr    where the daemons' stderr lines go
     * @throws LaunchException naming the host when a daemon cannot be started or does not report in time
     */
    static Cluster start(HostSpec hosts, Settings settings, String nspace, String hostname, NodeTopology localTopology,
            JobTable jobs, java.util.function.Supplier<PmixServer> server, RemoteProcesses processes,
            Consumer<String> stderr) {
        Cluster c = new Cluster(hosts, settings, localTopology, processes);
        List<String> names = new ArrayList<>();
        names.add(hostname);
        hosts.remoteHosts().forEach(h -> names.add(h.name()));
        TreeMember.LocalServer local = new TreeMember.LocalServer(procs -> ProcNodes.daemonsOf(jobs::job, procs),
                p -> ProcNodes.daemonOf(jobs::job, p), p -> server.get().dmodexRequest(p));
        DaemonMessage.Layout layout = new DaemonMessage.Layout(nspace, names,
                settings.starter().radix(settings.radix(), names.size()), settings.agent().argv(),
                settings.daemonCommand());
        try {
            c.tree = TreeMember.root(layout, settings.starter(), settings.silenceLimitMs(), c.events(), local, stderr);
        } catch (IOException e) {
            throw new LaunchException("cannot listen for the daemons: " + e.getMessage(), 1);
        }
        processes.attach(c.tree);
        c.tree.collectives().finishAtRoot(GroupContextIds.KIND, GroupContextIds::finish);
        try {
            c.allReported.get(settings.startLimitMs(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            List<String> missing = new ArrayList<>();
            for (int id = 1; id < names.size(); id++) {
                if (!c.reports.containsKey(id)) {
                    missing.add(names.get(id));
                }
            }
            c.close();
            throw new LaunchException("no daemon reported from " + String.join(", ", missing) + " within "
                    + settings.startLimitMs() / 1000 + " s (is the host reachable through "
                    + settings.starter().name() + "?)", 1);
        } catch (ExecutionException e) {
            c.close();
            throw new LaunchException(e.getCause().getMessage(), 1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            c.close();
            throw new LaunchException("interrupted while starting the daemons", 1);
        }
        return c;
    }

    private TreeMember.Events events() {
        return new TreeMember.Events() {
            @Override
            public void message(int origin, DaemonMessage m) {
                if (m instanceof DaemonMessage.NodeReport r) {
                    reports.put(r.id(), r);
                    if (reports.size() == daemons - 1) {
                        allReported.complete(null);
                    }
                } else if (m instanceof DaemonMessage.HostCall call) {
                    upcalls.call(origin, call);
                } else if (m instanceof DaemonMessage.Event e) {
                    // from a daemon: for every node; back from our own sending to every node: for our server
                    if (origin == 0) {
                        upcalls.deliver(e);
                    } else {
                        upcalls.event(e);
                    }
                } else {
                    processes.message(origin, m);
                }
            }

            @Override
            public void daemonLost(int id, String host, String why) {
                Cluster.this.daemonLost(id, host, why);
            }
        };
    }

    private void daemonLost(int id, String host, String why) {
        Set<Integer> gone = new HashSet<>();
        DaemonTree shape = new DaemonTree(daemons, settings.starter().radix(settings.radix(), daemons));
        for (int d = 1; d < daemons; d++) {
            if (shape.inSubtree(id, d) && lost.add(d)) {
                gone.add(d);
            }
        }
        if (gone.isEmpty()) {
            return;
        }
        String message = "the daemon on " + host + " " + why;
        if (!allReported.isDone()) {
            allReported.completeExceptionally(new LaunchException(message, 1));
            return;
        }
        // the jobs fail for the node first: its processes' ends, reported next, are consequences
        losses.lost(gone, host, message);
        processes.nodesLost(gone, message);
    }

    /** Who carries out the daemons' upcalls (the launcher's host, once its server runs). */
    void serveUpcalls(UpcallDesk desk) {
        upcalls = desk;
    }

    /** Whoever stops the jobs when nodes are lost. */
    void onLoss(LossListener l) {
        losses = l;
    }

    TreeMember tree() {
        return tree;
    }

    /**
     * The nodes jobs may be placed on, in host order: this node when it is one of the hosts, then every
     * remote host whose daemon reported and is not lost, with the slots the hosts were given.
     */
    List<ClusterNode> nodes(String hostname) {
        List<ClusterNode> out = new ArrayList<>();
        hosts.localHost().ifPresent(h -> out.add(new ClusterNode(0, hostname, localTopology, h.slots(), h.maxSlots(),
                NodeMemory.total().orElse(-1), NodeAliases.with(NodeAliases.ownNames(hostname), h.name(), hostname))));
        List<HostSpec.Host> remote = hosts.remoteHosts();
        for (int i = 0; i < remote.size(); i++) {
            int id = i + 1;
            DaemonMessage.NodeReport r = reports.get(id);
            if (r == null || lost.contains(id)) {
                continue;
            }
            HostSpec.Host h = remote.get(i);
            out.add(new ClusterNode(id, h.name(), NodeTopology.decode(r.topology()), h.slots(), h.maxSlots(),
                    r.memoryBytes(), r.aliases()));
        }
        return out;
    }

    /** Every daemon ends (their processes first); the links close. */
    @Override
    public void close() {
        if (tree != null) {
            tree.toEvery(new DaemonMessage.Shutdown("the launcher is ending"));
            tree.close();
        }
    }
}
