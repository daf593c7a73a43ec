package org.pmix4j.wire;

import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * Bytes that cannot be decoded: truncated, of an unknown type, with impossible counts or lengths, too
 * deeply nested. The message says what was wrong and {@link #offset} where, counted from the start of
 * the buffer being decoded. It is the only exception the decoder lets out.
 */
public final class WireFormatException extends PmixException {
    private final int offset;

    public WireFormatException(String problem, int offset) {
        super(PmixStatus.PMIX_ERR_UNPACK_FAILURE, problem + " (at byte " + offset + ")");
        this.offset = offset;
    }

    /** Where in the buffer the problem was found. */
    public int offset() {
        return offset;
    }
}
