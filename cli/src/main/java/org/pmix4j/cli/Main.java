package org.pmix4j.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/** {@code pmix4j}: the one command-line entry; each task is a subcommand. */
@Command(name = "pmix4j",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = {
            "PMIx in pure Java: a server, client and tool library and a launcher that speak OpenPMIx's wire protocol.",
            ""},
        subcommands = {RunCommand.class, DaemonCommand.class, PrunCommand.class, DvmCommand.class, TermCommand.class, SchedCommand.class, AllocCommand.class, QueueCommand.class, CancelCommand.class, PsCommand.class, TopCommand.class, DebugCommand.class, CleanCommand.class, WireCommand.class, ExampleCommand.class, VersionCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Run 'pmix4j help COMMAND' or 'pmix4j COMMAND --help' for the options of a command."})
public final class Main implements Runnable {
    @CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        int status = execute(args);
        if (args.length > 0 && args[0].equals("prun") && !jfrRecording()) {
            // A submit's front end leaves without System.exit's work: since JDK 21 that asks the platform's
            // System.Logger whether to log the exit, which looks for logging providers on the class path and
            // in the JDK's modules (5-8 ms of every submit, measured). prun registers no shutdown hook, and
            // everything it wrote is flushed here; a JFR recording's hook is the one that could be there.
            System.out.flush();
            System.err.flush();
            Runtime.getRuntime().halt(status);
        }
        System.exit(status);
    }

    /**
     * picocli's system property naming (by regular expressions) the types whose built-in converters it does
     * not register. It registers one for every java.time and java.sql type by reflection, which initialises
     * them: ~5 ms of every front end's fresh JVM. No option of ours has such a type (checked by
     * {@code ConverterExclusionTest}).
     */
    static final String CONVERTER_EXCLUDES = "picocli.converters.excludes";

    /** Whether a JFR recording was started in this JVM (its data is written by a shutdown hook). */
    private static boolean jfrRecording() {
        try {
            return jdk.jfr.FlightRecorder.isInitialized();
        } catch (LinkageError e) {
            return false; // a JDK without JFR
        }
    }

    /** Runs the command line and returns the exit status (for tests, without exiting). */
    public static int execute(String... args) {
        if (System.getProperty(CONVERTER_EXCLUDES) == null) {
            System.setProperty(CONVERTER_EXCLUDES, "java\\.(time|sql)\\..*");
        }
        try {
            LogLevels.fromEnvironment(System.getenv(LogLevels.VARIABLE));
        } catch (IllegalArgumentException e) {
            System.err.println("pmix4j: " + e.getMessage());
            return 2;
        }
        if (args.length > 0 && RUN_ALONE.containsKey(args[0])) {
            // picocli builds the model of every subcommand of the tree, reading all their annotations: each
            // of these commands is given only its own (the daemon on every node of a multi-node job, a DVM,
            // which is started twice when it daemonizes, and its front ends)
            return withHandlers(new CommandLine(inTree(RUN_ALONE.get(args[0]).get())))
                    .execute(java.util.Arrays.copyOfRange(args, 1, args.length));
        }
        if (args.length > 0 && (args[0].equals("run") || args[0].equals("prun"))) {
            // the launcher's start-up time is paid by every job: only the model of the command run, not of
            // every subcommand (picocli builds the whole tree eagerly), and one written out at build time
            if (args[0].equals("prun")) {
                JdkWarmUp.sockets();
            }
            JobCommand job = args[0].equals("run") ? new RunCommand() : new PrunCommand();
            CommandLine run = withHandlers(job.commandLine());
            String[] given = java.util.Arrays.copyOfRange(args, 1, args.length);
            String[] rewritten;
            try {
                // mpirun's and prterun's spellings, as pmix4j's options
                rewritten = LegacyCommandLine.rewrite(given, run.getCommandSpec(), job.notices).args();
            } catch (IllegalArgumentException e) {
                System.err.println("pmix4j " + args[0] + ": " + e.getMessage());
                return 2;
            }
            return run.execute(rewritten);
        }
        CommandLine cl = withHandlers(new CommandLine(new Main()));
        // everything after the program name belongs to the program, even words that look like options
        cl.getSubcommands().get("run").setStopAtPositional(true);
        cl.getSubcommands().get("prun").setStopAtPositional(true);
        return cl.execute(args);
    }

    /**
     * The subcommands run without the tree when named first (see {@link #execute}), each with the model
     * written from its annotations at build time (CliModelGenerator): reading them costs a fresh JVM ~150 ms.
     */
    private static final java.util.Map<String, java.util.function.Supplier<CommandSpec>> RUN_ALONE = java.util.Map.of(
            "daemon", () -> CliModels.of(new DaemonCommand()), "dvm", () -> CliModels.of(new DvmCommand()),
            "term", () -> CliModels.of(new TermCommand()), "ps", () -> CliModels.of(new PsCommand()),
            "sched", () -> CliModels.of(new SchedCommand()));

    /** {@code spec}, a subcommand run without the tree, named in full as the tree names it ({@code pmix4j prun}). */
    static CommandSpec inTree(CommandSpec spec) {
        return spec.parent(CommandSpec.create().name("pmix4j"));
    }

    /** How every command line reports errors: ours as one line, picocli's usage errors with the usage. */
    private static CommandLine withHandlers(CommandLine cl) {
        cl.setExecutionExceptionHandler(new ErrorHandler());
        cl.setParameterExceptionHandler(new UsageErrorHandler());
        return cl;
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
