package org.pmix4j.api;

import java.util.List;

/**
 * PMIX_APP: one application of a spawn request: the command, its argv (argv[0] included), environment
 * entries ({@code NAME=value}), working directory, how many processes, and directives.
 *
 * @param cmd      the executable, or {@code null}
 * @param argv     the arguments, argv[0] first
 * @param env      {@code NAME=value} strings added to the environment
 * @param cwd      the working directory, or {@code null}
 * @param maxProcs how many processes to start
 * @param info     directives for this application
 */
public record App(String cmd, List<String> argv, List<String> env, String cwd, int maxProcs, List<Info> info)
        implements Value {
    /** Copies the lists. */
    public App {
        argv = List.copyOf(argv);
        env = List.copyOf(env);
        info = List.copyOf(info);
    }

    @Override
    public DataType type() {
        return DataType.APP;
    }
}
