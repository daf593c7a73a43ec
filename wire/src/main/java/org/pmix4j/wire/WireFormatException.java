package org.pmix4j.wire;

import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * Bytes that cannot be decoded: truncated, of an unknown type, with impossible counts or lengths, too
 * deeply nested. The message says what was wrong and {@link #offset} where, counted from the start of
 * the buffer being decoded. It is the only exception the decoder lets out.
 */
public final class WireFormatException extends PmixException {
    /** The offset of the problem, from the start of the buffer. */
    private final int offset;

    /**
     * A decoding failure, with PMIX_ERR_UNPACK_FAILURE as its status.
     *
     * @param problem what was wrong, e.g. "count 5000 exceeds the 12 bytes left"
     * @param offset where, from the start of the buffer
     */
    public WireFormatException(String problem, int offset) {
        super(PmixStatus.PMIX_ERR_UNPACK_FAILURE, problem + " (at byte " + offset + ")");
        this.offset = offset;
    }

    /** {@return where in the buffer the problem was found} */
    public int offset() {
        return offset;
    }
}
