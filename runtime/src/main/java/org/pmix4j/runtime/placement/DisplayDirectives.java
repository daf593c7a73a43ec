package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * PRRTE's {@code --display} directives, read as prterun reads them: a comma-separated list of
 * case-insensitive words, each shortened to any unambiguous prefix (a word given whole wins: {@code map} is
 * MAP, not MAP-DEVEL), each yes-or-no word optionally given a truth value ({@code map=0} turns it off;
 * {@code 1/T/Y/TRUE/YES/ENABLE}, {@code 0/F/N/FALSE/NO/DISABLE}, as whole words), and qualifiers after
 * colons applying to all ({@code :PARSEABLE}, {@code :PHYSICAL}).
 *
 * <p>pmix4j prints ALLOCATION (also {@code :PARSEABLE}), MAP and BINDINGS in PRRTE's text; MAP-DEVEL,
 * TOPO=, CPUS and PHYSICAL are refused with a message naming them.
 *
 * @param allocation the ALLOCATED NODES block
 * @param map        the JOB MAP block
 * @param bindings   one line per rank saying its binding
 * @param parseable  the PARSEABLE qualifier (the allocation in PRRTE's XML form)
 */
public record DisplayDirectives(boolean allocation, boolean map, boolean bindings, boolean parseable) {
    /** Nothing to display. */
    public static final DisplayDirectives NONE = new DisplayDirectives(false, false, false, false);

    private static final List<String> WORDS = List.of("allocation", "bindings", "map", "map-devel", "topo", "cpus");
    private static final List<String> QUALIFIERS = List.of("parseable", "parsable", "physical");
    private static final List<String> TRUE = List.of("1", "t", "y", "true", "yes", "enable");
    private static final List<String> FALSE = List.of("0", "f", "n", "false", "no", "disable");

    /**
     * Reads the values of {@code --display} (each may hold several directives separated by commas).
     *
     * @throws IllegalArgumentException naming {@code --display}, the value and the word at fault
     */
    public static DisplayDirectives parse(List<String> values) {
        boolean allocation = false;
        boolean map = false;
        boolean bindings = false;
        boolean parseable = false;
        for (String value : values) {
            String[] parts = value.split(":", -1);
            for (int q = 1; q < parts.length; q++) {
                String qual = match(value, "qualifier", parts[q], QUALIFIERS);
                if (qual.equals("physical")) {
                    throw new IllegalArgumentException("--display " + value + ": the qualifier PHYSICAL (bindings with"
                            + " physical CPU numbers) is not supported by pmix4j; bindings are shown with logical"
                            + " numbers, as PRRTE shows them by default");
                }
                parseable = true;
            }
            for (String item : parts[0].split(",")) {
                if (item.isBlank()) {
                    continue;
                }
                int eq = item.indexOf('=');
                String name = eq < 0 ? item : item.substring(0, eq);
                String arg = eq < 0 ? null : item.substring(eq + 1);
                String word = match(value, "directive", name, WORDS);
                switch (word) {
                    case "allocation" -> allocation = truth(value, word, arg);
                    case "map" -> map = truth(value, word, arg);
                    case "bindings" -> bindings = truth(value, word, arg);
                    case "map-devel" -> refuse(value, "MAP-DEVEL", "PRRTE's developer map (local and node ranks, its"
                            + " internal state); use --display map, or pmix4j's --json job map");
                    case "topo" -> refuse(value, "TOPO", "the hwloc topology of the nodes; run lstopo on the node"
                            + " instead");
                    case "cpus" -> refuse(value, "CPUS", "the CPUs available on each node; --display allocation"
                            + " shows each node's slots and --display map each process's binding");
                    default -> throw new AssertionError(word);
                }
            }
        }
        if (parseable && (map || bindings)) {
            throw new IllegalArgumentException("--display " + String.join(",", values) + ": the qualifier PARSEABLE"
                    + " is supported by pmix4j for ALLOCATION only (PRRTE's XML form); for the map use --json");
        }
        return new DisplayDirectives(allocation, map, bindings, parseable);
    }

    private static void refuse(String value, String word, String what) {
        throw new IllegalArgumentException("--display " + value + ": the directive " + word + " (" + what + ") is"
                + " not supported by pmix4j; supported: allocation, bindings, map");
    }

    private static boolean truth(String value, String word, String arg) {
        if (arg == null) {
            return true;
        }
        String a = arg.strip().toLowerCase(Locale.ROOT);
        if (TRUE.contains(a)) {
            return true;
        }
        if (FALSE.contains(a)) {
            return false;
        }
        throw new IllegalArgumentException("--display " + value + ": '" + arg + "' is neither true nor false for "
                + word.toUpperCase(Locale.ROOT) + " (true: 1, t, y, true, yes, enable; false: 0, f, n, false, no,"
                + " disable)");
    }

    /** The word of {@code words} that {@code given} names: itself when whole, else its only extension. */
    private static String match(String value, String kind, String given, List<String> words) {
        String g = given.strip().toLowerCase(Locale.ROOT);
        if (words.contains(g)) {
            return g;
        }
        List<String> candidates = new ArrayList<>();
        for (String w : words) {
            if (!g.isEmpty() && w.startsWith(g)) {
                candidates.add(w);
            }
        }
        if (candidates.size() == 2 && candidates.containsAll(List.of("parseable", "parsable"))) {
            return "parseable";
        }
        if (candidates.size() == 1) {
            return candidates.get(0);
        }
        String valid = String.join(", ", words.stream().filter(w -> !w.equals("parsable")).toList());
        if (candidates.size() > 1) {
            throw new IllegalArgumentException("--display " + value + ": '" + given + "' is ambiguous (it could be "
                    + String.join(" or ", candidates) + "); valid " + kind + "s: " + valid);
        }
        throw new IllegalArgumentException("--display " + value + ": unknown " + kind + " '" + given + "'; valid "
                + kind + "s: " + valid);
    }
}
