package org.pmix4j.api;

/**
 * PMIX_ALLOC_DIRECTIVE: what an allocation request asks the scheduler to do. A record rather than a Java enum so that a number this
 * library does not know still round-trips unchanged.
 */
public record AllocDirective(int code) implements Value {
    public static final AllocDirective NEW = new AllocDirective(1);
    public static final AllocDirective EXTEND = new AllocDirective(2);
    public static final AllocDirective RELEASE = new AllocDirective(3);
    public static final AllocDirective REAQUIRE = new AllocDirective(4);
    public static final AllocDirective EXTERNAL = new AllocDirective(128);

    private static final CodeNames NAMES = CodeNames.of(1, "NEW", 2, "EXTEND", 3, "RELEASE", 4, "REAQUIRE", 128, "EXTERNAL");

    public AllocDirective {
        Value.checkUnsigned(code, 255, "AllocDirective");
    }

    @Override
    public DataType type() {
        return DataType.ALLOC_DIRECTIVE;
    }

    /** The short name ({@code EXTEND}), or the number when it has none. */
    public String label() {
        return NAMES.name(code);
    }

    /** Parses a short name or a number. */
    public static AllocDirective parse(String text) {
        return new AllocDirective(NAMES.parse(text, "AllocDirective"));
    }

    @Override
    public String toString() {
        return label();
    }
}
