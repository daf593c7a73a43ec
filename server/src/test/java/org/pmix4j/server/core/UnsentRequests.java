package org.pmix4j.server.core;

import org.pmix4j.api.Proc;
import org.pmix4j.server.net.ClosedConnections;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.protocol.PeerType;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * Requests of a client whose connection is already closed, for unit tests of the parts that hold requests
 * until they answer them (the collective engine): the answers go nowhere, the tests look at what the
 * operations did instead.
 */
public final class UnsentRequests {
    private static int nextTag = 1;

    private UnsentRequests() {
    }

    /** A request of client {@code p} for {@code command}. */
    public static Request of(Proc p, PmixCommand command) {
        return new Request(client(p), nextTag++, command);
    }

    /** A client peer of {@code p} whose connection is closed. */
    public static Peer client(Proc p) {
        return new Peer(ClosedConnections.create(), 0, p, PeerType.SIMPLE_CLIENT, BufferKind.FULLY_DESCRIBED, "4.2.2", 0, 0, false);
    }
}
