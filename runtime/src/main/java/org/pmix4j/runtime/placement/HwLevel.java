package org.pmix4j.runtime.placement;

/**
 * The kinds of hardware object placement works with, from the coarsest to the finest. The order is
 * PRRTE's binding depth order (package above NUMA above the caches above core above hardware thread): a
 * process may be bound at or below the level it was mapped by, never above it.
 */
public enum HwLevel {
    PACKAGE("SK", "package"),
    NUMA("NM", "numa"),
    L3CACHE("L3", "l3cache"),
    L2CACHE("L2", "l2cache"),
    L1CACHE("L1", "l1cache"),
    CORE("CR", "core"),
    HWTHREAD("HT", "hwthread");

    private final String localityTag;
    private final String directive;

    HwLevel(String localityTag, String directive) {
        this.localityTag = localityTag;
        this.directive = directive;
    }

    /** The two letters that name this level in a PMIx locality string ({@code SK}, {@code L3}, {@code HT} …). */
    public String localityTag() {
        return localityTag;
    }

    /** The word that names this level in {@code --map-by} and {@code --bind-to}. */
    public String directive() {
        return directive;
    }

    /** True when this level lies above {@code other} (is coarser): binding there from a map by {@code other} goes up. */
    public boolean above(HwLevel other) {
        return ordinal() < other.ordinal();
    }
}
