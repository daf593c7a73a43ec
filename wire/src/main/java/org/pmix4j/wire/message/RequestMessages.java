package org.pmix4j.wire.message;

import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The table from command to request record: the one place a server learns how to read a request. The switch
 * names every command, so a command added to {@link PmixCommand} without a record does not compile.
 */
public final class RequestMessages {
    private RequestMessages() {
    }

    /** Reads the body of a request (everything after its command pack). */
    public static RequestMessage read(PmixCommand command, Unpacker body) {
        return switch (command) {
            case FENCE -> FenceRequest.read(body);
            default -> new UndeclaredRequest(command, body);
        };
    }
}
