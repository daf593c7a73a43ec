package org.pmix4j.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.runtime.AppContext;
import picocli.CommandLine.Option;

/**
 * The options that belong to one application of a run (MPMD: {@code pmix4j run -n 2 a : -n 3 b}): how
 * many, its environment, its working directory and the PATH its program is looked up on.
 */
final class AppOptions {
    @Option(names = {"-n", "--np", "-np", "-c", "--n"}, paramLabel = "N",
            description = "Number of processes of this application. Default: 1, or what the placement implies"
                    + " (ppr:N:node: N on each node; a rankfile: its ranks; seq: the hostfile's lines).")
    Integer np;

    @Option(names = "-x", paramLabel = "NAME[=VALUE]",
            description = "Export NAME to this application's processes: with =VALUE, set it to VALUE; without, "
                    + "forward the launcher's value. Repeatable.")
    List<String> exports = new ArrayList<>();

    @Option(names = {"--wdir", "--wd"}, paramLabel = "DIR",
            description = "Working directory of this application's processes (default: the launcher's).")
    String wdir;

    @Option(names = "--path", paramLabel = "PATH",
            description = "PATH used to find this application's program (and given to its processes).")
    String path;

    @Option(names = "--mca", arity = "2", paramLabel = "NAME VALUE",
            description = "Open MPI MCA parameter for this application's processes, as mpirun passes it: "
                    + "OMPI_MCA_NAME=VALUE in their environment (-mca, --omca alike). Repeatable.")
    List<String> mca = new ArrayList<>();

    @Option(names = "--set-env", paramLabel = "NAME=VALUE",
            description = "Set NAME to VALUE in this application's processes (as -x NAME=VALUE). Repeatable.")
    List<String> setEnv = new ArrayList<>();

    @Option(names = "--unset-env", paramLabel = "NAME|PREFIX*",
            description = "Take NAME (or every variable starting with PREFIX) away from what the processes inherit."
                    + " Repeatable.")
    List<String> unsetEnv = new ArrayList<>();

    @Option(names = "--prepend-env", arity = "2", paramLabel = "NAME[c] VALUE",
            description = "Put VALUE before NAME's value, joined by the separator c: --prepend-env PATH[:] /opt/bin.")
    List<String> prependEnv = new ArrayList<>();

    @Option(names = "--append-env", arity = "2", paramLabel = "NAME[c] VALUE",
            description = "Put VALUE after NAME's value, joined by the separator c: --append-env PATH[:] /opt/bin.")
    List<String> appendEnv = new ArrayList<>();

    /**
     * The application these options describe, running {@code argv}.
     *
     * @param launcherEnv what the processes inherit (the values -x forwards and --prepend-env edits)
     * @param jobWide     what every application of the job gets first (--gmca, --pmixmca, --tune), and its
     *                    number of processes when -n is not given
     */
    AppContext toApp(List<String> argv, Map<String, String> launcherEnv, JobEnvironment jobWide) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("an application after ':' names no program to run");
        }
        int n = np == null ? jobWide.defaultProcesses() : np;
        if (n < 1) {
            throw new IllegalArgumentException("-n " + n + ": the number of processes must be at least 1");
        }
        EnvDirectives env = new EnvDirectives(launcherEnv).setAll(jobWide.variables());
        jobWide.exports().forEach(x -> env.export("-x (from --tune)", x));
        exports.forEach(x -> env.export("-x", x));
        env.setAll(McaParameters.environment("--mca", mca, "OMPI_MCA_"));
        setEnv.forEach(env::setEnv);
        unsetEnv.forEach(env::unsetEnv);
        env.edits("--prepend-env", prependEnv, true);
        env.edits("--append-env", appendEnv, false);
        Map<String, String> vars = new LinkedHashMap<>(env.variables());
        if (path != null) {
            vars.put("PATH", path);
        }
        String dir = null;
        if (wdir != null) {
            Path d = Path.of(wdir).toAbsolutePath();
            if (!Files.isDirectory(d)) {
                throw new IllegalArgumentException("--wdir " + wdir + ": no such directory");
            }
            dir = d.toString();
        }
        return new AppContext(argv, n, vars, dir, env.removals());
    }

    /**
     * What the job's options give every application: variables and -x words before its own, and how many
     * processes it has without -n (1, or what the placement implies: ImpliedProcessCount).
     */
    record JobEnvironment(Map<String, String> variables, List<String> exports, int defaultProcesses) {
    }
}
