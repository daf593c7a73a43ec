package org.pmix4j.api;

import java.util.Objects;

/**
 * PMIX_KVAL (internal to the protocol): a key and a value, the unit of stored and exchanged data.
 *
 * @param key   the key
 * @param value the value
 */
public record KeyValue(String key, Value value) implements Value {
    /** Checks the value is there. */
    public KeyValue {
        Objects.requireNonNull(value, "value");
    }

    @Override
    public DataType type() {
        return DataType.KVAL;
    }
}
