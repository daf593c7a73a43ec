package org.pmix4j.api;

import java.util.List;

/**
 * PMIX_REGATTR: the description of an attribute a component supports, as {@code PMIx_Query_info} on
 * {@code pmix.qry.attrs} returns it.
 *
 * @param name        the attribute's key ({@code pmix.job.size}), may be {@code null}
 * @param string      its macro name ({@code PMIX_JOB_SIZE})
 * @param typeCode    the data type code of its value (a code, since it may name a type we do not know)
 * @param description lines of text
 */
public record RegAttr(String name, String string, int typeCode, List<String> description) implements Value {
    public RegAttr {
        Value.checkUnsigned(typeCode, 0xffff, "data type");
        description = List.copyOf(description);
    }

    @Override
    public DataType type() {
        return DataType.REGATTR;
    }
}
