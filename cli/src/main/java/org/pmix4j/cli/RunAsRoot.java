package org.pmix4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * mpirun's and prterun's rule for root, and when pmix4j applies it.
 *
 * <p>Both refuse to run as root unless given {@code --allow-run-as-root} or both of two variables
 * ({@code OMPI_ALLOW_RUN_AS_ROOT=1} and {@code OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1} for mpirun, the
 * {@code PRTE_} pair for prterun). pmix4j applies that rule only when the command line asks for that
 * launcher's behaviour with {@code --personality ompi} or {@code --personality prte}. Plain
 * {@code pmix4j run} runs as root: it is pmix4j's own launcher, not a stand-in for mpirun by default,
 * containers and CI commonly run as root, and a script written for mpirun already carries
 * {@code --allow-run-as-root} (accepted) wherever it ran as root.
 */
final class RunAsRoot {
    private RunAsRoot() {
    }

    /** The personalities pmix4j knows: mpirun's (ompi) and prterun's (prte). */
    static final List<String> PERSONALITIES = List.of("ompi", "prte");

    /**
     * Checks {@code --personality} and, under one, the rule for root.
     *
     * @param personality the option's value, or null
     * @throws IllegalArgumentException for an unknown personality, or for root without permission
     */
    static void check(String personality, boolean allowed, Map<String, String> env) {
        if (personality == null) {
            return;
        }
        String prefix = null;
        for (String p : personality.split(",")) {
            String name = p.strip().toLowerCase(Locale.ROOT);
            if (!PERSONALITIES.contains(name)) {
                throw new IllegalArgumentException("--personality " + personality + ": '" + p + "' is not one pmix4j"
                        + " has; those are ompi (mpirun's rules) and prte (prterun's)");
            }
            prefix = prefix == null ? (name.equals("ompi") ? "OMPI" : "PRTE") : prefix;
        }
        if (!allowed && isRoot() && !("1".equals(env.get(prefix + "_ALLOW_RUN_AS_ROOT"))
                && "1".equals(env.get(prefix + "_ALLOW_RUN_AS_ROOT_CONFIRM")))) {
            throw new IllegalArgumentException("--personality " + personality + " follows "
                    + (prefix.equals("OMPI") ? "mpirun" : "prterun") + "'s rule for root: running as root is refused"
                    + " (a mistake as root can damage the system); give --allow-run-as-root, or set both "
                    + prefix + "_ALLOW_RUN_AS_ROOT=1 and " + prefix + "_ALLOW_RUN_AS_ROOT_CONFIRM=1");
        }
    }

    private static boolean isRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (IOException | UnsupportedOperationException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }
}
