package org.pmix4j.api;

/**
 * PMIX_LINK_STATE: the state of a fabric port. A record rather than a Java enum so that a number this
 * library does not know still round-trips unchanged.
 *
 * @param code the state's number, 0 to 255
 */
public record LinkState(int code) implements Value {
    public static final LinkState UNKNOWN = new LinkState(0);
    public static final LinkState DOWN = new LinkState(1);
    public static final LinkState UP = new LinkState(2);

    private static final CodeNames NAMES = CodeNames.of(0, "UNKNOWN", 1, "DOWN", 2, "UP");

    /** Checks the number fits the wire's one byte. */
    public LinkState {
        Value.checkUnsigned(code, 255, "LinkState");
    }

    @Override
    public DataType type() {
        return DataType.LINK_STATE;
    }

    /** {@return the short name ({@code DOWN}), or the number as text when it has none} */
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
    public static LinkState parse(String text) {
        return new LinkState(NAMES.parse(text, "LinkState"));
    }

    @Override
    public String toString() {
        return label();
    }
}
