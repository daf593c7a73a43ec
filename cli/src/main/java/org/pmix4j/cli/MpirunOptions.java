package org.pmix4j.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.runtime.ForwardedSignals;
import picocli.CommandLine.Option;

/**
 * The job-wide options of mpirun and prterun that pmix4j takes with their meaning: MCA parameters, the
 * personality and the rule for root, the signals forwarded, an appfile, where the launcher's pid goes, and
 * quiet. (The old spellings of other options are converted before parsing: {@link LegacyCommandLine}.)
 */
final class MpirunOptions {
    @Option(names = {"-q", "--quiet"}, description = "Print none of pmix4j's notices (old spellings converted,"
            + " options ignored); errors are still printed.")
    boolean quiet;

    @Option(names = "--allow-run-as-root", description = "Allow running as root under --personality ompi or prte"
            + " (mpirun's and prterun's rule). Without a personality, pmix4j run runs as root anyway.")
    boolean allowRunAsRoot;

    @Option(names = "--personality", paramLabel = "ompi|prte", description = "Behave as mpirun (ompi) or prterun"
            + " (prte) where they differ: their rule for root (OMPI_ or PRTE_ALLOW_RUN_AS_ROOT{,_CONFIRM}).")
    String personality;

    @Option(names = "--gmca", arity = "2", paramLabel = "NAME VALUE",
            description = "Open MPI MCA parameter for every application: OMPI_MCA_NAME=VALUE. Repeatable.")
    List<String> gmca = new ArrayList<>();

    @Option(names = "--pmixmca", arity = "2", paramLabel = "NAME VALUE",
            description = "PMIx MCA parameter for the processes' PMIx library: PMIX_MCA_NAME=VALUE. Repeatable.")
    List<String> pmixmca = new ArrayList<>();

    @Option(names = "--prtemca", arity = "2", paramLabel = "NAME VALUE",
            description = "PRRTE (runtime) MCA parameter: those that name a pmix4j option are applied as it"
                    + " (rmaps_default_mapping_policy: --map-by, hwloc_default_binding_policy: --bind-to,"
                    + " rmaps_default_ranking_policy: --rank-by, plm_ssh_agent: --launch-agent, routed_radix:"
                    + " --tree-radix), the others are ignored with a notice.")
    List<String> prtemca = new ArrayList<>();

    @Option(names = "--tune", paramLabel = "FILE[,FILE...]",
            description = "Files of MCA parameters for every application: 'name = value' lines (PRRTE) or lines of"
                    + " -x and --mca options (Open MPI 4.1); # comments.")
    String tune;

    @Option(names = "--forward-signals", paramLabel = "SIGNALS",
            description = "Further signals (names or numbers, comma-separated) forwarded to every process besides"
                    + " SIGUSR1 and SIGUSR2; 'none' forwards none of them.")
    String forwardSignals;

    @Option(names = "--app", paramLabel = "FILE",
            description = "An appfile: one application per line, with its options (-np 2 -x A=1 ./prog args);"
                    + " no program is then given on the command line.")
    String appfile;

    @Option(names = "--report-pid", paramLabel = "-|+|FILE",
            description = "Print the launcher's process id on stdout (-), stderr (+) or into FILE.")
    String reportPid;

    /** What every application's environment gets first: --gmca, --pmixmca, --tune. */
    AppOptions.JobEnvironment jobEnvironment(int defaultProcesses) {
        Map<String, String> vars = new LinkedHashMap<>();
        List<String> exports = new ArrayList<>();
        if (tune != null) {
            McaParameters.Tuned tuned = McaParameters.readTuneFiles(tune);
            vars.putAll(McaParameters.environment("--tune", tuned.mca(), "OMPI_MCA_"));
            exports.addAll(tuned.exports());
        }
        vars.putAll(McaParameters.environment("--gmca", gmca, "OMPI_MCA_"));
        vars.putAll(McaParameters.environment("--pmixmca", pmixmca, "PMIX_MCA_"));
        return new AppOptions.JobEnvironment(vars, exports, defaultProcesses);
    }

    ForwardedSignals signals() {
        return ForwardedSignals.parse(forwardSignals);
    }

    /** Checks what must be checked before anything starts, and reports the pid if asked. */
    void beforeLaunch(Map<String, String> env, PrintStream out, PrintStream err) {
        RunAsRoot.check(personality, allowRunAsRoot, env);
        if (reportPid == null) {
            return;
        }
        long pid = ProcessHandle.current().pid();
        switch (reportPid) {
            case "-" -> out.println(pid);
            case "+" -> err.println(pid);
            default -> {
                try {
                    Files.writeString(Path.of(reportPid), pid + "\n");
                } catch (IOException e) {
                    throw new IllegalArgumentException("--report-pid " + reportPid + ": cannot write it ("
                            + e.getMessage() + ")");
                }
            }
        }
    }
}
