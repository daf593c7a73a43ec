package org.pmix4j.server;

import org.pmix4j.server.handler.ServerParts;

/**
 * The tests' way into a running server's parts (its event registrations, IO cache, cleanup registrations),
 * which the public API does not expose. Read them on the server's loop ({@link PmixServer#call}).
 */
public final class ServerInternals {
    private ServerInternals() {
    }

    public static ServerParts parts(PmixServer server) {
        return server.parts();
    }
}
