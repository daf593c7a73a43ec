package org.pmix4j.runtime.sched;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.ReportTarget;
import org.pmix4j.runtime.RuntimeDirectories;
import org.pmix4j.runtime.Signals;
import org.pmix4j.runtime.placement.HostSpec;
import org.pmix4j.runtime.placement.NodeTopology;
import org.pmix4j.runtime.placement.PlacementRequest;
import org.pmix4j.runtime.sched.policy.Node;
import org.pmix4j.runtime.sched.policy.NodePool;
import org.pmix4j.runtime.sched.policy.SchedulingEngine;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.ServerConfig;

/**
 * {@code pmix4j sched}: the node's scheduler. A PMIx server declared PMIX_SERVER_SCHEDULER (its
 * {@code pmix.sched.<host>} rendezvous file, one per node) that owns the node pool and grants sessions out
 * of it: tools and the runtime ask with PMIx_Allocation_request, the policy ({@link SchedulingEngine}: FIFO
 * with EASY backfill) decides, and the grants are created in the runtime (the node's system controller,
 * {@code pmix4j dvm --system-server}) through session control (docs/sessions.md). It runs until SIGTERM,
 * SIGINT or SIGHUP; the sessions it granted run on in the runtime, and a scheduler started again adopts them.
 */
public final class Scheduler {
    private static final Log LOG = Log.of(Scheduler.class);

    /**
     * @param reportUri    --report-uri: "-", "+" or a file; or null
     * @param reportPid    --report-pid: likewise, for the pid; or null
     * @param tmpdir       --tmpdir: instead of TMPDIR; or null
     * @param hosts        --host values: the pool's nodes and slots (this node with a slot per core if none)
     * @param hostfile     --hostfile, or null
     * @param defaultLimit the limit backfill assumes for a session asked for without PMIX_ALLOC_TIME
     */
    public record Options(String reportUri, String reportPid, String tmpdir, List<String> hosts, String hostfile,
            Duration defaultLimit) {
        public Options {
            hosts = List.copyOf(hosts);
        }
    }

    /** What a started scheduler tells whoever waits for it. */
    public record Ready(long pid, String uri, NodePool pool) {
    }

    private final Map<String, String> env;

    public Scheduler(Map<String, String> env) {
        this.env = env;
    }

    /** Runs until a signal ends it; returns 128+N for signal N. {@code ready} is told once tools can connect. */
    public int run(Options options, Consumer<Ready> ready) throws InterruptedException {
        String hostname = ServerConfig.localHostname();
        NodePool pool = pool(options, hostname);
        Path tmp = RuntimeDirectories.tmp(env, options.tmpdir());
        long pid = ProcessHandle.current().pid();
        Path sessionDir = RuntimeDirectories.sessionDir(tmp, hostname, "sched", pid);
        String base = "pmix4j-sched-" + hostname + "-" + pid;
        int uid = org.pmix4j.api.ProcessOwner.current().uid();
        CompletableFuture<Integer> stopped = new CompletableFuture<>();
        Signals signals = Signals.installPersistent(stopped,
                sig -> LOG.info("caught {}: ending (the sessions run on in the runtime)", sig));
        try (RuntimeLink runtime = new RuntimeLink(tmp, hostname);
                AllocationDesk desk = new AllocationDesk(new SchedulingEngine(pool, options.defaultLimit()), runtime,
                        Clock.systemUTC())) {
            ToolMessages messages = new ToolMessages();
            SchedulerHost host = new SchedulerHost(base, desk, messages, uid);
            List<Info> init = new ArrayList<>(List.of(Attributes.SERVER_NSPACE.info(base + "@0"),
                    Attributes.SERVER_RANK.info(0), Attributes.SERVER_TOOL_SUPPORT.info(true),
                    Attributes.SERVER_SCHEDULER.info(true), Attributes.SERVER_TMPDIR.info(sessionDir.toString()),
                    Attributes.SYSTEM_TMPDIR.info(tmp.toString())));
            if (options.reportUri() != null) {
                init.add(Attributes.TCP_REPORT_URI.info(options.reportUri()));
            }
            PmixServer server;
            try {
                server = PmixServer.start(host, init, env);
            } catch (PmixException e) {
                throw new LaunchException(e.getMessage(), 1);
            }
            try (server) {
                messages.deliverThrough(server);
                server.onToolLost(host::toolLost);
                runtime.start(desk::adopt, () -> { });
                ReportTarget.write("--report-pid", options.reportPid(), Long.toString(pid), System.out, System.err);
                ready.accept(new Ready(pid, server.uri(), pool));
                return stopped.get();
            } catch (ExecutionException e) {
                return 1;
            } finally {
                RuntimeDirectories.removeUserDirIfEmpty(sessionDir);
            }
        } finally {
            signals.uninstall();
        }
    }

    /** The pool: --host/--hostfile, a host without slots having as many as this node has cores. */
    static NodePool pool(Options o, String hostname) {
        int cores = PlacementRequest.defaultSlots(NodeTopology.probe());
        HostSpec spec;
        try {
            spec = o.hostfile() != null ? HostSpec.parseHostfile(Path.of(o.hostfile()))
                    : o.hosts().isEmpty() ? null : HostSpec.parseHosts(o.hosts());
        } catch (IllegalArgumentException e) {
            throw new LaunchException(e.getMessage(), 2);
        }
        if (spec == null) {
            return new NodePool(List.of(new Node(hostname, cores)));
        }
        List<Node> nodes = new ArrayList<>();
        for (HostSpec.Host h : spec.hosts()) {
            nodes.add(new Node(h.name(), h.slots() > 0 ? h.slots() : cores));
        }
        return new NodePool(nodes);
    }
}
