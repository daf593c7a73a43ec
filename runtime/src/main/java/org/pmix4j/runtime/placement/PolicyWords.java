package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Matching of the words of {@code --map-by}, {@code --rank-by} and {@code --bind-to} as PRRTE reads them:
 * case-insensitive, and any unambiguous prefix of a word stands for it ({@code pack} is {@code package}).
 * Errors name the option, the whole value given and the word at fault, and list the valid words.
 */
final class PolicyWords {
    private PolicyWords() {
    }

    /**
     * The word of {@code supported} that {@code given} names. A word PRRTE has but pmix4j does not (in
     * {@code unsupported}) is refused as such rather than as a typo.
     *
     * @param option      the option, for messages ({@code --map-by})
     * @param spec        the option's whole value, for messages
     * @param kind        "directive" or "qualifier"
     * @param given       the word to match
     * @param supported   the words pmix4j implements, lower case
     * @param unsupported PRRTE words pmix4j does not implement yet, lower case
     */
    static String match(String option, String spec, String kind, String given, List<String> supported,
            List<String> unsupported) {
        String g = given.strip().toLowerCase(Locale.ROOT);
        if (g.isEmpty()) {
            throw new IllegalArgumentException(option + " " + spec + ": empty " + kind + "; valid " + kind + "s: "
                    + String.join(", ", supported));
        }
        List<String> all = new ArrayList<>(supported);
        all.addAll(unsupported);
        String found = null;
        if (all.contains(g)) {
            found = g;
        } else {
            List<String> candidates = all.stream().filter(w -> w.startsWith(g)).toList();
            if (candidates.size() > 1) {
                throw new IllegalArgumentException(option + " " + spec + ": '" + given + "' is ambiguous (it could be "
                        + String.join(" or ", candidates) + "); valid " + kind + "s: " + String.join(", ", supported));
            }
            if (candidates.size() == 1) {
                found = candidates.get(0);
            }
        }
        if (found == null) {
            throw new IllegalArgumentException(option + " " + spec + ": unknown " + kind + " '" + given + "'; valid "
                    + kind + "s: " + String.join(", ", supported));
        }
        if (!supported.contains(found)) {
            throw new IllegalArgumentException(option + " " + spec + ": the " + kind + " '" + found.toUpperCase(
                    Locale.ROOT) + "' is not supported by pmix4j yet; valid " + kind + "s: "
                    + String.join(", ", supported));
        }
        return found;
    }

    /** A positive integer value of a {@code NAME=n} qualifier. */
    static int positive(String option, String spec, String qualifier, String value) {
        try {
            int v = Integer.parseInt(value.strip());
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " " + spec + ": " + qualifier + " needs a positive whole number,"
                + " not '" + value + "' (for example " + qualifier + "=2)");
    }
}
