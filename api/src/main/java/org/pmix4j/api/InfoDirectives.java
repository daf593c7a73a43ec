package org.pmix4j.api;

/**
 * PMIX_INFO_DIRECTIVES: the flag bits of a {@code pmix_info_t}. They are sent as they are, including the
 * bits libpmix sets for its own bookkeeping ({@link #ARRAY_END}, {@link #REQD_PROCESSED},
 * {@link #PERSISTENT}), so a relay must keep bits it does not understand.
 *
 * @param bits the flag bits
 */
public record InfoDirectives(int bits) implements Value {
    /** The receiver must honour this info or fail the request. */
    public static final int REQUIRED = 0x1;
    /** libpmix marks the last element of an array made by PMIX_INFO_CREATE. */
    public static final int ARRAY_END = 0x2;
    /** A required info that has been acted upon. */
    public static final int REQD_PROCESSED = 0x4;
    /** The info qualifies another one (e.g. PMIX_NODEID qualifying a node-level Get). */
    public static final int QUALIFIER = 0x8;
    /** libpmix: the value is not to be released. */
    public static final int PERSISTENT = 0x10;
    /** Bits reserved for implementations. */
    public static final int RESERVED = 0xffff_0000;

    private static final BitNames NAMES = BitNames.of("info directive", "REQUIRED", REQUIRED,
            "ARRAY_END", ARRAY_END, "REQD_PROCESSED", REQD_PROCESSED, "QUALIFIER", QUALIFIER,
            "PERSISTENT", PERSISTENT);

    @Override
    public DataType type() {
        return DataType.INFO_DIRECTIVES;
    }

    /**
     * The flags as text.
     *
     * @param bits flag bits
     * @return the names of the set bits joined with '|', e.g. {@code REQUIRED|ARRAY_END}; "NONE" when none
     */
    public static String label(int bits) {
        return NAMES.label(Integer.toUnsignedLong(bits));
    }

    /**
     * The inverse of {@link #label}.
     *
     * @param text names joined with '|', or a number
     * @return the bits
     * @throws IllegalArgumentException naming an unknown name
     */
    public static int parse(String text) {
        return (int) NAMES.parse(text);
    }

    @Override
    public String toString() {
        return label(bits);
    }
}
