package org.pmix4j.runtime;

import java.util.List;
import java.util.Map;

/**
 * One application of a launch: what to run, how many copies, and how its environment and working
 * directory differ from the launcher's.
 *
 * @param argv the command and its arguments (argv[0] is looked up on the PATH unless it has a '/')
 * @param np   number of processes
 * @param env  variables to set for these processes (on top of the launcher's environment)
 * @param wdir working directory, or {@code null} for the launcher's
 */
public record AppContext(List<String> argv, int np, Map<String, String> env, String wdir) {
    public AppContext {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("an application needs a program to run");
        }
        if (np < 1) {
            throw new IllegalArgumentException("-n " + np + ": the number of processes must be at least 1");
        }
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
    }

    public static AppContext of(int np, List<String> argv) {
        return new AppContext(argv, np, Map.of(), null);
    }
}
