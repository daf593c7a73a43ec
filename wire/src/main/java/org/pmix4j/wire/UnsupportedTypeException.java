package org.pmix4j.wire;

import org.pmix4j.api.DataType;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/** An attempt to encode a type the 4.2 wire (module v41) has no form for, such as the 6.x types 70 to 73. */
public final class UnsupportedTypeException extends PmixException {
    /**
     * The refusal to encode a type.
     *
     * @param type the type
     */
    public UnsupportedTypeException(DataType type) {
        super(PmixStatus.PMIX_ERR_NOT_SUPPORTED, type.macroName() + " (" + type.code()
                + ") cannot be packed for a PMIx 4.2 peer (bfrops module v41)");
    }
}
