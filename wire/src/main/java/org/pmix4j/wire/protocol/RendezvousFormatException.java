package org.pmix4j.wire.protocol;

import java.io.IOException;

/** A rendezvous file whose content is not what libpmix writes (e.g. no URI on the first line). */
public final class RendezvousFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public RendezvousFormatException(String message) {
        super(message);
    }
}
