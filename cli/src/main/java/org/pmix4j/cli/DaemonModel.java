package org.pmix4j.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's model of {@code pmix4j daemon} ({@link DaemonCommand}), built without reading its
 * annotations: written from them by CliModelGenerator (cli tests). Do not edit: run
 * {@code bin/generate-cli-models}; CliModelsTest fails when this and the annotations differ.
 */
@SuppressWarnings({"unchecked", "deprecation"})
final class DaemonModel {
    private DaemonModel() {
    }

    /** The model of {@code c}'s command line, bound to its fields. */
    static CommandSpec of(DaemonCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("daemon");
        spec.usageMessage()
                .description("The runtime's daemon on another node (started by pmix4j run or dvm through the launch agent; reads the runtime's secret from stdin).")
                .hidden(true);
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
        spec.add(bound(OptionSpec.builder("--parent"), c, 1)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("HOST:PORT,...")
                .description("The parent daemon's addresses, tried in order.")
                .descriptionKey("")
                .splitRegex(",")
                .prompt("")
                .required(true)
                .initialValue(c.parent)
                .build());
        spec.add(bound(OptionSpec.builder("--id"), c, 2)
                .type(Integer.class)
                .auxiliaryTypes(Integer.class)
                .paramLabel("N")
                .description("This daemon's id in the tree.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.id)
                .build());
        spec.add(bound(OptionSpec.builder("--id-by-node"), c, 3)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NODE,...")
                .description("Started by srun: this daemon's id is 1 + the place of its Slurm node (SLURMD_NODENAME) in this list.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.idByNode)
                .build());
        spec.add(bound(OptionSpec.builder("--silence-limit"), c, 4)
                .type(long.class)
                .auxiliaryTypes(long.class)
                .paramLabel("MS")
                .description("How long a link may stay silent before it is taken for lost (ms).")
                .descriptionKey("")
                .prompt("")
                .defaultValue("10000")
                .initialValue(c.silenceLimitMs)
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
    private static OptionSpec.Builder bound(OptionSpec.Builder builder, DaemonCommand c, int slot) {
        Binding binding = new Binding(c, slot);
        return builder.getter(binding).setter(binding);
    }

    /** {@code builder} bound to the member of slot {@code slot}: one binding reads and writes it. */
    private static PositionalParamSpec.Builder bound(PositionalParamSpec.Builder builder, DaemonCommand c, int slot) {
        Binding binding = new Binding(c, slot);
        return builder.getter(binding).setter(binding);
    }

    /** Reads and writes the member bound to one option, by its number. */
    private static final class Binding implements IGetter, ISetter {
        private final DaemonCommand c;
        private final int slot;
        /** What a method option was last given (picocli keeps it for a method too). */
        private Object given;

        Binding(DaemonCommand c, int slot) {
            this.c = c;
            this.slot = slot;
        }

        @Override
        public <T> T get() {
            Object value = switch (slot) {
                case 0 -> given;
                case 1 -> c.parent;
                case 2 -> c.id;
                case 3 -> c.idByNode;
                case 4 -> c.silenceLimitMs;
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
                case 1 -> c.parent = (List<String>) value;
                case 2 -> c.id = (Integer) value;
                case 3 -> c.idByNode = (String) value;
                case 4 -> c.silenceLimitMs = (Long) value;
                default -> throw new IllegalStateException("no option bound to " + slot);
            }
            return old;
        }
    }
}
