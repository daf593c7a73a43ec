package org.pmix4j.runtime;

import java.util.Map;
import org.pmix4j.runtime.cluster.StarterChoice;
import org.pmix4j.runtime.iof.OutputOptions;
import org.pmix4j.runtime.iof.StdinTarget;
import org.pmix4j.runtime.iof.StreamBuffering;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.CpuBinder;
import org.pmix4j.runtime.placement.DisplayDirectives;
import org.pmix4j.runtime.placement.HostSpec;
import org.pmix4j.runtime.placement.LocalNode;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.NodeTopology;
import org.pmix4j.runtime.placement.RankingPolicy;
import org.pmix4j.runtime.placement.SlurmAllocation;

/**
 * The launcher's options, parsed and checked against this node before anything starts: a bad value fails
 * here with a message naming the option and the value, and nothing is left to clean up.
 */
final class RunPlan {
    final NodeTopology topology;
    final CpuBinder binder;
    final MappingPolicy mapping;
    final RankingPolicy ranking;
    final BindingPolicy binding;
    final HostSpec hosts;
    final int treeRadix;
    final OutputOptions output;
    final StdinTarget stdin;
    final Integer streamBuffering;
    final Launcher.Options options;
    final DisplayDirectives display;

    private RunPlan(Launcher.Options o, NodeTopology topology, String hostname) {
        this.options = o;
        this.topology = topology;
        MappingPolicy m = o.mapBy() == null ? MappingPolicy.DEFAULT : MappingPolicy.parse(o.mapBy());
        Boolean oversubscription = o.oversubscription();
        if (oversubscription != null) {
            m = m.withOversubscribe(oversubscription);
        }
        this.mapping = m;
        this.ranking = o.rankBy() == null ? null : RankingPolicy.parse(o.rankBy());
        BindingPolicy b = o.bindTo() == null ? BindingPolicy.DEFAULT : BindingPolicy.parse(o.bindTo());
        this.binding = b;
        this.hosts = hostSpec(o, hostname);
        if (o.treeRadix() != null && o.treeRadix() < 1) {
            throw new IllegalArgumentException("--tree-radix " + o.treeRadix() + ": a daemon starts at least one other");
        }
        // PRRTE's default routed radix
        this.treeRadix = o.treeRadix() == null ? 64 : o.treeRadix();
        this.streamBuffering = o.streamBufferingMode();
        this.output = o.outputOptions();
        this.stdin = o.stdinTarget();
        o.checkedTimeoutSeconds();
        this.display = o.displayDirectives();
        this.binder = CpuBinder.detect(topology);
    }

    static RunPlan of(Launcher.Options o, String hostname) {
        return new RunPlan(o, NodeTopology.probe(), hostname);
    }

    /**
     * --host / --hostfile, or else the Slurm allocation's nodes and slots when inside one, as PRRTE does (for a
     * launcher that can start daemons on them: one that cannot keeps to this node).
     */
    private static HostSpec hostSpec(Launcher.Options o, String hostname) {
        HostSpec given = HostSpec.ofOptions(o.hosts(), o.hostfile(), hostname);
        if (given != null || o.daemonCommand().isEmpty()) {
            return given;
        }
        return SlurmAllocation.detect(System.getenv()).map(a -> a.hostSpec(LocalNode.detect(hostname))).orElse(null);
    }

    /** Whether the hosts include other nodes (then daemons are started there). */
    boolean multiNode() {
        return hosts != null && !hosts.remoteHosts().isEmpty();
    }

    /** How daemons are started on the other nodes: --launch-agent, --tree-radix and the limits. */
    Cluster.Settings clusterSettings(Map<String, String> env) {
        if (options.daemonCommand().isEmpty()) {
            throw new LaunchException("this launcher cannot start daemons on other nodes ("
                    + hosts.remoteHosts().get(0).name() + " is not this node)", 1);
        }
        org.pmix4j.runtime.cluster.LaunchAgent agent = options.launchAgent() == null
                ? org.pmix4j.runtime.cluster.LaunchAgent.SSH
                : org.pmix4j.runtime.cluster.LaunchAgent.parse(options.launchAgent());
        return new Cluster.Settings(agent, StarterChoice.choose(agent, options.launchAgent() != null, env), treeRadix,
                options.daemonCommand(),
                seconds(env, "PMIX4J_DAEMON_START_TIMEOUT", 60) * 1000,
                seconds(env, "PMIX4J_DAEMON_SILENCE_LIMIT", 10) * 1000);
    }

    /** A limit in seconds from the environment, or its default; a bad value names the variable. */
    private static long seconds(Map<String, String> env, String name, long fallback) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            long s = Long.parseLong(v.strip());
            if (s > 0) {
                return s;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + "=" + v + ": expected a positive number of seconds");
    }

    boolean displayMap() {
        return options.displaysMap();
    }

    boolean reportBindings() {
        return options.displaysBindings() || binding.report();
    }

    /** Environment every process of the run gets from the options (stream buffering). */
    Map<String, String> childEnvironment() {
        return streamBuffering == null ? Map.of() : StreamBuffering.environment(streamBuffering);
    }

}
