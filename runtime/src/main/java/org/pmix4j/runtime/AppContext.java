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
 * @param unset variables taken away from what these processes inherit (PRRTE's {@code --unset-env}): a name,
 *              or a prefix ending in {@code *}; applied before {@code env} is set (on this node and under a DVM;
 *              a daemon on another node starts its processes from its own environment and does not apply them)
 */
public record AppContext(List<String> argv, int np, Map<String, String> env, String wdir, List<String> unset) {
    public AppContext {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("an application needs a program to run");
        }
        if (np < 1) {
            throw new IllegalArgumentException("-n " + np + ": the number of processes must be at least 1");
        }
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
        unset = List.copyOf(unset);
    }

    /** An application that takes nothing away from the environment it inherits. */
    public AppContext(List<String> argv, int np, Map<String, String> env, String wdir) {
        this(argv, np, env, wdir, List.of());
    }

    /** Removes from {@code inherited} what {@link #unset} names. */
    public void unsetFrom(Map<String, String> inherited) {
        for (String u : unset) {
            if (u.endsWith("*")) {
                String prefix = u.substring(0, u.length() - 1);
                inherited.keySet().removeIf(k -> k.startsWith(prefix));
            } else {
                inherited.remove(u);
            }
        }
    }

    public static AppContext of(int np, List<String> argv) {
        return new AppContext(argv, np, Map.of(), null);
    }
}
