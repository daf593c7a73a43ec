package org.pmix4j.api;

import java.util.List;

/**
 * PMIX_QUERY: keys to ask for (e.g. {@code pmix.qry.ns}) and the qualifiers that narrow them.
 *
 * @param keys       the keys asked for, e.g. {@code Attributes.QUERY_NAMESPACES.key()}
 * @param qualifiers what narrows them, e.g. {@code Attributes.NSPACE.info("job")}
 */
public record Query(List<String> keys, List<Info> qualifiers) implements Value {
    /** Copies the lists. */
    public Query {
        keys = List.copyOf(keys);
        qualifiers = List.copyOf(qualifiers);
    }

    @Override
    public DataType type() {
        return DataType.QUERY;
    }
}
