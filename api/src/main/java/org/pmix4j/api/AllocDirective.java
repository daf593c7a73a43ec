package org.pmix4j.api;

/**
 * PMIX_ALLOC_DIRECTIVE: what an allocation request asks the scheduler to do. A record rather than a Java enum so that a number this
 * library does not know still round-trips unchanged.
 *
 * @param code the directive's number, 0 to 255
 */
public record AllocDirective(int code) implements Value {
    /** A new allocation (a session). */
    public static final AllocDirective NEW = new AllocDirective(1);
    /** More resources or time for an existing allocation. */
    public static final AllocDirective EXTEND = new AllocDirective(2);
    /** Give resources of an allocation back. */
    public static final AllocDirective RELEASE = new AllocDirective(3);
    /** Take back resources released earlier (the C name's spelling). */
    public static final AllocDirective REAQUIRE = new AllocDirective(4);
    /** The first number left to hosts for directives of their own. */
    public static final AllocDirective EXTERNAL = new AllocDirective(128);

    private static final CodeNames NAMES = CodeNames.of(1, "NEW", 2, "EXTEND", 3, "RELEASE", 4, "REAQUIRE", 128, "EXTERNAL");

    /** Checks the number fits the wire's one byte. */
    public AllocDirective {
        Value.checkUnsigned(code, 255, "AllocDirective");
    }

    @Override
    public DataType type() {
        return DataType.ALLOC_DIRECTIVE;
    }

    /**
     * The short name ({@code EXTEND}), or the number when it has none.
     *
     * @return the name
     */
    public String label() {
        return NAMES.name(code);
    }

    /**
     * Parses a short name or a number.
     *
     * @param text a short name ({@code NEW}) or a number
     * @return the directive
     * @throws IllegalArgumentException when the text is neither
     */
    public static AllocDirective parse(String text) {
        return new AllocDirective(NAMES.parse(text, "AllocDirective"));
    }

    @Override
    public String toString() {
        return label();
    }
}
