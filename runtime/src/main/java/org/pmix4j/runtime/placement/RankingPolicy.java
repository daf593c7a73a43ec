package org.pmix4j.runtime.placement;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code --rank-by}: the order in which the placed processes are numbered.
 *
 * <ul>
 * <li>{@code SLOT}: in the order they were placed.
 * <li>{@code NODE}: one per node in turn (on one node, the same as SLOT).
 * <li>{@code FILL}: every process of an object before the next object's (needs mapping by an object).
 * <li>{@code SPAN}: one process per object in turn (needs mapping by an object).
 * </ul>
 * Without {@code --rank-by} the ranking follows the mapping: by slot → SLOT, by node → NODE, with
 * {@code :SPAN} → SPAN, by an object → FILL.
 */
public enum RankingPolicy {
    SLOT, NODE, FILL, SPAN;

    private static final List<String> WORDS = Arrays.stream(values()).map(v -> v.name().toLowerCase(Locale.ROOT))
            .toList();

    /**
     * Parses a {@code --rank-by} value.
     *
     * @throws IllegalArgumentException naming the option and the value, listing the valid ones
     */
    public static RankingPolicy parse(String spec) {
        if (spec.contains(":")) {
            throw new IllegalArgumentException("--rank-by " + spec + ": --rank-by takes no qualifiers; valid"
                    + " directives: " + String.join(", ", WORDS));
        }
        return valueOf(PolicyWords.match("--rank-by", spec, "directive", spec, WORDS, List.of()).toUpperCase(
                Locale.ROOT));
    }

    /** PRRTE's name for it, as in {@code PMIX_RANKBY} and the job map. */
    public String prrteName() {
        return name();
    }
}
