package org.pmix4j.api;

import java.util.Objects;

/**
 * PMIX_PROC: a process named by its namespace and rank. The rank is unsigned; {@link Rank} holds the
 * special values ({@link Rank#WILDCARD} for a whole namespace ...).
 */
public record Proc(String nspace, int rank) implements Value, Comparable<Proc> {
    /** The longest namespace C accepts ({@code PMIX_MAX_NSLEN}). */
    public static final int MAX_NSPACE_LENGTH = 255;

    public Proc {
        Objects.requireNonNull(nspace, "nspace");
    }

    /** The whole namespace: rank {@link Rank#WILDCARD}. */
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

    /** {@code nspace:rank}, the form PMIx tools print. */
    @Override
    public String toString() {
        return nspace + ":" + Rank.label(rank);
    }
}
