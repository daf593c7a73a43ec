package org.pmix4j.cli;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The options of Open MPI 4.1's {@code mpirun} and of PRRTE's {@code prterun} that are not options of
 * {@code pmix4j run} under the same name, each with what it becomes here: other options (an old spelling),
 * a part of the {@code --map-by} value, nothing (said in a one-line notice: it concerns the other runtime's
 * internals), or a refusal saying why. Options with the same name and meaning are pmix4j's own (JobCommand,
 * AppOptions) and are not listed here.
 */
final class LegacyOptions {
    /** What one spelling becomes. */
    sealed interface Meaning {
    }

    /** These pmix4j options instead ({@code --bind-to-core}: {@code --bind-to core}). */
    record Becomes(List<String> options) implements Meaning {
    }

    /** A part of the job's map-by: a policy ({@code ppr:2:node}) or a qualifier ({@code PE=2}). */
    record MapsBy(String policy, String qualifier) implements Meaning {
    }

    /** Accepted, without effect here. */
    record Ignored(String why) implements Meaning {
    }

    /** Not accepted: pmix4j has nothing that does it. */
    record Refused(String why) implements Meaning {
    }

    /**
     * One option: its name without dashes, how many values follow it, whether mpirun or PRRTE call it an old
     * spelling (a conversion is then reported), and what it becomes given its values.
     */
    record Spelling(String name, int arity, boolean old, Function<List<String>, Meaning> meaning) {
    }

    private static final Map<String, Spelling> TABLE = new HashMap<>();

    private LegacyOptions() {
    }

    /** The spelling named {@code name} (without dashes), or null. */
    static Spelling find(String name) {
        return TABLE.get(name);
    }

    private static void add(String name, int arity, boolean old, Function<List<String>, Meaning> meaning) {
        TABLE.put(name, new Spelling(name, arity, old, meaning));
    }

    private static void mapsBy(String name, int arity, Function<List<String>, String> policy) {
        add(name, arity, true, v -> new MapsBy(policy.apply(v), null));
    }

    private static void becomes(String name, int arity, boolean old, Function<List<String>, List<String>> options) {
        add(name, arity, old, v -> new Becomes(options.apply(v)));
    }

    private static void ignored(String why, int arity, String... names) {
        for (String n : names) {
            add(n, arity, false, v -> new Ignored(why));
        }
    }

    private static void refused(String why, int arity, String... names) {
        for (String n : names) {
            add(n, arity, false, v -> new Refused(why));
        }
    }

    static {
        // where processes go: PRRTE's own conversions of the old options to --map-by
        mapsBy("N", 1, v -> "ppr:" + v.get(0) + ":node");
        mapsBy("npernode", 1, v -> "ppr:" + v.get(0) + ":node");
        mapsBy("pernode", 0, v -> "ppr:1:node");
        mapsBy("npersocket", 1, v -> "ppr:" + v.get(0) + ":package");
        mapsBy("ppr", 1, v -> "ppr:" + v.get(0));
        mapsBy("bynode", 0, v -> "node");
        mapsBy("byslot", 0, v -> "slot");
        mapsBy("bycore", 0, v -> "core");
        mapsBy("rankfile", 1, v -> "rankfile:file=" + v.get(0));
        mapsBy("rf", 1, v -> "rankfile:file=" + v.get(0));
        mapsBy("cpu-set", 1, v -> "pe-list=" + v.get(0));
        mapsBy("cpu-list", 1, v -> "pe-list=" + v.get(0));
        add("cpus-per-proc", 1, true, v -> new MapsBy(null, "PE=" + v.get(0)));
        add("cpus-per-rank", 1, true, v -> new MapsBy(null, "PE=" + v.get(0)));
        add("nolocal", 0, true, v -> new MapsBy(null, "NOLOCAL"));
        add("use-hwthread-cpus", 0, true, v -> new MapsBy(null, "HWTCPUS"));
        becomes("bind-to-core", 0, true, v -> List.of("--bind-to", "core"));
        becomes("bind-to-socket", 0, true, v -> List.of("--bind-to", "package"));
        // what is displayed before the job starts (PRRTE's --display directives)
        becomes("display-map", 0, true, v -> List.of("--display", "map"));
        becomes("display-devel-map", 0, true, v -> List.of("--display", "map-devel"));
        // 4.1's diffable and topology maps are developer maps too: the nearest of PRRTE's directives
        becomes("display-diffable-map", 0, true, v -> List.of("--display", "map-devel"));
        becomes("display-topo", 0, true, v -> List.of("--display", "map-devel"));
        becomes("display-allocation", 0, true, v -> List.of("--display", "allocation"));
        becomes("display-devel-allocation", 0, true, v -> List.of("--display", "allocation"));
        // other old names
        becomes("am", 1, true, v -> List.of("--tune", v.get(0)));
        becomes("amca", 1, true, v -> List.of("--tune", v.get(0)));
        becomes("omca", 2, false, v -> List.of("--mca", v.get(0), v.get(1)));
        becomes("gomca", 2, false, v -> List.of("--gmca", v.get(0), v.get(1)));
        becomes("default-hostfile", 1, false, v -> List.of("--hostfile", v.get(0)));
        becomes("machinefile", 1, false, v -> List.of("--hostfile", v.get(0)));
        // accepted with their meaning, which is already pmix4j's behaviour
        becomes("disable-recovery", 0, false, v -> List.of());
        becomes("hetero-nodes", 0, false, v -> List.of());
        // the processes inherit the launcher's environment anyway
        becomes("fwd-environment", 0, false, v -> List.of());
        ignoredOnes();
        refusedOnes();
    }

    private static void ignoredOnes() {
        String runtime = "it tunes ORTE's or PRRTE's own daemons, which pmix4j does not use";
        ignored(runtime, 0, "d", "debug-devel", "debug-daemons", "debug-daemons-file", "leave-session-attached",
                "novm", "fwd-mpirun-port", "use-regexp", "do-not-resolve", "enable-instant-on-support",
                "show-progress", "no-aggregate-help", "homo-nodes", "uniform-nodes", "set-sid", "daemonize",
                "no-ready-msg", "noprefix", "no-app-prefix");
        ignored(runtime, 1, "keepalive", "report-uri", "cartofile", "cf", "singleton", "max-vm-size");
        ignored("pmix4j run is not a system server: tools find it by its process id", 0, "system-server");
        ignored("the DVM started its daemons with its own launch agent", 1, "launch-agent");
        String prefix = "pmix4j finds its programs on each node without an installation prefix";
        ignored(prefix, 1, "prefix", "pmix-prefix", "app-pmix-prefix");
        ignored("pmix4j's own server answers MPI_Publish_name and MPI_Lookup_name", 1, "ompi-server");
        ignored("the application's GPU and memory settings are its own library's (use -x or --mca)", 1,
                "gpu-support", "memory-alloc-kinds");
    }

    private static void refusedOnes() {
        refused("pmix4j does not copy files to the nodes: the program and its files must be at the same path on"
                + " each node", 0, "s", "preload-binary");
        refused("pmix4j does not copy files to the nodes: the program and its files must be at the same path on"
                + " each node", 1, "preload-files");
        refused("pmix4j does not restart failed processes: a failure ends the job", 0, "enable-recovery",
                "continuous");
        refused("pmix4j does not restart failed processes: a failure ends the job", 1, "max-restarts");
        refused("start the job held for a debugger with --stop-on-exec or --stop-in-init and attach it, or use"
                + " pmix4j debug", 0, "debug", "tv");
        refused("start the job held for a debugger with --stop-on-exec or --stop-in-init and attach it, or use"
                + " pmix4j debug", 1, "debugger");
        refused("pmix4j run has no dry run: --display map shows the map of a real run", 0, "do-not-launch");
        refused("pmix4j shows the process table with pmix4j ps (a debugger gets it through PMIx)", 0,
                "output-proctable");
        refused("not supported by pmix4j (attach a debugger to a held job for stack traces)", 0, "get-stack-traces");
        refused("not supported by pmix4j", 0, "index-argv-by-rank", "set-cwd-to-session-dir",
                "report-child-jobs-separately");
        refused("not supported by pmix4j (the output of several ranks can be told apart with --output tag)", 1,
                "xterm");
        refused("not supported by pmix4j (--output xml writes XML to the terminal)", 1, "xml-file");
        refused("not supported by pmix4j (tools connect to the launcher's PMIx server and subscribe to events)", 1,
                "report-events");
        refused("not supported by pmix4j (use --timeout for the job as a whole)", 1, "spawn-timeout");
        refused("not supported by pmix4j: process sets are not assigned from the command line", 1, "pset");
        refused("not supported by pmix4j: an exec agent is given to a spawn as PMIX_EXEC_AGENT", 1, "exec-agent");
        refused("not supported by pmix4j: runtime directives other than --timeout are not taken", 1, "rtos",
                "runtime-options");
        // pmix4j run has its own --dvm (PRRTE's meaning), so this one is only met by pmix4j prun
        refused("pmix4j prun always runs in a DVM: name it with --dvm-uri, --pid, --namespace or --system-server",
                0, "dvm");
        refused("pmix4j's DVM does not grow: start it with the hosts it is to have (pmix4j dvm --host)", 1,
                "add-host", "add-hostfile", "activate");
    }
}
