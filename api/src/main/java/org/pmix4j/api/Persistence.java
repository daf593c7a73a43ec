package org.pmix4j.api;

/**
 * PMIX_PERSIST: how long published data is kept. A record rather than a Java enum so that a number this
 * library does not know still round-trips unchanged.
 *
 * @param code the persistence's number, 0 to 255
 */
public record Persistence(int code) implements Value {
    public static final Persistence INDEF = new Persistence(0);
    public static final Persistence FIRST_READ = new Persistence(1);
    public static final Persistence PROC = new Persistence(2);
    public static final Persistence APP = new Persistence(3);
    public static final Persistence SESSION = new Persistence(4);
    public static final Persistence INVALID = new Persistence(255);

    private static final CodeNames NAMES = CodeNames.of(0, "INDEF", 1, "FIRST_READ", 2, "PROC", 3, "APP", 4, "SESSION", 255, "INVALID");

    /** Checks the number fits the wire's one byte. */
    public Persistence {
        Value.checkUnsigned(code, 255, "Persistence");
    }

    @Override
    public DataType type() {
        return DataType.PERSIST;
    }

    /** {@return the short name ({@code FIRST_READ}), or the number as text when it has none} */
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
    public static Persistence parse(String text) {
        return new Persistence(NAMES.parse(text, "Persistence"));
    }

    @Override
    public String toString() {
        return label();
    }
}
