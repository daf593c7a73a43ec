package org.pmix4j.api;

/**
 * PMIX_ENVAR: an environment variable to set, prepend or append to, with the separator used to join
 * values (e.g. ':' for PATH).
 */
public record EnvironmentVariable(String name, String value, int separator) implements Value {
    public EnvironmentVariable {
        Value.checkUnsigned(separator, 0xff, "separator");
    }

    @Override
    public DataType type() {
        return DataType.ENVAR;
    }
}
