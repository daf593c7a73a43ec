package org.pmix4j.api;

/**
 * PMIX_ENVAR: an environment variable to set, prepend or append to, with the separator used to join
 * values (e.g. ':' for PATH).
 *
 * @param name      the variable's name
 * @param value     the value to set, prepend or append
 * @param separator the character joining values, e.g. ':'
 */
public record EnvironmentVariable(String name, String value, int separator) implements Value {
    /** Checks the separator fits the wire's byte. */
    public EnvironmentVariable {
        Value.checkUnsigned(separator, 0xff, "separator");
    }

    @Override
    public DataType type() {
        return DataType.ENVAR;
    }
}
