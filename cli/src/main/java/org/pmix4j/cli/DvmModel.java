package org.pmix4j.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's model of {@code pmix4j dvm} ({@link DvmCommand}), built without reading its
 * annotations: written from them by CliModelGenerator (cli tests). Do not edit: run
 * {@code bin/generate-cli-models}; CliModelsTest fails when this and the annotations differ.
 */
@SuppressWarnings({"unchecked", "deprecation"})
final class DvmModel {
    private DvmModel() {
    }

    /** The model of {@code c}'s command line, bound to its fields. */
    static CommandSpec of(DvmCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("dvm");
        spec.usageMessage()
                .description("Start a persistent runtime (a DVM) on this node: a PMIx server that runs the jobs tools hand it (pmix4j prun, pmix4j run --dvm, any PMIx tool calling PMIx_Spawn), many at once and one after another, until pmix4j term (or SIGTERM/SIGINT/SIGHUP) stops it. Each job brings its own placement and output options.", "", "Tools find it by pid, by namespace, by URI, or with --system-server as the node's system server.")
                .footer("", "Examples:", "  pmix4j dvm --daemonize --report-pid -", "  pmix4j dvm --system-server --report-uri /tmp/dvm.uri &")
                .sortOptions(false);
        CommandSpec mixinVerbosity = CommandSpec.wrapWithoutInspection(c.verbosity);
        mixinVerbosity.addOption(bound(OptionSpec.builder("-v", "--verbose"), c, 0)
                .type(boolean[].class)
                .auxiliaryTypes(boolean.class)
                .arity(CommandLine.Range.valueOf("0").unspecified(true))
                .paramLabel("<verbose>")
                .description("Log more to stderr: -v what happens, -vv details (debug), -vvv everything (trace). PMIX4J_LOG sets levels per package for every pmix4j process.")
                .descriptionKey("")
                .prompt("")
                .hasInitialValue(false)
                .build());
        spec.addMixin("verbosity", mixinVerbosity);
        spec.add(bound(OptionSpec.builder("--daemonize"), c, 1)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<daemonize>")
                .description("Detach and run in the background; return once the DVM is ready.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.daemonize)
                .build());
        spec.add(bound(OptionSpec.builder("--report-uri"), c, 2)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE|-|+")
                .description("Write the DVM's PMIx URI to FILE, stdout (-) or stderr (+).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.reportUri)
                .build());
        spec.add(bound(OptionSpec.builder("--report-pid"), c, 3)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE|-|+")
                .description("Write the DVM's process id to FILE, stdout (-) or stderr (+).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.reportPid)
                .build());
        spec.add(bound(OptionSpec.builder("--system-server"), c, 4)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<systemServer>")
                .description("Be the node's system server and system controller (pmix.sys.<host>): at most one per node.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.systemServer)
                .build());
        spec.add(bound(OptionSpec.builder("--tmpdir"), c, 5)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("DIR")
                .description("Where the session directory goes, instead of TMPDIR.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.tmpdir)
                .build());
        spec.add(bound(OptionSpec.builder("-H", "--host"), c, 6)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("HOST[:SLOTS],...")
                .description("The DVM's hosts and slots: a daemon is started on each other node through the launch agent.")
                .descriptionKey("")
                .splitRegex(",")
                .prompt("")
                .initialValue(c.hosts)
                .build());
        spec.add(bound(OptionSpec.builder("--hostfile", "--machinefile"), c, 7)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE")
                .description("Hosts file.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.hostfile)
                .build());
        CommandSpec mixinCluster = CommandSpec.wrapWithoutInspection(c.cluster);
        mixinCluster.addOption(bound(OptionSpec.builder("--launch-agent"), c, 8)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("COMMAND")
                .description("What starts the daemons on other nodes, run as 'COMMAND HOST DAEMON...' (ssh's way). Default: ssh -o BatchMode=yes.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.cluster.launchAgent)
                .build());
        mixinCluster.addOption(bound(OptionSpec.builder("--tree-radix"), c, 9)
                .type(Integer.class)
                .auxiliaryTypes(Integer.class)
                .paramLabel("N")
                .description("How many daemons each daemon starts (the routing tree's radix). Default: 64.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.cluster.treeRadix)
                .build());
        spec.addMixin("cluster", mixinCluster);
        CommandSpec help = CommandSpec.wrapWithoutInspection(new Object());
        help.addOption(flag(OptionSpec.builder("-h", "--help"), false)
                .usageHelp(true)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<helpRequested>")
                .description("Show this help message and exit.")
                .descriptionKey("mixinStandardHelpOptions.help")
                .prompt("")
                .initialValue(false)
                .build());
        help.addOption(flag(OptionSpec.builder("-V", "--version"), false)
                .versionHelp(true)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<versionRequested>")
                .description("Print version information and exit.")
                .descriptionKey("mixinStandardHelpOptions.version")
                .prompt("")
                .initialValue(false)
                .build());
        spec.addMixin("mixinStandardHelpOptions", help);
        return spec;
    }

    /** {@code builder} with a value of its own, {@code initial} from the start (the help options). */
    private static OptionSpec.Builder flag(OptionSpec.Builder builder, boolean initial) {
        Flag flag = new Flag(initial);
        return builder.getter(flag).setter(flag);
    }

    /** An option's value held by the model itself. */
    private static final class Flag implements IGetter, ISetter {
        private Object value;

        Flag(boolean initial) {
            value = initial;
        }

        @Override
        public <T> T get() {
            return (T) value;
        }

        @Override
        public <T> T set(T value) {
            T old = get();
            this.value = value;
            return old;
        }
    }

    /** {@code builder} bound to the member of slot {@code slot}: one binding reads and writes it. */
    private static OptionSpec.Builder bound(OptionSpec.Builder builder, DvmCommand c, int slot) {
        Binding binding = new Binding(c, slot);
        return builder.getter(binding).setter(binding);
    }

    /** {@code builder} bound to the member of slot {@code slot}: one binding reads and writes it. */
    private static PositionalParamSpec.Builder bound(PositionalParamSpec.Builder builder, DvmCommand c, int slot) {
        Binding binding = new Binding(c, slot);
        return builder.getter(binding).setter(binding);
    }

    /** Reads and writes the member bound to one option, by its number. */
    private static final class Binding implements IGetter, ISetter {
        private final DvmCommand c;
        private final int slot;
        /** What a method option was last given (picocli keeps it for a method too). */
        private Object given;

        Binding(DvmCommand c, int slot) {
            this.c = c;
            this.slot = slot;
        }

        @Override
        public <T> T get() {
            Object value = switch (slot) {
                case 0 -> given;
                case 1 -> c.daemonize;
                case 2 -> c.reportUri;
                case 3 -> c.reportPid;
                case 4 -> c.systemServer;
                case 5 -> c.tmpdir;
                case 6 -> c.hosts;
                case 7 -> c.hostfile;
                case 8 -> c.cluster.launchAgent;
                case 9 -> c.cluster.treeRadix;
                default -> throw new IllegalStateException("no option bound to " + slot);
            };
            return (T) value;
        }

        @Override
        public <T> T set(T value) {
            T old = get();
            switch (slot) {
                case 0 -> {
                    c.verbosity.verbose((boolean[]) value);
                    given = value;
                }
                case 1 -> c.daemonize = (Boolean) value;
                case 2 -> c.reportUri = (String) value;
                case 3 -> c.reportPid = (String) value;
                case 4 -> c.systemServer = (Boolean) value;
                case 5 -> c.tmpdir = (String) value;
                case 6 -> c.hosts = (List<String>) value;
                case 7 -> c.hostfile = (String) value;
                case 8 -> c.cluster.launchAgent = (String) value;
                case 9 -> c.cluster.treeRadix = (Integer) value;
                default -> throw new IllegalStateException("no option bound to " + slot);
            }
            return old;
        }
    }
}
