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
            description = "Number of processes of this application. Default: 1.")
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

    /** The application these options describe, running {@code argv}. */
    AppContext toApp(List<String> argv, Map<String, String> launcherEnv) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("an application after ':' names no program to run");
        }
        int n = np == null ? 1 : np;
        if (n < 1) {
            throw new IllegalArgumentException("-n " + n + ": the number of processes must be at least 1");
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (String x : exports) {
            int eq = x.indexOf('=');
            if (eq == 0 || x.isEmpty()) {
                throw new IllegalArgumentException("-x '" + x + "': expected NAME or NAME=VALUE");
            }
            if (eq > 0) {
                env.put(x.substring(0, eq), x.substring(eq + 1));
            } else {
                String v = launcherEnv.get(x);
                if (v == null) {
                    throw new IllegalArgumentException("-x " + x + ": the launcher's environment has no " + x
                            + " to forward (use -x " + x + "=VALUE to set one)");
                }
                env.put(x, v);
            }
        }
        if (path != null) {
            env.put("PATH", path);
        }
        String dir = null;
        if (wdir != null) {
            Path d = Path.of(wdir).toAbsolutePath();
            if (!Files.isDirectory(d)) {
                throw new IllegalArgumentException("--wdir " + wdir + ": no such directory");
            }
            dir = d.toString();
        }
        return new AppContext(argv, n, env, dir);
    }
}
