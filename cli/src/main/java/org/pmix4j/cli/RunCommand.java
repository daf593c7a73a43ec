package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.pmix4j.runtime.AppContext;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.Launcher;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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
            "",
            "Open MPI 4.1 programs run as launched processes: pmix4j sets Open MPI's own MCA parameters "
                + "OMPI_MCA_schizo=^orte and OMPI_MCA_ess=pmi (unless you set them) so that they take their identity "
                + "from PMIx instead of starting as singletons."})
final class RunCommand implements Callable<Integer> {
    @Mixin
    AppOptions first = new AppOptions();

    @Option(names = "--oversubscribe",
            description = "Allow more processes than this node has slots (cores).")
    boolean oversubscribe;

    @Parameters(arity = "1..*", paramLabel = "PROGRAM [ARGS...] [: [APP OPTIONS] PROGRAM [ARGS...]]...",
            description = "The program to run and its arguments; further applications after ':'.")
    List<String> words = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try {
            List<AppContext> apps = applications(System.getenv());
            return new Launcher().run(apps, new Launcher.Options(oversubscribe));
        } catch (LaunchException e) {
            System.err.println("pmix4j run: " + e.getMessage());
            return e.exitStatus();
        } catch (IllegalArgumentException e) {
            System.err.println("pmix4j run: " + e.getMessage());
            return 2;
        }
    }

    /** The first application from this command's own options, the others from the ':' segments. */
    List<AppContext> applications(Map<String, String> env) {
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
        List<AppContext> apps = new ArrayList<>();
        apps.add(first.toApp(segments.get(0), env));
        for (int i = 1; i < segments.size(); i++) {
            apps.add(parseSegment(segments.get(i), i, env));
        }
        return apps;
    }

    private AppContext parseSegment(List<String> segment, int index, Map<String, String> env) {
        AppOptions opts = new AppOptions();
        ProgramWords program = new ProgramWords();
        CommandLine cl = new CommandLine(program);
        cl.addMixin("app", opts);
        cl.setStopAtPositional(true);
        try {
            cl.parseArgs(segment.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException("application " + (index + 1) + " (after ':' number " + index + "): "
                    + e.getMessage());
        }
        return opts.toApp(program.argv, env);
    }

    /** The positional words of one MPMD segment. */
    @Command(name = "app")
    static final class ProgramWords {
        @Parameters(arity = "0..*")
        List<String> argv = new ArrayList<>();
    }
}
