package org.pmix4j.api;

import java.util.Objects;

/**
 * PMIX_PROC: a process named by its namespace and rank. The rank is unsigned; {@link Rank} holds the
 * special values ({@link Rank#WILDCARD} for a whole namespace ...).
 *
 * @param nspace the namespace (at most {@link #MAX_NSPACE_LENGTH} bytes on the wire)
 * @param rank   the rank's 32 bits (read unsigned)
 */
public record Proc(String nspace, int rank) implements Value, Comparable<Proc> {
    /** The longest namespace C accepts ({@code PMIX_MAX_NSLEN}). */
    public static final int MAX_NSPACE_LENGTH = 255;

    /** Refuses a null namespace. */
    public Proc {
        Objects.requireNonNull(nspace, "nspace");
    }

    /**
     * The whole namespace.
     *
     * @param nspace the namespace
     * @return the process name with rank {@link Rank#WILDCARD}
     */
    public static Proc wildcard(String nspace) {
        return new Proc(nspace, Rank.WILDCARD);
    }

    @Override
    public DataType type() {
        return DataType.PROC;
    }

    @Override
    public int compareTo(Proc o) {
        int c = nspace.compareTo(o.nspace);
        return c != 0 ? c : Integer.compareUnsigned(rank, o.rank);
    }

    // equals and hashCode written out: a record's own are bound at their first call by an invokedynamic
    // bootstrap (ObjectMethods) that spins method handles, which no class archive keeps; a fresh client
    // compares names in PMIx_Init, so that cost a few ms there. The hash is the record's own formula, so
    // hash maps keep their order.
    @Override
    public boolean equals(Object o) {
        return o instanceof Proc p && rank == p.rank && nspace.equals(p.nspace);
    }

    @Override
    public int hashCode() {
        return 31 * nspace.hashCode() + rank;
    }

    /**
     * {@code nspace:rank}, the form PMIx tools print.
     *
     * @return the text
     */
    @Override
    public String toString() {
        return nspace + ":" + Rank.label(rank);
    }
}
