package org.pmix4j.api;

import java.util.List;

/** PMIX_QUERY: keys to ask for (e.g. {@code pmix.qry.ns}) and the qualifiers that narrow them. */
public record Query(List<String> keys, List<Info> qualifiers) implements Value {
    public Query {
        keys = List.copyOf(keys);
        qualifiers = List.copyOf(qualifiers);
    }

    @Override
    public DataType type() {
        return DataType.QUERY;
    }
}
