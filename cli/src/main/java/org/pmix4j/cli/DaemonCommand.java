package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.pmix4j.runtime.NodeDaemon;
import org.pmix4j.runtime.cluster.SrunStarter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pmix4j daemon}: the runtime's daemon on a node other than the launcher's, started by the launcher
 * (or another daemon) through the launch agent, never by hand. It reads the runtime's secret from stdin.
 */
@Command(name = "daemon", hidden = true, mixinStandardHelpOptions = true,
        description = "The runtime's daemon on another node (started by pmix4j run or dvm through the launch agent;"
                + " reads the runtime's secret from stdin).")
final class DaemonCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Option(names = "--parent", required = true, split = ",", paramLabel = "HOST:PORT,...",
            description = "The parent daemon's addresses, tried in order.")
    List<String> parent = new ArrayList<>();

    @Option(names = "--id", paramLabel = "N", description = "This daemon's id in the tree.")
    Integer id;

    @Option(names = SrunStarter.ID_BY_NODE, paramLabel = "NODE,...",
            description = "Started by srun: this daemon's id is 1 + the place of its Slurm node (SLURMD_NODENAME) in"
                    + " this list.")
    String idByNode;

    @Option(names = "--node", paramLabel = "NAME",
            description = "This node's name in the jobs' maps, as the launcher knows it (by default its Slurm node"
                    + " name when started by srun, else the host's own name).")
    String node;

    @Option(names = "--silence-limit", paramLabel = "MS", defaultValue = "10000",
            description = "How long a link may stay silent before it is taken for lost (ms).")
    long silenceLimitMs;

    @Override
    public Integer call() {
        if ((id == null) == (idByNode == null)) {
            System.err.println("pmix4j daemon: give either --id or " + SrunStarter.ID_BY_NODE);
            return 1;
        }
        int self;
        try {
            self = id != null ? id : SrunStarter.daemonId(idByNode, System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println("pmix4j daemon: " + e.getMessage());
            return 1;
        }
        // srun's daemons: the launcher named their nodes as Slurm does, which is where srun placed each
        String name = node != null ? node : idByNode != null ? SrunStarter.daemonNode(idByNode, self) : null;
        return NodeDaemon.run(new NodeDaemon.Options(parent, self, name, silenceLimitMs), System.in, System.err,
                System.getenv());
    }

    /**
     * bin/pmix4j's AOT cache trained on a daemon (a daemon's classes, its lambdas and its calls into C are
     * not among the launcher's: with the launcher's cache a daemon loaded ~300 classes and spun ~240 method
     * handle classes at run time), named when it exists; the daemons then start with it instead.
     */
    static final String DAEMON_CACHE = "pmix4j.daemon.aot";

    /** bin/pmix4j's training of that cache: the daemons record their class configuration into this file. */
    static final String DAEMON_CACHE_RECORD = "pmix4j.daemon.aot.record";

    /**
     * The command that runs a daemon like this JVM: the same java, class path and start-up options, so a
     * node with the same installation (PRRTE's assumption too) runs the same pmix4j.
     */
    static List<String> commandLine() {
        List<String> argv = new ArrayList<>();
        argv.add(System.getProperty("java.home") + "/bin/java");
        String cache = System.getProperty(DAEMON_CACHE);
        String record = System.getProperty(DAEMON_CACHE_RECORD);
        boolean ownCache = record != null || (cache != null && java.nio.file.Files.isRegularFile(java.nio.file.Path.of(cache)));
        // this JVM's own start-up options (bin/pmix4j's: C1 only or C2 for a DVM's, the collector, the heap's
        // bounds, its class archive or AOT cache), so that a daemon starts as fast as the launcher did and
        // lives within the same memory; without any, those of bin/pmix4j
        List<String> own = new ArrayList<>();
        for (String a : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if ((a.startsWith("-XX:") || a.startsWith("-Xss") || a.startsWith("-Xms") || a.startsWith("-Xmx")
                    || a.startsWith("-Xlog:"))
                    && !a.startsWith("-XX:AOTCacheOutput") && !a.startsWith("-XX:ArchiveClassesAtExit")
                    && !(ownCache && a.startsWith("-XX:AOTCache="))) {
                own.add(a);
            }
        }
        if (record != null) {
            own.addAll(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + record));
        } else if (ownCache) {
            own.add("-XX:AOTCache=" + cache);
        }
        argv.addAll(own.isEmpty() ? List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss512k", "-Xmx512m") : own);
        // a daemon may hold processes at exec, which calls C through java.lang.foreign (JDK 22+ warns without it)
        argv.add("--enable-native-access=ALL-UNNAMED");
        argv.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "daemon"));
        return argv;
    }
}
