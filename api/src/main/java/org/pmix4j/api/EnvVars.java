package org.pmix4j.api;

import java.util.Map;

/**
 * Names of environment variables that libpmix 4.2.2's {@code pmix_common.h} defines among its attribute
 * macros. They look like attributes ({@code #define PMIX_X "..."}) but their string is the name of an
 * environment variable, equal to the macro name itself, not a {@code pmix.}-style key; so they are kept
 * here and not in {@link Attributes}. The rule used to tell them apart: a string macro of the header whose
 * value is its own macro name.
 */
public final class EnvVars {
    /** Set for a launcher started by a tool: the URI at which the tool waits for the launcher to call back. */
    public static final String LAUNCHER_RNDZ_URI = "PMIX_LAUNCHER_RNDZ_URI";

    /** When set, the path of a file into which the launcher writes its contact data (besides other outputs). */
    public static final String LAUNCHER_RNDZ_FILE = "PMIX_LAUNCHER_RNDZ_FILE";

    /** A pipe that a tool's forked children watch to notice that the tool that started them has gone. */
    public static final String KEEPALIVE_PIPE = "PMIX_KEEPALIVE_PIPE";

    private static final Map<String, String> ALL = Map.of(
            "PMIX_LAUNCHER_RNDZ_URI", LAUNCHER_RNDZ_URI,
            "PMIX_LAUNCHER_RNDZ_FILE", LAUNCHER_RNDZ_FILE,
            "PMIX_KEEPALIVE_PIPE", KEEPALIVE_PIPE);

    private EnvVars() {
    }

    /** {@return macro name to variable name, for every constant of this class} */
    public static Map<String, String> all() {
        return ALL;
    }
}
