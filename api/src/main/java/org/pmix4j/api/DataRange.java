package org.pmix4j.api;

/**
 * PMIX_DATA_RANGE: the range of published data or of an event: which processes it reaches. A record rather than a Java enum so that a number this
 * library does not know still round-trips unchanged.
 *
 * @param code the range's number, 0 to 255
 */
public record DataRange(int code) implements Value {
    public static final DataRange UNDEF = new DataRange(0);
    public static final DataRange RM = new DataRange(1);
    public static final DataRange LOCAL = new DataRange(2);
    public static final DataRange NAMESPACE = new DataRange(3);
    public static final DataRange SESSION = new DataRange(4);
    public static final DataRange GLOBAL = new DataRange(5);
    public static final DataRange CUSTOM = new DataRange(6);
    public static final DataRange PROC_LOCAL = new DataRange(7);
    public static final DataRange INVALID = new DataRange(255);

    private static final CodeNames NAMES = CodeNames.of(0, "UNDEF", 1, "RM", 2, "LOCAL", 3, "NAMESPACE", 4, "SESSION", 5, "GLOBAL", 6, "CUSTOM", 7, "PROC_LOCAL", 255, "INVALID");

    /** Checks the number fits the wire's one byte. */
    public DataRange {
        Value.checkUnsigned(code, 255, "DataRange");
    }

    @Override
    public DataType type() {
        return DataType.DATA_RANGE;
    }

    /** The ranges this library knows, for a {@code switch}; the record keeps any other number unchanged. */
    public enum Kind {
        /** Not said. */
        UNDEF,
        /** The host (resource manager) only. */
        RM,
        /** The processes on this node. */
        LOCAL,
        /** The processes of the requester's job. */
        NAMESPACE,
        /** The processes of the requester's session. */
        SESSION,
        /** Every process. */
        GLOBAL,
        /** The processes listed in PMIX_EVENT_CUSTOM_RANGE. */
        CUSTOM,
        /** This process only. */
        PROC_LOCAL,
        /** The Standard's invalid range (255). */
        INVALID,
        /** A number the Standard does not define. */
        UNKNOWN
    }

    /** {@return which known range this is, {@link Kind#UNKNOWN} for a number the Standard does not define} */
    public Kind kind() {
        if (code == INVALID.code) {
            return Kind.INVALID;
        }
        return code <= PROC_LOCAL.code ? Kind.values()[code] : Kind.UNKNOWN;
    }

    /** {@return the short name ({@code RM}), or the number as text when it has none} */
    public String label() {
        return NAMES.name(code);
    }

    /**
     * Parses a short name or a number.
     *
     * @param text e.g. what {@link #label} gives
     * @return the value
     * @throws IllegalArgumentException when the text is neither a known name nor a number from 0 to 255
     */
    public static DataRange parse(String text) {
        return new DataRange(NAMES.parse(text, "DataRange"));
    }

    @Override
    public String toString() {
        return label();
    }
}
