package org.pmix4j.api;

/**
 * PMIX_SCOPE: the scope of a Put: who may see the data. A record rather than a Java enum so that a number this
 * library does not know still round-trips unchanged.
 *
 * @param code the scope's number, 0 to 255
 */
public record Scope(int code) implements Value {
    public static final Scope UNDEF = new Scope(0);
    public static final Scope LOCAL = new Scope(1);
    public static final Scope REMOTE = new Scope(2);
    public static final Scope GLOBAL = new Scope(3);
    public static final Scope INTERNAL = new Scope(4);

    private static final CodeNames NAMES = CodeNames.of(0, "UNDEF", 1, "LOCAL", 2, "REMOTE", 3, "GLOBAL", 4, "INTERNAL");

    /** Checks the number fits the wire's one byte. */
    public Scope {
        Value.checkUnsigned(code, 255, "Scope");
    }

    @Override
    public DataType type() {
        return DataType.SCOPE;
    }

    /** The scopes this library knows, for a {@code switch}; the record keeps any other number unchanged. */
    public enum Kind {
        /** Not said. */
        UNDEF,
        /** Processes on this node only. */
        LOCAL,
        /** Processes on other nodes only. */
        REMOTE,
        /** Every process. */
        GLOBAL,
        /** This process only (never sent). */
        INTERNAL,
        /** A number the Standard does not define. */
        UNKNOWN
    }

    /** {@return which known scope this is, {@link Kind#UNKNOWN} for a number the Standard does not define} */
    public Kind kind() {
        return code < Kind.UNKNOWN.ordinal() ? Kind.values()[code] : Kind.UNKNOWN;
    }

    /** {@return the short name ({@code LOCAL}), or the number as text when it has none} */
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
    public static Scope parse(String text) {
        return new Scope(NAMES.parse(text, "Scope"));
    }

    @Override
    public String toString() {
        return label();
    }
}
