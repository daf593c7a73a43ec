package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.pmix4j.runtime.AppContext;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.Launcher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pmix4j run}: launch a job under a PMIx server embedded in the launcher. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run N copies of a program under a PMIx server embedded in this launcher, as mpirun or "
                + "prterun would: each process learns its rank and peers through PMIx, its output is forwarded, "
                + "and the launcher exits with the first non-zero exit status (128+N for a process killed by "
                + "signal N, the status given to PMIx_Abort)."},
        footer = {"", "Examples:",
            "  pmix4j run -n 4 ./my_mpi_program arg1 arg2",
            "  pmix4j run -n 8 --oversubscribe hostname"})
final class RunCommand implements Callable<Integer> {
    @Option(names = {"-n", "--np", "-np", "-c"}, paramLabel = "N", defaultValue = "1",
            description = "Number of processes to start. Default: ${DEFAULT-VALUE}.")
    int np;

    @Option(names = "--oversubscribe",
            description = "Allow more processes than this node has slots (cores).")
    boolean oversubscribe;

    @Parameters(arity = "1..*", paramLabel = "PROGRAM [ARGS...]",
            description = "The program to run and its arguments.")
    List<String> argv = new ArrayList<>();

    @Override
    public Integer call() {
        try {
            return new Launcher().run(List.of(AppContext.of(np, argv)), new Launcher.Options(oversubscribe));
        } catch (LaunchException e) {
            System.err.println("pmix4j run: " + e.getMessage());
            return e.exitStatus();
        } catch (IllegalArgumentException e) {
            System.err.println("pmix4j run: " + e.getMessage());
            return 2;
        }
    }
}
