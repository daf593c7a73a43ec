package org.pmix4j.server.core;

import org.pmix4j.api.Proc;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.protocol.PeerType;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * Requests of a client without a connection, for unit tests of the parts that only hold requests until they
 * answer them (the collective engine). Answering one for real would need the connection: the tests answer
 * through their own operations instead.
 */
public final class UnsentRequests {
    private static int nextTag = 1;

    private UnsentRequests() {
    }

    /** A request of client {@code p} for {@code command}. */
    public static Request of(Proc p, PmixCommand command) {
        return new Request(null, client(p), nextTag++, command, null);
    }

    /** A client peer of {@code p} with no connection. */
    public static Peer client(Proc p) {
        return new Peer(null, 0, p, PeerType.SIMPLE_CLIENT, BufferKind.FULLY_DESCRIBED, "4.2.2", 0, 0);
    }
}
