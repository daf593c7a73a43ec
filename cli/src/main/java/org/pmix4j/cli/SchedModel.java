package org.pmix4j.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's model of {@code pmix4j sched} ({@link SchedCommand}), built without reading its
 * annotations: written from them by CliModelGenerator (cli tests). Do not edit: run
 * {@code bin/generate-cli-models}; CliModelsTest fails when this and the annotations differ.
 */
@SuppressWarnings({"unchecked", "deprecation"})
final class SchedModel {
    private SchedModel() {
    }

    /** The model of {@code c}'s command line, bound to its fields. */
    static CommandSpec of(SchedCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("sched");
        spec.usageMessage()
                .description("Start the node's scheduler: a PMIx server (PMIX_SERVER_SCHEDULER, pmix.sched.<host>, one per node) that owns the node pool and grants sessions out of it to PMIx_Allocation_request (pmix4j alloc, libpmix clients and tools), first come first served with EASY backfill. Granted sessions are created in the node's DVM (pmix4j dvm --system-server), which it attaches to whichever starts first.", "", "It runs until SIGTERM, SIGINT or SIGHUP; the sessions run on in the DVM, and a scheduler started again takes them over.")
                .footer("", "Examples:", "  pmix4j sched --daemonize --report-pid -", "  pmix4j sched --host node1:8 --default-time 3600")
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
                .description("Detach and run in the background; return once it is ready.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.daemonize)
                .build());
        spec.add(bound(OptionSpec.builder("--report-uri"), c, 2)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE|-|+")
                .description("Write the scheduler's PMIx URI to FILE, stdout (-) or stderr (+).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.reportUri)
                .build());
        spec.add(bound(OptionSpec.builder("--report-pid"), c, 3)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE|-|+")
                .description("Write the scheduler's process id to FILE, stdout (-) or stderr (+).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.reportPid)
                .build());
        spec.add(bound(OptionSpec.builder("--tmpdir"), c, 4)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("DIR")
                .description("The system tmpdir (its rendezvous file, and where it looks for the DVM's), instead of TMPDIR.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.tmpdir)
                .build());
        spec.add(bound(OptionSpec.builder("-H", "--host"), c, 5)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("HOST[:SLOTS],...")
                .description("The node pool (default: this node, a slot per core).")
                .descriptionKey("")
                .splitRegex(",")
                .prompt("")
                .initialValue(c.hosts)
                .build());
        spec.add(bound(OptionSpec.builder("--hostfile", "--machinefile"), c, 6)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE")
                .description("The node pool, as a hosts file.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.hostfile)
                .build());
        spec.add(bound(OptionSpec.builder("--default-time"), c, 7)
                .type(long.class)
                .auxiliaryTypes(long.class)
                .paramLabel("SECONDS")
                .description("How long backfill assumes a session asked for without a time limit runs (default 3600).")
                .descriptionKey("")
                .prompt("")
                .defaultValue("3600")
                .initialValue(c.defaultTime)
                .build());
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
    private static OptionSpec.Builder bound(OptionSpec.Builder builder, SchedCommand c, int slot) {
        Binding binding = new Binding(c, slot);
        return builder.getter(binding).setter(binding);
    }

    /** {@code builder} bound to the member of slot {@code slot}: one binding reads and writes it. */
    private static PositionalParamSpec.Builder bound(PositionalParamSpec.Builder builder, SchedCommand c, int slot) {
        Binding binding = new Binding(c, slot);
        return builder.getter(binding).setter(binding);
    }

    /** Reads and writes the member bound to one option, by its number. */
    private static final class Binding implements IGetter, ISetter {
        private final SchedCommand c;
        private final int slot;
        /** What a method option was last given (picocli keeps it for a method too). */
        private Object given;

        Binding(SchedCommand c, int slot) {
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
                case 4 -> c.tmpdir;
                case 5 -> c.hosts;
                case 6 -> c.hostfile;
                case 7 -> c.defaultTime;
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
                case 4 -> c.tmpdir = (String) value;
                case 5 -> c.hosts = (List<String>) value;
                case 6 -> c.hostfile = (String) value;
                case 7 -> c.defaultTime = (Long) value;
                default -> throw new IllegalStateException("no option bound to " + slot);
            }
            return old;
        }
    }
}
