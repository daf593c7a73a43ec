package org.pmix4j.api;

import java.util.List;

/**
 * PMIX_REGATTR: the description of an attribute a component supports, as {@code PMIx_Query_info} on
 * {@code pmix.qry.attrs} returns it and {@code pattrs} prints it.
 *
 * @param macroName   the attribute's macro name ({@code PMIX_JOB_SIZE}); the C struct calls it {@code name}
 * @param key         its key ({@code pmix.job.size}); the C struct calls it {@code string}
 * @param typeCode    the data type code of its value (a code, since it may name a type we do not know)
 * @param description lines of text
 */
public record AttributeDescription(String macroName, String key, int typeCode, List<String> description)
        implements Value {
    /** Checks the type code fits the wire's 16 bits and copies the list. */
    public AttributeDescription {
        Value.checkUnsigned(typeCode, 0xffff, "data type");
        description = List.copyOf(description);
    }

    @Override
    public DataType type() {
        return DataType.REGATTR;
    }
}
