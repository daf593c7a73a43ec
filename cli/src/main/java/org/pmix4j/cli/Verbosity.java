package org.pmix4j.cli;

import picocli.CommandLine.Option;

/**
 * {@code -v/--verbose}, repeatable, on every command: more of pmix4j's own log on stderr (see
 * {@link LogLevels}). A method option, so the level is set while the command line is parsed, before the
 * command makes anything that logs.
 */
final class Verbosity {
    @Option(names = {"-v", "--verbose"}, description = "Log more to stderr: -v what happens, -vv details "
            + "(debug), -vvv everything (trace). PMIX4J_LOG sets levels per package for every pmix4j process.")
    void verbose(boolean[] given) {
        LogLevels.verbose(given.length);
    }
}
