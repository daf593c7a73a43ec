package org.pmix4j.api;

import java.util.Objects;

/**
 * PMIX_PDATA: a published datum as Lookup returns it: who published it, its key and value.
 *
 * @param proc  the publisher
 * @param key   the key
 * @param value the value
 */
public record PublishedData(Proc proc, String key, Value value) implements Value {
    /** Checks every component is there. */
    public PublishedData {
        Objects.requireNonNull(proc, "proc");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
    }

    @Override
    public DataType type() {
        return DataType.PDATA;
    }
}
