package org.pmix4j.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's model of {@code pmix4j run} ({@link RunCommand}), built without reading its
 * annotations: written from them by CliModelGenerator (cli tests). Do not edit: run
 * {@code bin/generate-cli-models}; CliModelsTest fails when this and the annotations differ.
 */
@SuppressWarnings({"unchecked", "deprecation"})
final class RunModel {
    private RunModel() {
    }

    /** The model of {@code c}'s command line, bound to its fields. */
    static CommandSpec of(RunCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("run");
        spec.usageMessage()
                .description("Run a job under a PMIx server embedded in this launcher, as mpirun or prterun would: each process learns its rank and peers through PMIx, its output is forwarded, and the launcher exits with the first failure's status (a process's non-zero exit status, 128+N for a process killed by signal N, the status given to PMIx_Abort/MPI_Abort; 128+N when the launcher itself is stopped by signal N).", "", "Several applications (MPMD) are separated by ':'; each takes its own -n, -x, --wdir and --path. Ranks are numbered across the applications in order.")
                .footer("", "Examples:", "  pmix4j run -n 4 ./my_mpi_program arg1 arg2", "  pmix4j run -n 8 --oversubscribe hostname", "  pmix4j run -n 1 -x MODE=server ./master : -n 3 --wdir /scratch ./worker", "  pmix4j run -n 4 --map-by core --bind-to core --report-bindings ./app", "  pmix4j run -n 2 --map-by slot:PE=1 --display map ./app", "  pmix4j run -n 4 --output tag,timestamp ./app          ([1,0]<stdout>: ... lines)", "  pmix4j run -n 4 --output dir=out ./app                 (out/<nspace>/rank.N/stdout)", "  cat big.dat | pmix4j run -n 3 --stdin all ./consumer", "  pmix4j run -n 2 --timeout 60 --report-state-on-timeout ./app", "", "Signals: SIGINT, SIGTERM and SIGHUP stop the job cleanly (a second SIGINT kills it at once); SIGUSR1 and SIGUSR2 are forwarded to every process; SIGTSTP suspends the whole job and SIGCONT resumes it.", "", "Command lines written for mpirun (Open MPI 4.1) or prterun run as they are: single-dash long options (-np, -wdir, -mca, -host), old spellings (-npernode 2, -bynode, --bind-to-core, --display-map, -rf FILE, --tag-output) converted to their PRRTE form and reported on one line, options that only tune ORTE's or PRRTE's daemons accepted with a one-line notice, and those pmix4j has nothing for refused with the reason. -q silences the notices.", "", "Open MPI 4.1 programs run as launched processes: pmix4j sets Open MPI's own MCA parameters OMPI_MCA_schizo=^orte and OMPI_MCA_ess=pmi (unless you set them) so that they take their identity from PMIx instead of starting as singletons.")
                .sortOptions(false);
        CommandSpec mixinFirst = CommandSpec.wrapWithoutInspection(c.first);
        mixinFirst.addOption(bound(OptionSpec.builder("-n", "--np", "-np", "-c", "--n"), c, 0)
                .type(Integer.class)
                .auxiliaryTypes(Integer.class)
                .paramLabel("N")
                .description("Number of processes of this application. Default: 1, or what the placement implies (ppr:N:node: N on each node; a rankfile: its ranks; seq: the hostfile's lines).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.first.np)
                .build());
        mixinFirst.addOption(bound(OptionSpec.builder("-x"), c, 1)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NAME[=VALUE]")
                .description("Export NAME to this application's processes: with =VALUE, set it to VALUE; without, forward the launcher's value. Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.first.exports)
                .build());
        mixinFirst.addOption(bound(OptionSpec.builder("--wdir", "--wd"), c, 2)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("DIR")
                .description("Working directory of this application's processes (default: the launcher's).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.first.wdir)
                .build());
        mixinFirst.addOption(bound(OptionSpec.builder("--path"), c, 3)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("PATH")
                .description("PATH used to find this application's program (and given to its processes).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.first.path)
                .build());
        mixinFirst.addOption(bound(OptionSpec.builder("--mca"), c, 4)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME VALUE")
                .description("Open MPI MCA parameter for this application's processes, as mpirun passes it: OMPI_MCA_NAME=VALUE in their environment (-mca, --omca alike). Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.first.mca)
                .build());
        mixinFirst.addOption(bound(OptionSpec.builder("--set-env"), c, 5)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NAME=VALUE")
                .description("Set NAME to VALUE in this application's processes (as -x NAME=VALUE). Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.first.setEnv)
                .build());
        mixinFirst.addOption(bound(OptionSpec.builder("--unset-env"), c, 6)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NAME|PREFIX*")
                .description("Take NAME (or every variable starting with PREFIX) away from what the processes inherit. Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.first.unsetEnv)
                .build());
        mixinFirst.addOption(bound(OptionSpec.builder("--prepend-env"), c, 7)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME[c] VALUE")
                .description("Put VALUE before NAME's value, joined by the separator c: --prepend-env PATH[:] /opt/bin.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.first.prependEnv)
                .build());
        mixinFirst.addOption(bound(OptionSpec.builder("--append-env"), c, 8)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME[c] VALUE")
                .description("Put VALUE after NAME's value, joined by the separator c: --append-env PATH[:] /opt/bin.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.first.appendEnv)
                .build());
        spec.addMixin("first", mixinFirst);
        CommandSpec mixinVerbosity = CommandSpec.wrapWithoutInspection(c.verbosity);
        mixinVerbosity.addOption(bound(OptionSpec.builder("-v", "--verbose"), c, 9)
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
        CommandSpec mixinMpirun = CommandSpec.wrapWithoutInspection(c.mpirun);
        mixinMpirun.addOption(bound(OptionSpec.builder("-q", "--quiet"), c, 10)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<quiet>")
                .description("Print none of pmix4j's notices (old spellings converted, options ignored); errors are still printed.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mpirun.quiet)
                .build());
        mixinMpirun.addOption(bound(OptionSpec.builder("--allow-run-as-root"), c, 11)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<allowRunAsRoot>")
                .description("Allow running as root under --personality ompi or prte (mpirun's and prterun's rule). Without a personality, pmix4j run runs as root anyway.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mpirun.allowRunAsRoot)
                .build());
        mixinMpirun.addOption(bound(OptionSpec.builder("--personality"), c, 12)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("ompi|prte")
                .description("Behave as mpirun (ompi) or prterun (prte) where they differ: their rule for root (OMPI_ or PRTE_ALLOW_RUN_AS_ROOT{,_CONFIRM}).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mpirun.personality)
                .build());
        mixinMpirun.addOption(bound(OptionSpec.builder("--gmca"), c, 13)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME VALUE")
                .description("Open MPI MCA parameter for every application: OMPI_MCA_NAME=VALUE. Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mpirun.gmca)
                .build());
        mixinMpirun.addOption(bound(OptionSpec.builder("--pmixmca"), c, 14)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME VALUE")
                .description("PMIx MCA parameter for the processes' PMIx library: PMIX_MCA_NAME=VALUE. Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mpirun.pmixmca)
                .build());
        mixinMpirun.addOption(bound(OptionSpec.builder("--prtemca"), c, 15)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME VALUE")
                .description("PRRTE (runtime) MCA parameter: those that name a pmix4j option are applied as it (rmaps_default_mapping_policy: --map-by, hwloc_default_binding_policy: --bind-to, rmaps_default_ranking_policy: --rank-by, plm_ssh_agent: --launch-agent, routed_radix: --tree-radix), the others are ignored with a notice.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mpirun.prtemca)
                .build());
        mixinMpirun.addOption(bound(OptionSpec.builder("--tune"), c, 16)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE[,FILE...]")
                .description("Files of MCA parameters for every application: 'name = value' lines (PRRTE) or lines of -x and --mca options (Open MPI 4.1); # comments.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mpirun.tune)
                .build());
        mixinMpirun.addOption(bound(OptionSpec.builder("--forward-signals"), c, 17)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("SIGNALS")
                .description("Further signals (names or numbers, comma-separated) forwarded to every process besides SIGUSR1 and SIGUSR2; 'none' forwards none of them.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mpirun.forwardSignals)
                .build());
        mixinMpirun.addOption(bound(OptionSpec.builder("--app"), c, 18)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE")
                .description("An appfile: one application per line, with its options (-np 2 -x A=1 ./prog args); no program is then given on the command line.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mpirun.appfile)
                .build());
        mixinMpirun.addOption(bound(OptionSpec.builder("--report-pid"), c, 19)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("-|+|FILE")
                .description("Print the launcher's process id on stdout (-), stderr (+) or into FILE.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mpirun.reportPid)
                .build());
        spec.addMixin("mpirun", mixinMpirun);
        spec.add(bound(OptionSpec.builder("--oversubscribe"), c, 20)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<oversubscribe>")
                .description("Allow more processes than this node has slots.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.oversubscribe)
                .build());
        spec.add(bound(OptionSpec.builder("--nooversubscribe"), c, 21)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<noOversubscribe>")
                .description("Refuse more processes than slots (the default).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.noOversubscribe)
                .build());
        spec.add(bound(OptionSpec.builder("--map-by", "--mapby"), c, 22)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("POLICY[:QUALIFIERS]")
                .description("Where processes go: slot, node, core, package (socket), hwthread, numa, l1cache, l2cache, l3cache; qualifiers PE=n (cores per process), OVERSUBSCRIBE, NOOVERSUBSCRIBE, SPAN. Default, as PRRTE: by core for up to 2 processes, else by package.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mapBy)
                .build());
        spec.add(bound(OptionSpec.builder("--rank-by", "--rankby"), c, 23)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("POLICY")
                .description("How ranks are numbered over the placement: slot, node, fill, span.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.rankBy)
                .build());
        spec.add(bound(OptionSpec.builder("--bind-to", "--bindto"), c, 24)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("POLICY[:QUALIFIERS]")
                .description("What each process is bound to: none, hwthread, core, l1cache, l2cache, l3cache, numa, package; qualifiers OVERLOAD-ALLOWED, NO-OVERLOAD, IF-SUPPORTED, REPORT. The binding is real (taskset) and processes see it; PMIX_CPUSET and PMIX_LOCALITY_STRING describe it.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.bindTo)
                .build());
        spec.add(bound(OptionSpec.builder("--report-bindings"), c, 25)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<reportBindings>")
                .description("Print each rank's binding before the job starts.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.reportBindings)
                .build());
        spec.add(bound(OptionSpec.builder("--json"), c, 26)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<json>")
                .description("The launcher's reports (--display map/bind, the failure summary) as JSON lines on stdout, among the job's output (schema: docs/json.md).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.json)
                .build());
        spec.add(bound(OptionSpec.builder("--display"), c, 27)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("WHAT")
                .description("map: print the job map (PRRTE's JOB MAP block); bind: as --report-bindings.")
                .descriptionKey("")
                .splitRegex(",")
                .prompt("")
                .initialValue(c.display)
                .build());
        spec.add(bound(OptionSpec.builder("-H", "--host"), c, 28)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("HOST[:SLOTS],...")
                .description("Hosts to run on, with their slots (a repeated host adds slots). A daemon is started on each other node through the launch agent (ssh by default).")
                .descriptionKey("")
                .splitRegex(",")
                .prompt("")
                .initialValue(c.hosts)
                .build());
        spec.add(bound(OptionSpec.builder("--hostfile", "--machinefile"), c, 29)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE")
                .description("Hosts file: one 'NAME [slots=N] [max_slots=M]' per line, # comments.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.hostfile)
                .build());
        spec.add(bound(OptionSpec.builder("--output"), c, 30)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("DIRECTIVES")
                .description("Output formatting, combinable with commas: tag ([job,rank]<stream>: ), tag-detailed, tag-fullname, rank, timestamp, xml, merge-stderr-to-stdout, dir=PATH (PATH/<nspace>/rank.N/stdout), file=NAME[:copy|:nocopy|:pattern] (NAME.<nspace>.<rank>.out), raw (no line buffering).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.output)
                .build());
        spec.add(bound(OptionSpec.builder("--tag-output"), c, 31)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<tagOutput>")
                .description("Deprecated: --output tag.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.tagOutput)
                .build());
        spec.add(bound(OptionSpec.builder("--timestamp-output"), c, 32)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<timestampOutput>")
                .description("Deprecated: --output timestamp.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.timestampOutput)
                .build());
        spec.add(bound(OptionSpec.builder("--xml"), c, 33)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<xml>")
                .description("Deprecated: --output xml.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.xml)
                .build());
        spec.add(bound(OptionSpec.builder("--merge-stderr-to-stdout"), c, 34)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<mergeStderr>")
                .description("Deprecated: --output merge-stderr-to-stdout.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.mergeStderr)
                .build());
        spec.add(bound(OptionSpec.builder("--output-filename"), c, 35)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NAME")
                .description("Deprecated: --output file=NAME.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.outputFilename)
                .build());
        spec.add(bound(OptionSpec.builder("--output-directory"), c, 36)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("DIR")
                .description("Deprecated: --output dir=DIR.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.outputDirectory)
                .build());
        spec.add(bound(OptionSpec.builder("--stream-buffering"), c, 37)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("0|1|2")
                .description("Open MPI's stdio buffering of the processes: 0 unbuffered, 1 line, 2 full.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.streamBuffering)
                .build());
        spec.add(bound(OptionSpec.builder("--stdin"), c, 38)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("RANK|all|none")
                .description("Which processes get the launcher's stdin. Default: rank 0.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.stdin)
                .build());
        spec.add(bound(OptionSpec.builder("--timeout"), c, 39)
                .type(Integer.class)
                .auxiliaryTypes(Integer.class)
                .paramLabel("SECONDS")
                .description("Stop the job when it has run this long; the launcher then exits with status 124.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.timeout)
                .build());
        spec.add(bound(OptionSpec.builder("--report-state-on-timeout"), c, 40)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<reportStateOnTimeout>")
                .description("With --timeout: print each process's state before stopping the job.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.reportStateOnTimeout)
                .build());
        spec.add(bound(OptionSpec.builder("--stop-on-exec"), c, 41)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<stopOnExec>")
                .description("Hold every process at its first instruction after exec until a debugger releases it (PMIX_DEBUG_STOP_ON_EXEC; release: pmix4j debug release NSPACE).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.stopOnExec)
                .build());
        spec.add(bound(OptionSpec.builder("--stop-in-init"), c, 42)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<stopInInit>")
                .description("Every process waits in PMIx_Init (MPI_Init) until a debugger releases it (PMIX_DEBUG_STOP_IN_INIT).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.stopInInit)
                .build());
        spec.add(bound(OptionSpec.builder("--stop-in-app"), c, 43)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<stopInApp>")
                .description("Tell the application to wait for a debugger at a place of its choosing (PMIX_DEBUG_STOP_IN_APP in its job data; the application must honour it).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.stopInApp)
                .build());
        spec.add(bound(PositionalParamSpec.builder(), c, 44)
                .index("*")
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("0..*")
                .paramLabel("PROGRAM [ARGS...] [: [APP OPTIONS] PROGRAM [ARGS...]]...")
                .description("The program to run and its arguments; further applications after ':' (none with --app).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.words)
                .build());
        spec.add(bound(OptionSpec.builder("--dvm"), c, 45)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .arity("0..1")
                .paramLabel("URI|file:PATH|pid:PID|ns:NSPACE|system")
                .description("Hand the job to a running DVM (pmix4j dvm) instead of running it here, as pmix4j prun does: the one named, or the only one running.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.dvm)
                .build());
        CommandSpec mixinSession = CommandSpec.wrapWithoutInspection(c.session);
        mixinSession.addOption(bound(OptionSpec.builder("--session-id"), c, 46)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("N")
                .description("Run the job in session N of the DVM.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.session.sessionId)
                .build());
        mixinSession.addOption(bound(OptionSpec.builder("--alloc-id"), c, 47)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("ID")
                .description("Run the job in the session the scheduler named ID.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.session.allocId)
                .build());
        mixinSession.addOption(bound(OptionSpec.builder("--alloc-refid"), c, 48)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("ID")
                .description("Run the job in the session granted to your request named ID (pmix4j alloc --request-id).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.session.allocRefId)
                .build());
        spec.addMixin("session", mixinSession);
        CommandSpec mixinCluster = CommandSpec.wrapWithoutInspection(c.cluster);
        mixinCluster.addOption(bound(OptionSpec.builder("--launch-agent"), c, 49)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("COMMAND")
                .description("What starts the daemons on other nodes, run as 'COMMAND HOST DAEMON...' (ssh's way). Default: ssh -o BatchMode=yes.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.cluster.launchAgent)
                .build());
        mixinCluster.addOption(bound(OptionSpec.builder("--tree-radix"), c, 50)
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
        c.spec = spec;
        c.jobSpec = spec;
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
    private static OptionSpec.Builder bound(OptionSpec.Builder builder, RunCommand c, int slot) {
        Binding binding = new Binding(c, slot);
        return builder.getter(binding).setter(binding);
    }

    /** {@code builder} bound to the member of slot {@code slot}: one binding reads and writes it. */
    private static PositionalParamSpec.Builder bound(PositionalParamSpec.Builder builder, RunCommand c, int slot) {
        Binding binding = new Binding(c, slot);
        return builder.getter(binding).setter(binding);
    }

    /** Reads and writes the member bound to one option, by its number. */
    private static final class Binding implements IGetter, ISetter {
        private final RunCommand c;
        private final int slot;
        /** What a method option was last given (picocli keeps it for a method too). */
        private Object given;

        Binding(RunCommand c, int slot) {
            this.c = c;
            this.slot = slot;
        }

        @Override
        public <T> T get() {
            Object value = switch (slot) {
                case 0 -> c.first.np;
                case 1 -> c.first.exports;
                case 2 -> c.first.wdir;
                case 3 -> c.first.path;
                case 4 -> c.first.mca;
                case 5 -> c.first.setEnv;
                case 6 -> c.first.unsetEnv;
                case 7 -> c.first.prependEnv;
                case 8 -> c.first.appendEnv;
                case 9 -> given;
                case 10 -> c.mpirun.quiet;
                case 11 -> c.mpirun.allowRunAsRoot;
                case 12 -> c.mpirun.personality;
                case 13 -> c.mpirun.gmca;
                case 14 -> c.mpirun.pmixmca;
                case 15 -> c.mpirun.prtemca;
                case 16 -> c.mpirun.tune;
                case 17 -> c.mpirun.forwardSignals;
                case 18 -> c.mpirun.appfile;
                case 19 -> c.mpirun.reportPid;
                case 20 -> c.oversubscribe;
                case 21 -> c.noOversubscribe;
                case 22 -> c.mapBy;
                case 23 -> c.rankBy;
                case 24 -> c.bindTo;
                case 25 -> c.reportBindings;
                case 26 -> c.json;
                case 27 -> c.display;
                case 28 -> c.hosts;
                case 29 -> c.hostfile;
                case 30 -> c.output;
                case 31 -> c.tagOutput;
                case 32 -> c.timestampOutput;
                case 33 -> c.xml;
                case 34 -> c.mergeStderr;
                case 35 -> c.outputFilename;
                case 36 -> c.outputDirectory;
                case 37 -> c.streamBuffering;
                case 38 -> c.stdin;
                case 39 -> c.timeout;
                case 40 -> c.reportStateOnTimeout;
                case 41 -> c.stopOnExec;
                case 42 -> c.stopInInit;
                case 43 -> c.stopInApp;
                case 44 -> c.words;
                case 45 -> c.dvm;
                case 46 -> c.session.sessionId;
                case 47 -> c.session.allocId;
                case 48 -> c.session.allocRefId;
                case 49 -> c.cluster.launchAgent;
                case 50 -> c.cluster.treeRadix;
                default -> throw new IllegalStateException("no option bound to " + slot);
            };
            return (T) value;
        }

        @Override
        public <T> T set(T value) {
            T old = get();
            switch (slot) {
                case 0 -> c.first.np = (Integer) value;
                case 1 -> c.first.exports = (List<String>) value;
                case 2 -> c.first.wdir = (String) value;
                case 3 -> c.first.path = (String) value;
                case 4 -> c.first.mca = (List<String>) value;
                case 5 -> c.first.setEnv = (List<String>) value;
                case 6 -> c.first.unsetEnv = (List<String>) value;
                case 7 -> c.first.prependEnv = (List<String>) value;
                case 8 -> c.first.appendEnv = (List<String>) value;
                case 9 -> {
                    c.verbosity.verbose((boolean[]) value);
                    given = value;
                }
                case 10 -> c.mpirun.quiet = (Boolean) value;
                case 11 -> c.mpirun.allowRunAsRoot = (Boolean) value;
                case 12 -> c.mpirun.personality = (String) value;
                case 13 -> c.mpirun.gmca = (List<String>) value;
                case 14 -> c.mpirun.pmixmca = (List<String>) value;
                case 15 -> c.mpirun.prtemca = (List<String>) value;
                case 16 -> c.mpirun.tune = (String) value;
                case 17 -> c.mpirun.forwardSignals = (String) value;
                case 18 -> c.mpirun.appfile = (String) value;
                case 19 -> c.mpirun.reportPid = (String) value;
                case 20 -> c.oversubscribe = (Boolean) value;
                case 21 -> c.noOversubscribe = (Boolean) value;
                case 22 -> c.mapBy = (String) value;
                case 23 -> c.rankBy = (String) value;
                case 24 -> c.bindTo = (String) value;
                case 25 -> c.reportBindings = (Boolean) value;
                case 26 -> c.json = (Boolean) value;
                case 27 -> c.display = (List<String>) value;
                case 28 -> c.hosts = (List<String>) value;
                case 29 -> c.hostfile = (String) value;
                case 30 -> c.output = (List<String>) value;
                case 31 -> c.tagOutput = (Boolean) value;
                case 32 -> c.timestampOutput = (Boolean) value;
                case 33 -> c.xml = (Boolean) value;
                case 34 -> c.mergeStderr = (Boolean) value;
                case 35 -> c.outputFilename = (String) value;
                case 36 -> c.outputDirectory = (String) value;
                case 37 -> c.streamBuffering = (String) value;
                case 38 -> c.stdin = (String) value;
                case 39 -> c.timeout = (Integer) value;
                case 40 -> c.reportStateOnTimeout = (Boolean) value;
                case 41 -> c.stopOnExec = (Boolean) value;
                case 42 -> c.stopInInit = (Boolean) value;
                case 43 -> c.stopInApp = (Boolean) value;
                case 44 -> c.words = (List<String>) value;
                case 45 -> c.dvm = (String) value;
                case 46 -> c.session.sessionId = (String) value;
                case 47 -> c.session.allocId = (String) value;
                case 48 -> c.session.allocRefId = (String) value;
                case 49 -> c.cluster.launchAgent = (String) value;
                case 50 -> c.cluster.treeRadix = (Integer) value;
                default -> throw new IllegalStateException("no option bound to " + slot);
            }
            return old;
        }
    }
}
