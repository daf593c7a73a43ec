package org.pmix4j.runtime.iof;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Matches what a user typed against a list of directive names the way PRRTE's command line does:
 * case-insensitive, and any unambiguous abbreviation is accepted, word by word for hyphenated names
 * ("merge" and "merge-std" both name {@code merge-stderr-to-stdout}, "tag-d" names {@code tag-detailed}).
 * An exact name always wins, so "tag" is {@code tag} even though it also starts {@code tag-detailed}.
 */
final class OutputDirectiveWords {
    private OutputDirectiveWords() {
    }

    /**
     * The name {@code typed} stands for, or {@code null} if it stands for none.
     *
     * @throws IllegalArgumentException if it abbreviates several names
     */
    static String match(String option, String typed, List<String> names, String context) {
        String t = typed.toLowerCase(Locale.ROOT);
        if (names.contains(t)) {
            return t;
        }
        List<String> hits = new ArrayList<>();
        for (String name : names) {
            if (abbreviates(t, name)) {
                hits.add(name);
            }
        }
        if (hits.size() > 1) {
            throw new IllegalArgumentException(option + ": '" + typed + "' in '" + context + "' is ambiguous: it could be "
                    + String.join(" or ", hits) + "; type more of the name");
        }
        return hits.isEmpty() ? null : hits.get(0);
    }

    /** Every hyphen-separated word of {@code typed} starts the corresponding word of {@code name}. */
    private static boolean abbreviates(String typed, String name) {
        if (typed.isEmpty()) {
            return false;
        }
        String[] t = typed.split("-", -1);
        String[] n = name.split("-", -1);
        if (t.length > n.length) {
            return false;
        }
        for (int i = 0; i < t.length; i++) {
            if (!n[i].startsWith(t[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * A truth value as PRRTE accepts it after '=': absent or empty is true; a number is true unless 0;
     * {@code true/yes/t/y/enable} and {@code false/no/f/n/disable}, case-insensitive, as whole words.
     *
     * @throws IllegalArgumentException for anything else (PRRTE refuses rather than guessing)
     */
    static boolean truth(String option, String directive, String value) {
        if (value == null || value.isBlank()) {
            return true;
        }
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (v.chars().allMatch(Character::isDigit)) {
            return !v.chars().allMatch(c -> c == '0');
        }
        return switch (v) {
            case "true", "yes", "t", "y", "enable" -> true;
            case "false", "no", "f", "n", "disable" -> false;
            default -> throw new IllegalArgumentException(option + ": '" + directive + "=" + value
                    + "' is not a truth value; use 1/0, true/false, yes/no, t/f, y/n or enable/disable");
        };
    }
}
