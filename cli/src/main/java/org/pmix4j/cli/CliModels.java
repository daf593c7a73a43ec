package org.pmix4j.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's models of the commands that start often, built without reading their annotations: written
 * from them by CliModelGenerator (cli tests). Do not edit: run {@code bin/generate-cli-models};
 * CliModelsTest fails when this and the annotations differ.
 */
@SuppressWarnings({"unchecked", "deprecation"})
final class CliModels {
    private CliModels() {
    }

    /** The model of {@code pmix4j run} ({@link RunCommand}), bound to {@code c}. */
    static CommandSpec of(RunCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("run");
        spec.usageMessage()
                .description("Run a job under a PMIx server embedded in this launcher, as mpirun or prterun would: each process learns its rank and peers through PMIx, its output is forwarded, and the launcher exits with the first failure's status (a process's non-zero exit status, 128+N for a process killed by signal N, the status given to PMIx_Abort/MPI_Abort; 128+N when the launcher itself is stopped by signal N).",
                        "",
                        "Several applications (MPMD) are separated by ':'; each takes its own -n, -x, --wdir and --path. Ranks are numbered across the applications in order.")
                .footer("",
                        "Examples:",
                        "  pmix4j run -n 4 ./my_mpi_program arg1 arg2",
                        "  pmix4j run -n 8 --oversubscribe hostname",
                        "  pmix4j run -n 1 -x MODE=server ./master : -n 3 --wdir /scratch ./worker",
                        "  pmix4j run -n 4 --map-by core --bind-to core --report-bindings ./app",
                        "  pmix4j run -n 2 --map-by slot:PE=1 --display map ./app",
                        "  pmix4j run -n 4 --output tag,timestamp ./app          ([1,0]<stdout>: ... lines)",
                        "  pmix4j run -n 4 --output dir=out ./app                 (out/<nspace>/rank.N/stdout)",
                        "  cat big.dat | pmix4j run -n 3 --stdin all ./consumer",
                        "  pmix4j run -n 2 --timeout 60 --report-state-on-timeout ./app",
                        "",
                        "Signals: SIGINT, SIGTERM and SIGHUP stop the job cleanly (a second SIGINT kills it at once); SIGUSR1 and SIGUSR2 are forwarded to every process; SIGTSTP suspends the whole job and SIGCONT resumes it.",
                        "",
                        "Command lines written for mpirun (Open MPI 4.1) or prterun run as they are: single-dash long options (-np, -wdir, -mca, -host), old spellings (-npernode 2, -bynode, --bind-to-core, --display-map, -rf FILE, --tag-output) converted to their PRRTE form and reported on one line, options that only tune ORTE's or PRRTE's daemons accepted with a one-line notice, and those pmix4j has nothing for refused with the reason. -q silences the notices.",
                        "",
                        "Open MPI 4.1 programs run as launched processes: pmix4j sets Open MPI's own MCA parameters OMPI_MCA_schizo=^orte and OMPI_MCA_ess=pmi (unless you set them) so that they take their identity from PMIx instead of starting as singletons.")
                .sortOptions(false);
        declaredByJobCommand(spec, c);
        declaredByRunCommand(spec, c);
        spec.addMixin("mixinStandardHelpOptions", help());
        return spec;
    }

    /** The model of {@code pmix4j prun} ({@link PrunCommand}), bound to {@code c}. */
    static CommandSpec of(PrunCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("prun");
        spec.usageMessage()
                .description("Run a job in a running DVM (pmix4j dvm): the job is handed to the DVM, its output comes back here, stdin and signals are forwarded to it, and prun exits with the job's status by the rules of pmix4j run. Every option of pmix4j run is accepted.",
                        "",
                        "The DVM is the one named by --dvm-uri, --pid, --namespace or --system-server, else the only one of this user running on this node.")
                .footer("",
                        "Examples:",
                        "  pmix4j dvm --daemonize && pmix4j prun -n 4 ./my_mpi_program && pmix4j term",
                        "  pmix4j prun --pid 12345 -n 2 --output tag hostname")
                .sortOptions(false);
        declaredByJobCommand(spec, c);
        declaredByPrunCommand(spec, c);
        spec.addMixin("mixinStandardHelpOptions", help());
        return spec;
    }

    /** The model of {@code pmix4j daemon} ({@link DaemonCommand}), bound to {@code c}. */
    static CommandSpec of(DaemonCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("daemon");
        spec.usageMessage()
                .description("The runtime's daemon on another node (started by pmix4j run or dvm through the launch agent; reads the runtime's secret from stdin).")
                .hidden(true);
        declaredByDaemonCommand(spec, c);
        spec.addMixin("mixinStandardHelpOptions", help());
        return spec;
    }

    /** The model of {@code pmix4j dvm} ({@link DvmCommand}), bound to {@code c}. */
    static CommandSpec of(DvmCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("dvm");
        spec.usageMessage()
                .description("Start a persistent runtime (a DVM) on this node: a PMIx server that runs the jobs tools hand it (pmix4j prun, pmix4j run --dvm, any PMIx tool calling PMIx_Spawn), many at once and one after another, until pmix4j term (or SIGTERM/SIGINT/SIGHUP) stops it. Each job brings its own placement and output options.",
                        "",
                        "Tools find it by pid, by namespace, by URI, or with --system-server as the node's system server.")
                .footer("",
                        "Examples:",
                        "  pmix4j dvm --daemonize --report-pid -",
                        "  pmix4j dvm --system-server --report-uri /tmp/dvm.uri &")
                .sortOptions(false);
        declaredByDvmCommand(spec, c);
        spec.addMixin("mixinStandardHelpOptions", help());
        return spec;
    }

    /** The model of {@code pmix4j term} ({@link TermCommand}), bound to {@code c}. */
    static CommandSpec of(TermCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("term");
        spec.usageMessage()
                .description("Stop a running DVM (pmix4j dvm): its jobs are stopped first, then it ends and removes its session directory and rendezvous files. term returns when the DVM has ended.",
                        "",
                        "The DVM is the one named by --dvm-uri, --pid, --namespace or --system-server, else the only one of this user running on this node.")
                .sortOptions(false);
        declaredByTermCommand(spec, c);
        spec.addMixin("mixinStandardHelpOptions", help());
        return spec;
    }

    /** The model of {@code pmix4j ps} ({@link PsCommand}), bound to {@code c}. */
    static CommandSpec of(PsCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("ps");
        spec.usageMessage()
                .description("List every job of a running DVM (pmix4j dvm) with its processes: namespace, rank, pid, host, state and command. The DVM is the one named by --dvm-uri, --pid, --namespace or --system-server, else the only one of this user running on this node.")
                .sortOptions(false);
        declaredByPsCommand(spec, c);
        spec.addMixin("mixinStandardHelpOptions", help());
        return spec;
    }

    /** The model of {@code pmix4j sched} ({@link SchedCommand}), bound to {@code c}. */
    static CommandSpec of(SchedCommand c) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        spec.name("sched");
        spec.usageMessage()
                .description("Start the node's scheduler: a PMIx server (PMIX_SERVER_SCHEDULER, pmix.sched.<host>, one per node) that owns the node pool and grants sessions out of it to PMIx_Allocation_request (pmix4j alloc, libpmix clients and tools), first come first served with EASY backfill. Granted sessions are created in the node's DVM (pmix4j dvm --system-server), which it attaches to whichever starts first.",
                        "",
                        "It runs until SIGTERM, SIGINT or SIGHUP; the sessions run on in the DVM, and a scheduler started again takes them over.")
                .footer("",
                        "Examples:",
                        "  pmix4j sched --daemonize --report-pid -",
                        "  pmix4j sched --host node1:8 --default-time 3600")
                .sortOptions(false);
        declaredBySchedCommand(spec, c);
        spec.addMixin("mixinStandardHelpOptions", help());
        return spec;
    }

    /** What {@link JobCommand} declares: its options, mixins and parameters, in picocli's order. */
    private static void declaredByJobCommand(CommandSpec spec, JobCommand c) {
        spec.addMixin("first", mixin(c.first));
        spec.addMixin("verbosity", mixin(c.verbosity));
        spec.addMixin("mpirun", mixin(c.mpirun));
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
                .description("Which processes get the launcher's stdin. Default: rank 0 (given /dev/null itself when the launcher's stdin is /dev/null).")
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
        c.jobSpec = spec;
    }

    /** What {@link RunCommand} declares: its options, mixins and parameters, in picocli's order. */
    private static void declaredByRunCommand(CommandSpec spec, RunCommand c) {
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
        spec.addMixin("session", mixin(c.session));
        spec.addMixin("cluster", mixin(c.cluster));
        c.spec = spec;
    }

    /** What {@link PrunCommand} declares: its options, mixins and parameters, in picocli's order. */
    private static void declaredByPrunCommand(CommandSpec spec, PrunCommand c) {
        spec.addMixin("dvm", mixin(c.dvm));
        spec.addMixin("session", mixin(c.session));
    }

    /** What {@link DaemonCommand} declares: its options, mixins and parameters, in picocli's order. */
    private static void declaredByDaemonCommand(CommandSpec spec, DaemonCommand c) {
        spec.addMixin("verbosity", mixin(c.verbosity));
        spec.add(bound(OptionSpec.builder("--parent"), c, 56)
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
        spec.add(bound(OptionSpec.builder("--id"), c, 57)
                .type(Integer.class)
                .auxiliaryTypes(Integer.class)
                .paramLabel("N")
                .description("This daemon's id in the tree.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.id)
                .build());
        spec.add(bound(OptionSpec.builder("--id-by-node"), c, 58)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NODE,...")
                .description("Started by srun: this daemon's id is 1 + the place of its Slurm node (SLURMD_NODENAME) in this list.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.idByNode)
                .build());
        spec.add(bound(OptionSpec.builder("--node"), c, 59)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NAME")
                .description("This node's name in the jobs' maps, as the launcher knows it (by default its Slurm node name when started by srun, else the host's own name).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.node)
                .build());
        spec.add(bound(OptionSpec.builder("--silence-limit"), c, 60)
                .type(long.class)
                .auxiliaryTypes(long.class)
                .paramLabel("MS")
                .description("How long a link may stay silent before it is taken for lost (ms).")
                .descriptionKey("")
                .prompt("")
                .defaultValue("10000")
                .initialValue(c.silenceLimitMs)
                .build());
    }

    /** What {@link DvmCommand} declares: its options, mixins and parameters, in picocli's order. */
    private static void declaredByDvmCommand(CommandSpec spec, DvmCommand c) {
        spec.addMixin("verbosity", mixin(c.verbosity));
        spec.add(bound(OptionSpec.builder("--daemonize"), c, 61)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<daemonize>")
                .description("Detach and run in the background; return once the DVM is ready.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.daemonize)
                .build());
        spec.add(bound(OptionSpec.builder("--report-uri"), c, 62)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE|-|+")
                .description("Write the DVM's PMIx URI to FILE, stdout (-) or stderr (+).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.reportUri)
                .build());
        spec.add(bound(OptionSpec.builder("--report-pid"), c, 63)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE|-|+")
                .description("Write the DVM's process id to FILE, stdout (-) or stderr (+).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.reportPid)
                .build());
        spec.add(bound(OptionSpec.builder("--system-server"), c, 64)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<systemServer>")
                .description("Be the node's system server and system controller (pmix.sys.<host>): at most one per node.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.systemServer)
                .build());
        spec.add(bound(OptionSpec.builder("--tmpdir"), c, 65)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("DIR")
                .description("Where the session directory goes, instead of TMPDIR.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.tmpdir)
                .build());
        spec.add(bound(OptionSpec.builder("-H", "--host"), c, 66)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("HOST[:SLOTS],...")
                .description("The DVM's hosts and slots: a daemon is started on each other node through the launch agent.")
                .descriptionKey("")
                .splitRegex(",")
                .prompt("")
                .initialValue(c.hosts)
                .build());
        spec.add(bound(OptionSpec.builder("--hostfile", "--machinefile"), c, 67)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE")
                .description("Hosts file.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.hostfile)
                .build());
        spec.addMixin("cluster", mixin(c.cluster));
    }

    /** What {@link TermCommand} declares: its options, mixins and parameters, in picocli's order. */
    private static void declaredByTermCommand(CommandSpec spec, TermCommand c) {
        spec.addMixin("verbosity", mixin(c.verbosity));
        spec.addMixin("dvm", mixin(c.dvm));
    }

    /** What {@link PsCommand} declares: its options, mixins and parameters, in picocli's order. */
    private static void declaredByPsCommand(CommandSpec spec, PsCommand c) {
        spec.addMixin("verbosity", mixin(c.verbosity));
        spec.addMixin("dvm", mixin(c.dvm));
        spec.add(bound(OptionSpec.builder("--json"), c, 68)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<json>")
                .description("One JSON document instead of the table (schema: docs/json.md).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.json)
                .build());
    }

    /** What {@link SchedCommand} declares: its options, mixins and parameters, in picocli's order. */
    private static void declaredBySchedCommand(CommandSpec spec, SchedCommand c) {
        spec.addMixin("verbosity", mixin(c.verbosity));
        spec.add(bound(OptionSpec.builder("--daemonize"), c, 69)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<daemonize>")
                .description("Detach and run in the background; return once it is ready.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.daemonize)
                .build());
        spec.add(bound(OptionSpec.builder("--report-uri"), c, 70)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE|-|+")
                .description("Write the scheduler's PMIx URI to FILE, stdout (-) or stderr (+).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.reportUri)
                .build());
        spec.add(bound(OptionSpec.builder("--report-pid"), c, 71)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE|-|+")
                .description("Write the scheduler's process id to FILE, stdout (-) or stderr (+).")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.reportPid)
                .build());
        spec.add(bound(OptionSpec.builder("--tmpdir"), c, 72)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("DIR")
                .description("The system tmpdir (its rendezvous file, and where it looks for the DVM's), instead of TMPDIR.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.tmpdir)
                .build());
        spec.add(bound(OptionSpec.builder("-H", "--host"), c, 73)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("HOST[:SLOTS],...")
                .description("The node pool (default: this node, a slot per core).")
                .descriptionKey("")
                .splitRegex(",")
                .prompt("")
                .initialValue(c.hosts)
                .build());
        spec.add(bound(OptionSpec.builder("--hostfile", "--machinefile"), c, 74)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE")
                .description("The node pool, as a hosts file.")
                .descriptionKey("")
                .prompt("")
                .initialValue(c.hostfile)
                .build());
        spec.add(bound(OptionSpec.builder("--default-time"), c, 75)
                .type(long.class)
                .auxiliaryTypes(long.class)
                .paramLabel("SECONDS")
                .description("How long backfill assumes a session asked for without a time limit runs (default 3600).")
                .descriptionKey("")
                .prompt("")
                .defaultValue("3600")
                .initialValue(c.defaultTime)
                .build());
    }

    /** The options of {@link AppOptions}, bound to {@code m}. */
    private static CommandSpec mixin(AppOptions m) {
        CommandSpec mixin = CommandSpec.wrapWithoutInspection(m);
        mixin.addOption(bound(OptionSpec.builder("-n", "--np", "-np", "-c", "--n"), m, 0)
                .type(Integer.class)
                .auxiliaryTypes(Integer.class)
                .paramLabel("N")
                .description("Number of processes of this application. Default: 1, or what the placement implies (ppr:N:node: N on each node; a rankfile: its ranks; seq: the hostfile's lines).")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.np)
                .build());
        mixin.addOption(bound(OptionSpec.builder("-x"), m, 1)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NAME[=VALUE]")
                .description("Export NAME to this application's processes: with =VALUE, set it to VALUE; without, forward the launcher's value. Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.exports)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--wdir", "--wd"), m, 2)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("DIR")
                .description("Working directory of this application's processes (default: the launcher's).")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.wdir)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--path"), m, 3)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("PATH")
                .description("PATH used to find this application's program (and given to its processes).")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.path)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--mca"), m, 4)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME VALUE")
                .description("Open MPI MCA parameter for this application's processes, as mpirun passes it: OMPI_MCA_NAME=VALUE in their environment (-mca, --omca alike). Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.mca)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--set-env"), m, 5)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NAME=VALUE")
                .description("Set NAME to VALUE in this application's processes (as -x NAME=VALUE). Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.setEnv)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--unset-env"), m, 6)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NAME|PREFIX*")
                .description("Take NAME (or every variable starting with PREFIX) away from what the processes inherit. Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.unsetEnv)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--prepend-env"), m, 7)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME[c] VALUE")
                .description("Put VALUE before NAME's value, joined by the separator c: --prepend-env PATH[:] /opt/bin.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.prependEnv)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--append-env"), m, 8)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME[c] VALUE")
                .description("Put VALUE after NAME's value, joined by the separator c: --append-env PATH[:] /opt/bin.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.appendEnv)
                .build());
        return mixin;
    }

    /** The options of {@link Verbosity}, bound to {@code m}. */
    private static CommandSpec mixin(Verbosity m) {
        CommandSpec mixin = CommandSpec.wrapWithoutInspection(m);
        mixin.addOption(bound(OptionSpec.builder("-v", "--verbose"), m, 9)
                .type(boolean[].class)
                .auxiliaryTypes(boolean.class)
                .arity(CommandLine.Range.valueOf("0").unspecified(true))
                .paramLabel("<verbose>")
                .description("Log more to stderr: -v what happens, -vv details (debug), -vvv everything (trace). PMIX4J_LOG sets levels per package for every pmix4j process.")
                .descriptionKey("")
                .prompt("")
                .hasInitialValue(false)
                .build());
        return mixin;
    }

    /** The options of {@link MpirunOptions}, bound to {@code m}. */
    private static CommandSpec mixin(MpirunOptions m) {
        CommandSpec mixin = CommandSpec.wrapWithoutInspection(m);
        mixin.addOption(bound(OptionSpec.builder("-q", "--quiet"), m, 10)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<quiet>")
                .description("Print none of pmix4j's notices (old spellings converted, options ignored); errors are still printed.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.quiet)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--allow-run-as-root"), m, 11)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<allowRunAsRoot>")
                .description("Allow running as root under --personality ompi or prte (mpirun's and prterun's rule). Without a personality, pmix4j run runs as root anyway.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.allowRunAsRoot)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--personality"), m, 12)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("ompi|prte")
                .description("Behave as mpirun (ompi) or prterun (prte) where they differ: their rule for root (OMPI_ or PRTE_ALLOW_RUN_AS_ROOT{,_CONFIRM}).")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.personality)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--gmca"), m, 13)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME VALUE")
                .description("Open MPI MCA parameter for every application: OMPI_MCA_NAME=VALUE. Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.gmca)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--pmixmca"), m, 14)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME VALUE")
                .description("PMIx MCA parameter for the processes' PMIx library: PMIX_MCA_NAME=VALUE. Repeatable.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.pmixmca)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--prtemca"), m, 15)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .arity("2")
                .paramLabel("NAME VALUE")
                .description("PRRTE (runtime) MCA parameter: those that name a pmix4j option are applied as it (rmaps_default_mapping_policy: --map-by, hwloc_default_binding_policy: --bind-to, rmaps_default_ranking_policy: --rank-by, plm_ssh_agent: --launch-agent, routed_radix: --tree-radix), the others are ignored with a notice.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.prtemca)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--tune"), m, 16)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE[,FILE...]")
                .description("Files of MCA parameters for every application: 'name = value' lines (PRRTE) or lines of -x and --mca options (Open MPI 4.1); # comments.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.tune)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--forward-signals"), m, 17)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("SIGNALS")
                .description("Further signals (names or numbers, comma-separated) forwarded to every process besides SIGUSR1 and SIGUSR2; 'none' forwards none of them.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.forwardSignals)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--app"), m, 18)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("FILE")
                .description("An appfile: one application per line, with its options (-np 2 -x A=1 ./prog args); no program is then given on the command line.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.appfile)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--report-pid"), m, 19)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("-|+|FILE")
                .description("Print the launcher's process id on stdout (-), stderr (+) or into FILE.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.reportPid)
                .build());
        return mixin;
    }

    /** The options of {@link SessionChoice}, bound to {@code m}. */
    private static CommandSpec mixin(SessionChoice m) {
        CommandSpec mixin = CommandSpec.wrapWithoutInspection(m);
        mixin.addOption(bound(OptionSpec.builder("--session-id"), m, 46)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("N")
                .description("Run the job in session N of the DVM.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.sessionId)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--alloc-id"), m, 47)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("ID")
                .description("Run the job in the session the scheduler named ID.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.allocId)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--alloc-refid"), m, 48)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("ID")
                .description("Run the job in the session granted to your request named ID (pmix4j alloc --request-id).")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.allocRefId)
                .build());
        return mixin;
    }

    /** The options of {@link ClusterOptions}, bound to {@code m}. */
    private static CommandSpec mixin(ClusterOptions m) {
        CommandSpec mixin = CommandSpec.wrapWithoutInspection(m);
        mixin.addOption(bound(OptionSpec.builder("--launch-agent"), m, 49)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("COMMAND")
                .description("What starts the daemons on other nodes, run as 'COMMAND HOST DAEMON...' (ssh's way). Default: ssh -o BatchMode=yes.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.launchAgent)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--tree-radix"), m, 50)
                .type(Integer.class)
                .auxiliaryTypes(Integer.class)
                .paramLabel("N")
                .description("How many daemons each daemon starts (the routing tree's radix). Default: 64.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.treeRadix)
                .build());
        return mixin;
    }

    /** The options of {@link DvmChoice}, bound to {@code m}. */
    private static CommandSpec mixin(DvmChoice m) {
        CommandSpec mixin = CommandSpec.wrapWithoutInspection(m);
        mixin.addOption(bound(OptionSpec.builder("--dvm-uri"), m, 51)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("URI|file:PATH")
                .description("The DVM at this PMIx URI (or in this file).")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.dvmUri)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--pid"), m, 52)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("PID")
                .description("The DVM with this process id.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.pid)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--namespace"), m, 53)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("NSPACE")
                .description("The DVM whose server has this namespace.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.namespace)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--system-server"), m, 54)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<systemServer>")
                .description("The node's system server (a DVM started with --system-server).")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.systemServer)
                .build());
        mixin.addOption(bound(OptionSpec.builder("--tmpdir"), m, 55)
                .type(String.class)
                .auxiliaryTypes(String.class)
                .paramLabel("DIR")
                .description("Where the DVM keeps its session directory, if it was started with --tmpdir.")
                .descriptionKey("")
                .prompt("")
                .initialValue(m.tmpdir)
                .build());
        return mixin;
    }

    /** picocli's standard help options (-h, -V), each holding its own value. */
    private static CommandSpec help() {
        CommandSpec help = CommandSpec.wrapWithoutInspection(new Object());
        help.addOption(OwnValue.of(OptionSpec.builder("-h", "--help"), false)
                .usageHelp(true)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<helpRequested>")
                .description("Show this help message and exit.")
                .descriptionKey("mixinStandardHelpOptions.help")
                .prompt("")
                .initialValue(false)
                .build());
        help.addOption(OwnValue.of(OptionSpec.builder("-V", "--version"), false)
                .versionHelp(true)
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .paramLabel("<versionRequested>")
                .description("Print version information and exit.")
                .descriptionKey("mixinStandardHelpOptions.version")
                .prompt("")
                .initialValue(false)
                .build());
        return help;
    }

    /** {@code builder} bound to the member in slot {@code slot} of {@code holder}. */
    private static OptionSpec.Builder bound(OptionSpec.Builder builder, Object holder, int slot) {
        Binding binding = new Binding(holder, slot);
        return builder.getter(binding).setter(binding);
    }

    /** {@code builder} bound to the member in slot {@code slot} of {@code holder}. */
    private static PositionalParamSpec.Builder bound(PositionalParamSpec.Builder builder, Object holder,
            int slot) {
        Binding binding = new Binding(holder, slot);
        return builder.getter(binding).setter(binding);
    }

    /** Reads and writes the member of one option, by its slot. */
    private static final class Binding implements IGetter, ISetter {
        private final Object holder;
        private final int slot;
        /** What a method option was last given (picocli keeps it for a method too). */
        private Object given;

        Binding(Object holder, int slot) {
            this.holder = holder;
            this.slot = slot;
        }

        @Override
        public <T> T get() {
            Object value = switch (slot) {
                case 0 -> ((AppOptions) holder).np;
                case 1 -> ((AppOptions) holder).exports;
                case 2 -> ((AppOptions) holder).wdir;
                case 3 -> ((AppOptions) holder).path;
                case 4 -> ((AppOptions) holder).mca;
                case 5 -> ((AppOptions) holder).setEnv;
                case 6 -> ((AppOptions) holder).unsetEnv;
                case 7 -> ((AppOptions) holder).prependEnv;
                case 8 -> ((AppOptions) holder).appendEnv;
                case 9 -> given;
                case 10 -> ((MpirunOptions) holder).quiet;
                case 11 -> ((MpirunOptions) holder).allowRunAsRoot;
                case 12 -> ((MpirunOptions) holder).personality;
                case 13 -> ((MpirunOptions) holder).gmca;
                case 14 -> ((MpirunOptions) holder).pmixmca;
                case 15 -> ((MpirunOptions) holder).prtemca;
                case 16 -> ((MpirunOptions) holder).tune;
                case 17 -> ((MpirunOptions) holder).forwardSignals;
                case 18 -> ((MpirunOptions) holder).appfile;
                case 19 -> ((MpirunOptions) holder).reportPid;
                case 20 -> ((JobCommand) holder).oversubscribe;
                case 21 -> ((JobCommand) holder).noOversubscribe;
                case 22 -> ((JobCommand) holder).mapBy;
                case 23 -> ((JobCommand) holder).rankBy;
                case 24 -> ((JobCommand) holder).bindTo;
                case 25 -> ((JobCommand) holder).reportBindings;
                case 26 -> ((JobCommand) holder).json;
                case 27 -> ((JobCommand) holder).display;
                case 28 -> ((JobCommand) holder).hosts;
                case 29 -> ((JobCommand) holder).hostfile;
                case 30 -> ((JobCommand) holder).output;
                case 31 -> ((JobCommand) holder).tagOutput;
                case 32 -> ((JobCommand) holder).timestampOutput;
                case 33 -> ((JobCommand) holder).xml;
                case 34 -> ((JobCommand) holder).mergeStderr;
                case 35 -> ((JobCommand) holder).outputFilename;
                case 36 -> ((JobCommand) holder).outputDirectory;
                case 37 -> ((JobCommand) holder).streamBuffering;
                case 38 -> ((JobCommand) holder).stdin;
                case 39 -> ((JobCommand) holder).timeout;
                case 40 -> ((JobCommand) holder).reportStateOnTimeout;
                case 41 -> ((JobCommand) holder).stopOnExec;
                case 42 -> ((JobCommand) holder).stopInInit;
                case 43 -> ((JobCommand) holder).stopInApp;
                case 44 -> ((JobCommand) holder).words;
                case 45 -> ((RunCommand) holder).dvm;
                case 46 -> ((SessionChoice) holder).sessionId;
                case 47 -> ((SessionChoice) holder).allocId;
                case 48 -> ((SessionChoice) holder).allocRefId;
                case 49 -> ((ClusterOptions) holder).launchAgent;
                case 50 -> ((ClusterOptions) holder).treeRadix;
                case 51 -> ((DvmChoice) holder).dvmUri;
                case 52 -> ((DvmChoice) holder).pid;
                case 53 -> ((DvmChoice) holder).namespace;
                case 54 -> ((DvmChoice) holder).systemServer;
                case 55 -> ((DvmChoice) holder).tmpdir;
                case 56 -> ((DaemonCommand) holder).parent;
                case 57 -> ((DaemonCommand) holder).id;
                case 58 -> ((DaemonCommand) holder).idByNode;
                case 59 -> ((DaemonCommand) holder).node;
                case 60 -> ((DaemonCommand) holder).silenceLimitMs;
                case 61 -> ((DvmCommand) holder).daemonize;
                case 62 -> ((DvmCommand) holder).reportUri;
                case 63 -> ((DvmCommand) holder).reportPid;
                case 64 -> ((DvmCommand) holder).systemServer;
                case 65 -> ((DvmCommand) holder).tmpdir;
                case 66 -> ((DvmCommand) holder).hosts;
                case 67 -> ((DvmCommand) holder).hostfile;
                case 68 -> ((PsCommand) holder).json;
                case 69 -> ((SchedCommand) holder).daemonize;
                case 70 -> ((SchedCommand) holder).reportUri;
                case 71 -> ((SchedCommand) holder).reportPid;
                case 72 -> ((SchedCommand) holder).tmpdir;
                case 73 -> ((SchedCommand) holder).hosts;
                case 74 -> ((SchedCommand) holder).hostfile;
                case 75 -> ((SchedCommand) holder).defaultTime;
                default -> throw new IllegalStateException("no option bound to " + slot);
            };
            return (T) value;
        }

        @Override
        public <T> T set(T value) {
            T old = get();
            switch (slot) {
                case 0 -> ((AppOptions) holder).np = (Integer) value;
                case 1 -> ((AppOptions) holder).exports = (List<String>) value;
                case 2 -> ((AppOptions) holder).wdir = (String) value;
                case 3 -> ((AppOptions) holder).path = (String) value;
                case 4 -> ((AppOptions) holder).mca = (List<String>) value;
                case 5 -> ((AppOptions) holder).setEnv = (List<String>) value;
                case 6 -> ((AppOptions) holder).unsetEnv = (List<String>) value;
                case 7 -> ((AppOptions) holder).prependEnv = (List<String>) value;
                case 8 -> ((AppOptions) holder).appendEnv = (List<String>) value;
                case 9 -> {
                    ((Verbosity) holder).verbose((boolean[]) value);
                    given = value;
                }
                case 10 -> ((MpirunOptions) holder).quiet = (Boolean) value;
                case 11 -> ((MpirunOptions) holder).allowRunAsRoot = (Boolean) value;
                case 12 -> ((MpirunOptions) holder).personality = (String) value;
                case 13 -> ((MpirunOptions) holder).gmca = (List<String>) value;
                case 14 -> ((MpirunOptions) holder).pmixmca = (List<String>) value;
                case 15 -> ((MpirunOptions) holder).prtemca = (List<String>) value;
                case 16 -> ((MpirunOptions) holder).tune = (String) value;
                case 17 -> ((MpirunOptions) holder).forwardSignals = (String) value;
                case 18 -> ((MpirunOptions) holder).appfile = (String) value;
                case 19 -> ((MpirunOptions) holder).reportPid = (String) value;
                case 20 -> ((JobCommand) holder).oversubscribe = (Boolean) value;
                case 21 -> ((JobCommand) holder).noOversubscribe = (Boolean) value;
                case 22 -> ((JobCommand) holder).mapBy = (String) value;
                case 23 -> ((JobCommand) holder).rankBy = (String) value;
                case 24 -> ((JobCommand) holder).bindTo = (String) value;
                case 25 -> ((JobCommand) holder).reportBindings = (Boolean) value;
                case 26 -> ((JobCommand) holder).json = (Boolean) value;
                case 27 -> ((JobCommand) holder).display = (List<String>) value;
                case 28 -> ((JobCommand) holder).hosts = (List<String>) value;
                case 29 -> ((JobCommand) holder).hostfile = (String) value;
                case 30 -> ((JobCommand) holder).output = (List<String>) value;
                case 31 -> ((JobCommand) holder).tagOutput = (Boolean) value;
                case 32 -> ((JobCommand) holder).timestampOutput = (Boolean) value;
                case 33 -> ((JobCommand) holder).xml = (Boolean) value;
                case 34 -> ((JobCommand) holder).mergeStderr = (Boolean) value;
                case 35 -> ((JobCommand) holder).outputFilename = (String) value;
                case 36 -> ((JobCommand) holder).outputDirectory = (String) value;
                case 37 -> ((JobCommand) holder).streamBuffering = (String) value;
                case 38 -> ((JobCommand) holder).stdin = (String) value;
                case 39 -> ((JobCommand) holder).timeout = (Integer) value;
                case 40 -> ((JobCommand) holder).reportStateOnTimeout = (Boolean) value;
                case 41 -> ((JobCommand) holder).stopOnExec = (Boolean) value;
                case 42 -> ((JobCommand) holder).stopInInit = (Boolean) value;
                case 43 -> ((JobCommand) holder).stopInApp = (Boolean) value;
                case 44 -> ((JobCommand) holder).words = (List<String>) value;
                case 45 -> ((RunCommand) holder).dvm = (String) value;
                case 46 -> ((SessionChoice) holder).sessionId = (String) value;
                case 47 -> ((SessionChoice) holder).allocId = (String) value;
                case 48 -> ((SessionChoice) holder).allocRefId = (String) value;
                case 49 -> ((ClusterOptions) holder).launchAgent = (String) value;
                case 50 -> ((ClusterOptions) holder).treeRadix = (Integer) value;
                case 51 -> ((DvmChoice) holder).dvmUri = (String) value;
                case 52 -> ((DvmChoice) holder).pid = (String) value;
                case 53 -> ((DvmChoice) holder).namespace = (String) value;
                case 54 -> ((DvmChoice) holder).systemServer = (Boolean) value;
                case 55 -> ((DvmChoice) holder).tmpdir = (String) value;
                case 56 -> ((DaemonCommand) holder).parent = (List<String>) value;
                case 57 -> ((DaemonCommand) holder).id = (Integer) value;
                case 58 -> ((DaemonCommand) holder).idByNode = (String) value;
                case 59 -> ((DaemonCommand) holder).node = (String) value;
                case 60 -> ((DaemonCommand) holder).silenceLimitMs = (Long) value;
                case 61 -> ((DvmCommand) holder).daemonize = (Boolean) value;
                case 62 -> ((DvmCommand) holder).reportUri = (String) value;
                case 63 -> ((DvmCommand) holder).reportPid = (String) value;
                case 64 -> ((DvmCommand) holder).systemServer = (Boolean) value;
                case 65 -> ((DvmCommand) holder).tmpdir = (String) value;
                case 66 -> ((DvmCommand) holder).hosts = (List<String>) value;
                case 67 -> ((DvmCommand) holder).hostfile = (String) value;
                case 68 -> ((PsCommand) holder).json = (Boolean) value;
                case 69 -> ((SchedCommand) holder).daemonize = (Boolean) value;
                case 70 -> ((SchedCommand) holder).reportUri = (String) value;
                case 71 -> ((SchedCommand) holder).reportPid = (String) value;
                case 72 -> ((SchedCommand) holder).tmpdir = (String) value;
                case 73 -> ((SchedCommand) holder).hosts = (List<String>) value;
                case 74 -> ((SchedCommand) holder).hostfile = (String) value;
                case 75 -> ((SchedCommand) holder).defaultTime = (Long) value;
                default -> throw new IllegalStateException("no option bound to " + slot);
            }
            return old;
        }
    }
}
