package org.pmix4j.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.pmix4j.runtime.AppContext;
import org.pmix4j.runtime.Launcher;
import org.pmix4j.runtime.frontend.DvmLocator;
import org.pmix4j.runtime.frontend.Prun;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmix4j run}: launch a job under a PMIx server embedded in the launcher. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a job under a PMIx server embedded in this launcher, as mpirun or prterun would: each "
                + "process learns its rank and peers through PMIx, its output is forwarded, and the launcher exits "
                + "with the first failure's status (a process's non-zero exit status, 128+N for a process killed by "
                + "signal N, the status given to PMIx_Abort/MPI_Abort; 128+N when the launcher itself is stopped by "
                + "signal N).",
            "",
            "Several applications (MPMD) are separated by ':'; each takes its own -n, -x, --wdir and --path. "
                + "Ranks are numbered across the applications in order."},
        footer = {"", "Examples:",
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
            "Signals: SIGINT, SIGTERM and SIGHUP stop the job cleanly (a second SIGINT kills it at once); SIGUSR1 and "
                + "SIGUSR2 are forwarded to every process; SIGTSTP suspends the whole job and SIGCONT resumes it.",
            "",
            "Command lines written for mpirun (Open MPI 4.1) or prterun run as they are: single-dash long options "
                + "(-np, -wdir, -mca, -host), old spellings (-npernode 2, -bynode, --bind-to-core, --display-map, "
                + "-rf FILE, --tag-output) converted to their PRRTE form and reported on one line, options that only "
                + "tune ORTE's or PRRTE's daemons accepted with a one-line notice, and those pmix4j has nothing for "
                + "refused with the reason. -q silences the notices.",
            "",
            "Open MPI 4.1 programs run as launched processes: pmix4j sets Open MPI's own MCA parameters "
                + "OMPI_MCA_schizo=^orte and OMPI_MCA_ess=pmi (unless you set them) so that they take their identity "
                + "from PMIx instead of starting as singletons."})
final class RunCommand extends JobCommand implements Callable<Integer> {
    @Option(names = "--dvm", arity = "0..1", fallbackValue = "", paramLabel = "URI|file:PATH|pid:PID|ns:NSPACE|system",
            description = "Hand the job to a running DVM (pmix4j dvm) instead of running it here, as pmix4j prun "
                    + "does: the one named, or the only one running.")
    String dvm;

    @CommandLine.Mixin
    SessionChoice session = new SessionChoice();

    @CommandLine.Mixin
    ClusterOptions cluster = new ClusterOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    CommandLine.Model.CommandSpec model() {
        return CliModels.of(this);
    }

    @Override
    public Integer call() {
        return CommandErrors.run("run", () -> {
            List<AppContext> apps = applications(System.getenv());
            Launcher.Options.Builder options = optionsBuilder();
            beforeLaunch("run");
            if (dvm != null) {
                return new Prun(System.out, System.err, System.in, System.getenv())
                        .run(DvmLocator.parse(dvm), apps, options.build(), session.target());
            }
            if (session.given()) {
                throw new IllegalArgumentException("--session-id, --alloc-id and --alloc-refid name a session of a DVM:"
                        + " give --dvm too (pmix4j run alone runs in its own session)");
            }
            return new Launcher().run(apps, options.launchAgent(cluster.launchAgent).treeRadix(cluster.treeRadix)
                    .daemonCommand(DaemonCommand.commandLine()).build());
        });
    }
}
