package org.pmix4j.client.tool;

import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The three variables by which a spawning tool talks to a tool it started (PMIX_LAUNCHER_RNDZ_URI,
 * PMIX_LAUNCHER_RNDZ_FILE, PMIX_KEEPALIVE_PIPE). The Standard wants them cleared once used, before any child
 * is forked, so that children do not act on them.
 *
 * <p>Java cannot change its own environment through public API. {@link #clear} therefore removes them from
 * the JVM's copy, which every {@link ProcessBuilder} starts from, when the JDK lets us (run with
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED}); otherwise it cannot, and {@link #childEnvironment}
 * gives the environment children should get (PmixTool.processBuilder uses it).
 */
final class LauncherVariables {
    static final String RNDZ_URI = "PMIX_LAUNCHER_RNDZ_URI";
    static final String RNDZ_FILE = "PMIX_LAUNCHER_RNDZ_FILE";
    static final String KEEPALIVE = "PMIX_KEEPALIVE_PIPE";
    static final List<String> ALL = List.of(RNDZ_URI, RNDZ_FILE, KEEPALIVE);

    private LauncherVariables() {
    }

    /** The process environment without the three variables. */
    static Map<String, String> childEnvironment() {
        Map<String, String> env = new HashMap<>(System.getenv());
        ALL.forEach(env::remove);
        return env;
    }

    /**
     * Removes the variables from the JVM's own environment map; true when that worked (or there was nothing
     * to remove), false when the JDK does not let this library reach it.
     */
    static boolean clear() {
        if (ALL.stream().noneMatch(v -> System.getenv(v) != null)) {
            return true;
        }
        try {
            Class<?> pe = Class.forName("java.lang.ProcessEnvironment");
            Field f = pe.getDeclaredField("theEnvironment");
            f.setAccessible(true);
            Map<?, ?> m = (Map<?, ?>) f.get(null);
            synchronized (m) {
                m.keySet().removeIf(k -> ALL.contains(k.toString()));
            }
            return ALL.stream().noneMatch(v -> System.getenv(v) != null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
