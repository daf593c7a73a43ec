package org.pmix4j.api;

/**
 * PMIX_PROC_RANK: a process rank, an unsigned 32-bit number kept in an {@code int}. The top of the range is
 * reserved for the special ranks below; {@link #label} names them.
 *
 * @param value the rank's 32 bits (read unsigned)
 */
public record Rank(int value) implements Value {
    /** No rank given. */
    public static final int UNDEF = 0xffff_ffff;
    /** Every process of the namespace. */
    public static final int WILDCARD = 0xffff_fffe;
    /** Every process on the local node. */
    public static final int LOCAL_NODE = 0xffff_fffd;
    /** Marks an invalid rank. */
    public static final int INVALID = 0xffff_fffc;
    /** Every process of the same namespace on the local node. */
    public static final int LOCAL_PEERS = 0xffff_fffb;
    /** Ranks above this (unsigned) are reserved for special meanings. */
    public static final int VALID_MAX = 0xffff_ffcd;

    @Override
    public DataType type() {
        return DataType.PROC_RANK;
    }

    @Override
    public String toString() {
        return label(value);
    }

    /**
     * Whether a rank is an ordinary one.
     *
     * @param rank the rank's 32 bits
     * @return true for an ordinary rank, false for one of the reserved special ranks
     */
    public static boolean isValid(int rank) {
        return Integer.compareUnsigned(rank, VALID_MAX) <= 0;
    }

    /**
     * A rank as PMIx tools print it.
     *
     * @param rank the rank's 32 bits
     * @return "WILDCARD", "UNDEF" ... for the special ranks, the unsigned decimal number otherwise
     */
    public static String label(int rank) {
        return switch (rank) {
            case UNDEF -> "UNDEF";
            case WILDCARD -> "WILDCARD";
            case LOCAL_NODE -> "LOCAL_NODE";
            case INVALID -> "INVALID";
            case LOCAL_PEERS -> "LOCAL_PEERS";
            default -> Integer.toUnsignedString(rank);
        };
    }

    /**
     * The inverse of {@link #label}; {@code *} is also the wildcard.
     *
     * @param text a number or a special rank's name
     * @return the rank's 32 bits
     * @throws IllegalArgumentException when the text is neither
     */
    public static int parse(String text) {
        return switch (text.trim()) {
            case "UNDEF" -> UNDEF;
            case "WILDCARD", "*" -> WILDCARD;
            case "LOCAL_NODE" -> LOCAL_NODE;
            case "INVALID" -> INVALID;
            case "LOCAL_PEERS" -> LOCAL_PEERS;
            default -> {
                try {
                    yield Integer.parseUnsignedInt(text.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + text + "' is not a rank (a number or WILDCARD, UNDEF,"
                            + " LOCAL_NODE, LOCAL_PEERS, INVALID)");
                }
            }
        };
    }
}
