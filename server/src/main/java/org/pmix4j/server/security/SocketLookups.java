package org.pmix4j.server.security;

import java.util.Optional;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.foreign.ForeignCalls;

/**
 * The fastest {@link SocketLookup} this JVM and kernel offer: the kernel's socket diagnostics over netlink
 * (java.lang.foreign, so a JDK 22 or newer and a build made with one), or none, in which case identities come
 * from reading /proc/net/tcp alone.
 */
final class SocketLookups {
    private static final Log LOG = Log.of(SocketLookups.class);
    private static final String NETLINK = "org.pmix4j.server.security.NetlinkSocketLookup";

    private SocketLookups() {
    }

    /** The netlink lookup when it can be made here, else empty (said once in the debug log, with why). */
    static Optional<SocketLookup> forThisNode() {
        ForeignCalls.Loaded<SocketLookup> netlink = ForeignCalls.load(NETLINK);
        if (netlink.part().isEmpty()) {
            LOG.debug("peer identities from /proc/net/tcp only: the netlink lookup {}", netlink.whyNot());
        }
        return netlink.part();
    }
}
