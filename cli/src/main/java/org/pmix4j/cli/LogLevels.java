package org.pmix4j.cli;

import java.util.Locale;
import java.util.Set;

/**
 * The log levels of a pmix4j command (slf4j-simple writes the libraries' logs to stderr). Set from
 * {@code PMIX4J_LOG} when the command starts, before any class that logs exists, and raised by {@code -v}:
 * slf4j-simple fixes a logger's level when the logger is made.
 *
 * <p>{@code PMIX4J_LOG} is a comma-separated list: a bare level sets every pmix4j logger, {@code NAME=LEVEL}
 * one package or class (NAME relative to {@code org.pmix4j}, or a full name), e.g.
 * {@code PMIX4J_LOG=debug} or {@code PMIX4J_LOG=warn,server.core=debug,runtime.iof=trace}. Levels: error,
 * warn, info, debug, trace, off. The variable reaches every pmix4j process a command starts (daemons, the
 * DVM, Java clients), unlike {@code -v}, which is this process's own.
 */
final class LogLevels {
    static final String VARIABLE = "PMIX4J_LOG";
    private static final Set<String> LEVELS = Set.of("error", "warn", "info", "debug", "trace", "off");
    private static final String PREFIX = "org.slf4j.simpleLogger.";
    /**
     * With no option: what a user should see unasked (warnings, and notes such as a binding that could not
     * be made or a session granted); a job's normal run logs nothing at this level.
     */
    private static final String DEFAULT = "info";
    private static volatile int verbosity;

    private LogLevels() {
    }

    /** Applies {@code PMIX4J_LOG} (null or empty: the default); a bad entry is an error naming it. */
    static void fromEnvironment(String spec) {
        // a -D given to the JVM (PMIX4J_JAVA_OPTS) still wins over these defaults
        System.getProperties().putIfAbsent(PREFIX + "defaultLogLevel", DEFAULT);
        if (spec == null || spec.isBlank()) {
            return;
        }
        for (String entry : spec.split(",")) {
            String e = entry.strip();
            if (e.isEmpty()) {
                continue;
            }
            int eq = e.indexOf('=');
            String level = (eq < 0 ? e : e.substring(eq + 1)).strip().toLowerCase(Locale.ROOT);
            if (!LEVELS.contains(level)) {
                throw new IllegalArgumentException(VARIABLE + "=" + spec + ": '" + e + "' names no level (levels: "
                        + "error, warn, info, debug, trace, off)");
            }
            if (eq < 0) {
                System.setProperty(PREFIX + "defaultLogLevel", level);
            } else {
                String name = e.substring(0, eq).strip();
                if (name.isEmpty()) {
                    throw new IllegalArgumentException(VARIABLE + "=" + spec + ": '" + e + "' names no logger");
                }
                System.setProperty(PREFIX + "log." + (name.startsWith("org.") ? name : "org.pmix4j." + name), level);
            }
        }
        showTimes();
    }

    /** {@code -v}: info; {@code -vv}: debug; {@code -vvv}: trace; never lowers what PMIX4J_LOG asked for. */
    static void verbose(int count) {
        if (count <= verbosity) {
            return;
        }
        verbosity = count;
        String level = count == 1 ? "info" : count == 2 ? "debug" : "trace";
        String current = System.getProperty(PREFIX + "defaultLogLevel", DEFAULT);
        if (rank(level) > rank(current)) {
            System.setProperty(PREFIX + "defaultLogLevel", level);
        }
        showTimes();
    }

    private static void showTimes() {
        // a report of a problem needs when each thing happened
        System.setProperty(PREFIX + "showDateTime", "true");
        System.setProperty(PREFIX + "dateTimeFormat", "HH:mm:ss.SSS");
    }

    private static int rank(String level) {
        return switch (level) {
            case "off" -> 0;
            case "error" -> 1;
            case "warn" -> 2;
            case "info" -> 3;
            case "debug" -> 4;
            default -> 5;
        };
    }
}
