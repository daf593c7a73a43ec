package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The environment one application's processes get beyond what they inherit, built from mpirun's and
 * PRRTE's directives in this order: {@code -x} and {@code --set-env} (and MCA parameters, which are
 * variables too), then {@code --unset-env}, then {@code --prepend-env} and {@code --append-env}, which edit
 * the value the process would otherwise see (set here, else inherited from the launcher).
 */
final class EnvDirectives {
    private final Map<String, String> launcherEnv;
    private final Map<String, String> set = new LinkedHashMap<>();
    private final List<String> unset = new ArrayList<>();

    EnvDirectives(Map<String, String> launcherEnv) {
        this.launcherEnv = launcherEnv;
    }

    /** The variables and the removals, for an AppContext. */
    Map<String, String> variables() {
        return set;
    }

    List<String> removals() {
        return unset;
    }

    /** Variables set as they are (MCA parameters already named OMPI_MCA_...). */
    EnvDirectives setAll(Map<String, String> vars) {
        set.putAll(vars);
        return this;
    }

    /**
     * {@code -x NAME=VALUE} sets; {@code -x NAME} forwards the launcher's value; {@code -x PREFIX*} forwards
     * every variable of the launcher whose name starts with PREFIX.
     */
    EnvDirectives export(String option, String x) {
        int eq = x.indexOf('=');
        if (eq == 0 || x.isEmpty()) {
            throw new IllegalArgumentException(option + " '" + x + "': expected NAME or NAME=VALUE");
        }
        if (eq > 0) {
            set.put(x.substring(0, eq), x.substring(eq + 1));
        } else if (x.endsWith("*")) {
            String prefix = x.substring(0, x.length() - 1);
            launcherEnv.forEach((k, v) -> {
                if (k.startsWith(prefix)) {
                    set.put(k, v);
                }
            });
        } else {
            String v = launcherEnv.get(x);
            if (v == null) {
                throw new IllegalArgumentException(option + " " + x + ": the launcher's environment has no " + x
                        + " to forward (use " + option + " " + x + "=VALUE to set one)");
            }
            set.put(x, v);
        }
        return this;
    }

    /** {@code --set-env NAME=VALUE}. */
    EnvDirectives setEnv(String nameValue) {
        if (nameValue.indexOf('=') <= 0) {
            throw new IllegalArgumentException("--set-env '" + nameValue + "': expected NAME=VALUE");
        }
        return export("--set-env", nameValue);
    }

    /** {@code --unset-env NAME} or {@code --unset-env PREFIX*}: gone from what is inherited and from what is set. */
    EnvDirectives unsetEnv(String name) {
        if (name.isEmpty() || name.contains("=")) {
            throw new IllegalArgumentException("--unset-env '" + name + "': expected NAME or PREFIX*");
        }
        if (name.endsWith("*")) {
            String prefix = name.substring(0, name.length() - 1);
            set.keySet().removeIf(k -> k.startsWith(prefix));
        } else {
            set.remove(name);
        }
        unset.add(name);
        return this;
    }

    /**
     * {@code --prepend-env NAME[c] VALUE} (or append): the separator is the character between the brackets,
     * as PRRTE spells it; {@code LD_LIBRARY_PATH[:] /opt/lib} gives {@code /opt/lib:$LD_LIBRARY_PATH}.
     */
    EnvDirectives edit(String option, String nameAndSeparator, String value, boolean prepend) {
        int n = nameAndSeparator.length();
        if (n < 4 || nameAndSeparator.charAt(n - 1) != ']' || nameAndSeparator.charAt(n - 3) != '[') {
            throw new IllegalArgumentException(option + " " + nameAndSeparator + ": expected NAME[c] VALUE, c being"
                    + " the separator (e.g. " + option + " LD_LIBRARY_PATH[:] /opt/lib)");
        }
        String name = nameAndSeparator.substring(0, n - 3);
        char sep = nameAndSeparator.charAt(n - 2);
        String current = set.containsKey(name) ? set.get(name) : unset.contains(name) ? null : launcherEnv.get(name);
        String edited = current == null || current.isEmpty() ? value
                : prepend ? value + sep + current : current + sep + value;
        set.put(name, edited);
        return this;
    }

    /** Pairs of a flattened arity-2 option ({@code --prepend-env A[:] x --prepend-env B[:] y}), in order. */
    EnvDirectives edits(String option, List<String> pairs, boolean prepend) {
        for (int i = 0; i + 1 < pairs.size(); i += 2) {
            edit(option, pairs.get(i), pairs.get(i + 1), prepend);
        }
        return this;
    }
}
