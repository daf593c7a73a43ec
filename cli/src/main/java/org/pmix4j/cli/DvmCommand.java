package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.pmix4j.runtime.Dvm;
import org.pmix4j.runtime.LaunchException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmix4j dvm}: a persistent runtime that tools launch jobs into, as PRRTE's prte. */
@Command(name = "dvm", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start a persistent runtime (a DVM) on this node: a PMIx server that runs the jobs tools hand "
                + "it (pmix4j prun, pmix4j run --dvm, any PMIx tool calling PMIx_Spawn), many at once and one after "
                + "another, until pmix4j term (or SIGTERM/SIGINT/SIGHUP) stops it. Each job brings its own placement "
                + "and output options.",
            "",
            "Tools find it by pid, by namespace, by URI, or with --system-server as the node's system server."},
        footer = {"", "Examples:",
            "  pmix4j dvm --daemonize --report-pid -",
            "  pmix4j dvm --system-server --report-uri /tmp/dvm.uri &"})
final class DvmCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Option(names = "--daemonize", description = "Detach and run in the background; return once the DVM is ready.")
    boolean daemonize;

    @Option(names = "--report-uri", paramLabel = "FILE|-|+",
            description = "Write the DVM's PMIx URI to FILE, stdout (-) or stderr (+).")
    String reportUri;

    @Option(names = "--report-pid", paramLabel = "FILE|-|+",
            description = "Write the DVM's process id to FILE, stdout (-) or stderr (+).")
    String reportPid;

    @Option(names = "--system-server", description = "Be the node's system server and system controller "
            + "(pmix.sys.<host>): at most one per node.")
    boolean systemServer;

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "Where the session directory goes, instead of TMPDIR.")
    String tmpdir;

    @Option(names = {"-H", "--host"}, paramLabel = "HOST[:SLOTS],...", split = ",",
            description = "The DVM's hosts and slots: a daemon is started on each other node through the launch agent.")
    List<String> hosts = new ArrayList<>();

    @Option(names = {"--hostfile", "--machinefile"}, paramLabel = "FILE", description = "Hosts file.")
    String hostfile;

    @picocli.CommandLine.Mixin
    ClusterOptions cluster = new ClusterOptions();

    @Override
    public Integer call() {
        Daemon daemon = new Daemon("pmix4j dvm");
        try {
            if (daemonize) {
                return daemon.daemonize(reportPid, reportUri);
            }
            Dvm.Options options = new Dvm.Options(reportUri, reportPid, systemServer, tmpdir, hosts, hostfile,
                    cluster.launchAgent, cluster.treeRadix, DaemonCommand.commandLine());
            return new Dvm().run(options, ready -> Daemon.ready(ready.pid(), ready.uri()));
        } catch (LaunchException e) {
            return daemon.fail(e.getMessage(), e.exitStatus());
        } catch (IllegalArgumentException e) {
            return daemon.fail(e.getMessage(), 2);
        }
    }
}
