package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pmix4j.runtime.AllocationSlots;
import org.pmix4j.runtime.AppContext;
import org.pmix4j.runtime.Launcher;
import org.pmix4j.runtime.iof.DeprecatedOutputOptions;
import org.pmix4j.server.ServerConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What every command that launches a job takes ({@code pmix4j run}, {@code pmix4j prun}): the
 * applications (MPMD segments after ':') and the launcher's options, so that a job is described the same
 * way whether the launcher runs it itself or hands it to a DVM.
 */
abstract class JobCommand {
    @Mixin
    AppOptions first = new AppOptions();

    /** mpirun's and prterun's -v too: more of the launcher's own log (see LogLevels). */
    @Mixin
    Verbosity verbosity = new Verbosity();

    @Mixin
    MpirunOptions mpirun = new MpirunOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec jobSpec;

    /** What the launcher says about the command line (old spellings, ignored options); -q silences it. */
    LauncherNotices notices = new LauncherNotices();

    @Option(names = "--oversubscribe", description = "Allow more processes than this node has slots.")
    boolean oversubscribe;

    @Option(names = "--nooversubscribe", description = "Refuse more processes than slots (the default).")
    boolean noOversubscribe;

    @Option(names = {"--map-by", "--mapby"}, paramLabel = "POLICY[:QUALIFIERS]",
            description = "Where processes go: slot, node, core, package (socket), hwthread, numa, l1cache, l2cache, "
                    + "l3cache; qualifiers PE=n (cores per process), OVERSUBSCRIBE, NOOVERSUBSCRIBE, SPAN. "
                    + "Default, as PRRTE: by core for up to 2 processes, else by package.")
    String mapBy;

    @Option(names = {"--rank-by", "--rankby"}, paramLabel = "POLICY",
            description = "How ranks are numbered over the placement: slot, node, fill, span.")
    String rankBy;

    @Option(names = {"--bind-to", "--bindto"}, paramLabel = "POLICY[:QUALIFIERS]",
            description = "What each process is bound to: none, hwthread, core, l1cache, l2cache, l3cache, numa, "
                    + "package; qualifiers OVERLOAD-ALLOWED, NO-OVERLOAD, IF-SUPPORTED, REPORT. The binding is "
                    + "real (taskset) and processes see it; PMIX_CPUSET and PMIX_LOCALITY_STRING describe it.")
    String bindTo;

    @Option(names = "--report-bindings", description = "Print each rank's binding before the job starts.")
    boolean reportBindings;

    @Option(names = "--json", description = "The launcher's reports (--display map/bind, the failure summary) as JSON "
            + "lines on stdout, among the job's output (schema: docs/json.md).")
    boolean json;

    @Option(names = "--display", paramLabel = "WHAT", split = ",",
            description = "map: print the job map (PRRTE's JOB MAP block); bind: as --report-bindings.")
    List<String> display = new ArrayList<>();

    @Option(names = {"-H", "--host"}, paramLabel = "HOST[:SLOTS],...", split = ",",
            description = "Hosts to run on, with their slots (a repeated host adds slots). A daemon is started on"
                    + " each other node through the launch agent (ssh by default).")
    List<String> hosts = new ArrayList<>();

    @Option(names = {"--hostfile", "--machinefile"}, paramLabel = "FILE",
            description = "Hosts file: one 'NAME [slots=N] [max_slots=M]' per line, # comments.")
    String hostfile;

    @Option(names = "--output", paramLabel = "DIRECTIVES",
            description = "Output formatting, combinable with commas: tag ([job,rank]<stream>: ), tag-detailed, "
                    + "tag-fullname, rank, timestamp, xml, merge-stderr-to-stdout, dir=PATH "
                    + "(PATH/<nspace>/rank.N/stdout), file=NAME[:copy|:nocopy|:pattern] (NAME.<nspace>.<rank>.out), "
                    + "raw (no line buffering).")
    List<String> output = new ArrayList<>();

    @Option(names = "--tag-output", description = "Deprecated: --output tag.")
    boolean tagOutput;

    @Option(names = "--timestamp-output", description = "Deprecated: --output timestamp.")
    boolean timestampOutput;

    @Option(names = "--xml", description = "Deprecated: --output xml.")
    boolean xml;

    @Option(names = "--merge-stderr-to-stdout", description = "Deprecated: --output merge-stderr-to-stdout.")
    boolean mergeStderr;

    @Option(names = "--output-filename", paramLabel = "NAME", description = "Deprecated: --output file=NAME.")
    String outputFilename;

    @Option(names = "--output-directory", paramLabel = "DIR", description = "Deprecated: --output dir=DIR.")
    String outputDirectory;

    @Option(names = "--stream-buffering", paramLabel = "0|1|2",
            description = "Open MPI's stdio buffering of the processes: 0 unbuffered, 1 line, 2 full.")
    String streamBuffering;

    @Option(names = "--stdin", paramLabel = "RANK|all|none",
            description = "Which processes get the launcher's stdin. Default: rank 0 (given /dev/null itself when the "
                    + "launcher's stdin is /dev/null).")
    String stdin;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "Stop the job when it has run this long; the launcher then exits with status 124.")
    Integer timeout;

    @Option(names = "--report-state-on-timeout",
            description = "With --timeout: print each process's state before stopping the job.")
    boolean reportStateOnTimeout;

    @Option(names = "--stop-on-exec", description = "Hold every process at its first instruction after exec until"
            + " a debugger releases it (PMIX_DEBUG_STOP_ON_EXEC; release: pmix4j debug release NSPACE).")
    boolean stopOnExec;

    @Option(names = "--stop-in-init", description = "Every process waits in PMIx_Init (MPI_Init) until a debugger"
            + " releases it (PMIX_DEBUG_STOP_IN_INIT).")
    boolean stopInInit;

    @Option(names = "--stop-in-app", description = "Tell the application to wait for a debugger at a place of its"
            + " choosing (PMIX_DEBUG_STOP_IN_APP in its job data; the application must honour it).")
    boolean stopInApp;

    @Parameters(arity = "0..*", paramLabel = "PROGRAM [ARGS...] [: [APP OPTIONS] PROGRAM [ARGS...]]...",
            description = "The program to run and its arguments; further applications after ':' (none with --app).")
    List<String> words = new ArrayList<>();

    /**
     * This command's picocli model. {@code run} and {@code prun} have theirs built without reading their
     * annotations, written from them at build time ({@code CliModels}): reading them costs a
     * fresh JVM ~100 ms, and every job pays it.
     */
    CommandLine.Model.CommandSpec model() {
        return CommandLine.Model.CommandSpec.forAnnotatedObject(this);
    }

    /**
     * The command line of this command as pmix4j's command tree has it (its usage names it in full, {@code
     * pmix4j prun}), without the tree: everything after the program's name belongs to the program.
     */
    CommandLine commandLine() {
        CommandLine cl = new CommandLine(Main.inTree(model()));
        cl.setStopAtPositional(true);
        return cl;
    }

    Launcher.Options options() {
        return optionsBuilder().build();
    }

    /** The options as given, for a command to add its own. */
    Launcher.Options.Builder optionsBuilder() {
        List<String> out = new ArrayList<>(output);
        deprecated(out, tagOutput, "--tag-output", null);
        deprecated(out, timestampOutput, "--timestamp-output", null);
        deprecated(out, xml, "--xml", null);
        deprecated(out, mergeStderr, "--merge-stderr-to-stdout", null);
        deprecated(out, outputFilename != null, "--output-filename", outputFilename);
        deprecated(out, outputDirectory != null, "--output-directory", outputDirectory);
        return Launcher.Options.builder()
                .oversubscribe(oversubscribe).noOversubscribe(noOversubscribe)
                .mapBy(mapBy).rankBy(rankBy).bindTo(bindTo).hosts(hosts).hostfile(hostfile)
                .output(out).streamBuffering(streamBuffering).stdin(stdin).display(display).reportBindings(reportBindings)
                .timeoutSeconds(timeout).reportStateOnTimeout(reportStateOnTimeout)
                .pause(new org.pmix4j.runtime.JobPause(stopOnExec, stopInInit, stopInApp))
                .forwardSignals(mpirun.signals())
                .json(json);
    }

    /** An old spelling: as PRRTE, convert it to its --output directive and say so (one line for all of them). */
    private void deprecated(List<String> out, boolean given, String option, String value) {
        if (given) {
            String directive = DeprecatedOutputOptions.toOutputDirective(option, value);
            notices.converted(option + (value == null ? "" : " " + value), "--output " + directive);
            out.add(directive);
        }
    }

    /**
     * The checks and the notices that come before the job: the personality's rule for root, --report-pid,
     * then what the launcher says about the command line (unless -q).
     */
    void beforeLaunch(String command) {
        mpirun.beforeLaunch(System.getenv(), System.out, System.err);
        notices.print(System.err, "pmix4j " + command, mpirun.quiet);
    }

    /**
     * The applications: the first from this command's own options, the others from the ':' segments; or,
     * with --app, one from each line of the appfile.
     */
    List<AppContext> applications(Map<String, String> env) {
        Integer implied = ImpliedProcessCount.of(mapBy, hosts, hostfile);
        if (implied == null && mpirun.personality != null) {
            // as mpirun and prterun: an application without -n fills the allocation's slots
            implied = AllocationSlots.of(hosts, hostfile, ServerConfig.localHostname(), env);
        }
        AppOptions.JobEnvironment jobWide = mpirun.jobEnvironment(implied == null ? 1 : implied);
        List<AppContext> apps = new ArrayList<>();
        if (mpirun.appfile != null) {
            if (!words.isEmpty()) {
                throw new IllegalArgumentException("--app " + mpirun.appfile + " names the applications: give no "
                        + "program on the command line (found '" + words.get(0) + "')");
            }
            List<List<String>> lines = Appfile.read(mpirun.appfile);
            for (int i = 0; i < lines.size(); i++) {
                apps.add(parseSegment(lines.get(i), "--app " + mpirun.appfile + " application " + (i + 1), env, jobWide));
            }
            return apps;
        }
        if (words.isEmpty()) {
            throw new IllegalArgumentException("no program to run: give PROGRAM [ARGS...] (or --app FILE)");
        }
        List<List<String>> segments = new ArrayList<>();
        List<String> cur = new ArrayList<>();
        for (String w : words) {
            if (w.equals(":")) {
                segments.add(cur);
                cur = new ArrayList<>();
            } else {
                cur.add(w);
            }
        }
        segments.add(cur);
        apps.add(first.toApp(segments.get(0), env, jobWide));
        for (int i = 1; i < segments.size(); i++) {
            apps.add(parseSegment(segments.get(i), "application " + (i + 1) + " (after ':' number " + i + ")", env,
                    jobWide));
        }
        return apps;
    }

    private AppContext parseSegment(List<String> segment, String where, Map<String, String> env,
            AppOptions.JobEnvironment jobWide) {
        AppOptions opts = new AppOptions();
        ProgramWords program = new ProgramWords();
        CommandLine cl = new CommandLine(program);
        cl.addMixin("app", opts);
        cl.setStopAtPositional(true);
        try {
            String[] args = LegacyCommandLine.rewriteApplication(segment.toArray(String[]::new), cl.getCommandSpec(),
                    jobSpec, notices).args();
            cl.parseArgs(args);
        } catch (CommandLine.ParameterException | IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
        return opts.toApp(program.argv, env, jobWide);
    }

    /** The positional words of one MPMD segment. */
    @Command(name = "app")
    static final class ProgramWords {
        @Parameters(arity = "0..*")
        List<String> argv = new ArrayList<>();
    }
}
