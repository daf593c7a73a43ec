package org.pmix4j.runtime;

import java.util.Map;
import org.pmix4j.runtime.iof.OutputOptions;
import org.pmix4j.runtime.iof.StdinTarget;
import org.pmix4j.runtime.iof.StreamBuffering;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.CpuBinder;
import org.pmix4j.runtime.placement.HostSpec;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.NodeTopology;
import org.pmix4j.runtime.placement.RankingPolicy;

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
    final OutputOptions output;
    final StdinTarget stdin;
    final Integer streamBuffering;
    final Launcher.Options options;

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
        this.streamBuffering = o.streamBufferingMode();
        this.output = o.outputOptions();
        this.stdin = o.stdinTarget();
        o.checkedTimeoutSeconds();
        o.displaysMap();
        this.binder = CpuBinder.detect(topology);
    }

    static RunPlan of(Launcher.Options o, String hostname) {
        return new RunPlan(o, NodeTopology.probe(), hostname);
    }

    private static HostSpec hostSpec(Launcher.Options o, String hostname) {
        HostSpec hosts = HostSpec.ofOptions(o.hosts(), o.hostfile(), hostname);
        // until the launcher starts daemons on other nodes, the run places on this node alone
        return hosts == null ? null : hosts.requireLocal(org.pmix4j.runtime.placement.LocalNode.detect(hostname));
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
