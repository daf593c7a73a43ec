package org.pmix4j.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's model of {@code pmix4j ps} ({@link PsCommand}), built without reading its
 * annotations: written from them by CliModelGenerator (cli tests). Do not edit: run
 * {@code bin/generate-cli-models}; CliModelsTest fails when this and the annotations differ.
 */
@SuppressWarnings({"unchecked", "deprecation"})
final class PsModel {
    private PsModel() {
    }

    /** The model of {@code c}'s command line, bound to its fields. */
    static CommandSpec of(PsCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("ps");
        spec.usageMessage()
                .description("List every job of a running DVM (pmix4j dvm) with its processes: namespace, rank, pid, host, state and command. The DVM is the one named by --dvm-uri, --pid, --namespace or --system-server, else the only one of this user running on this node.")
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
        CommandSpec mixinDvm = CommandSpec.wrapWithoutInspection(c.dvm);
        mixinDvm.addOption(bound(OptionSpec.builder("--dvm-uri"), c, 1)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("URI|file:PATH")
                .description("The DVM at this PMIx URI (or in this file).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.dvm.dvmUri)
                .build());
        mixinDvm.addOption(bound(OptionSpec.builder("--pid"), c, 2)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("PID")
                .description("The DVM with this process id.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.dvm.pid)
                .build());
        mixinDvm.addOption(bound(OptionSpec.builder("--namespace"), c, 3)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NSPACE")
                .description("The DVM whose server has this namespace.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.dvm.namespace)
                .build());
        mixinDvm.addOption(bound(OptionSpec.builder("--system-server"), c, 4)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<systemServer>")
                .description("The node's system server (a DVM started with --system-server).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.dvm.systemServer)
                .build());
        mixinDvm.addOption(bound(OptionSpec.builder("--tmpdir"), c, 5)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("DIR")
                .description("Where the DVM keeps its session directory, if it was started with --tmpdir.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.dvm.tmpdir)
                .build());
        spec.addMixin("dvm", mixinDvm);
        spec.add(bound(OptionSpec.builder("--json"), c, 6)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<json>")
                .description("One JSON document instead of the table (schema: docs/json.md).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.json)
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
    private static OptionSpec.Builder bound(OptionSpec.Builder builder, PsCommand c, int slot) {
        Binding binding = new Binding(c, slot);
        return builder.getter(binding).setter(binding);
    }

    /** {@code builder} bound to the member of slot {@code slot}: one binding reads and writes it. */
    private static PositionalParamSpec.Builder bound(PositionalParamSpec.Builder builder, PsCommand c, int slot) {
        Binding binding = new Binding(c, slot);
        return builder.getter(binding).setter(binding);
    }

    /** Reads and writes the member bound to one option, by its number. */
    private static final class Binding implements IGetter, ISetter {
        private final PsCommand c;
        private final int slot;
        /** What a method option was last given (picocli keeps it for a method too). */
        private Object given;

        Binding(PsCommand c, int slot) {
            this.c = c;
            this.slot = slot;
        }

        @Override
        public <T> T get() {
            Object value = switch (slot) {
                case 0 -> given;
                case 1 -> c.dvm.dvmUri;
                case 2 -> c.dvm.pid;
                case 3 -> c.dvm.namespace;
                case 4 -> c.dvm.systemServer;
                case 5 -> c.dvm.tmpdir;
                case 6 -> c.json;
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
                case 1 -> c.dvm.dvmUri = (String) value;
                case 2 -> c.dvm.pid = (String) value;
                case 3 -> c.dvm.namespace = (String) value;
                case 4 -> c.dvm.systemServer = (Boolean) value;
                case 5 -> c.dvm.tmpdir = (String) value;
                case 6 -> c.json = (Boolean) value;
                default -> throw new IllegalStateException("no option bound to " + slot);
            }
            return old;
        }
    }
}
