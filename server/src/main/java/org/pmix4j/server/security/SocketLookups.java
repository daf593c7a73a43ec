package org.pmix4j.server.security;

import java.lang.reflect.InvocationTargetException;
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
        if (!ForeignCalls.available()) {
            LOG.debug("peer identities from /proc/net/tcp only: netlink lookups need a JDK 22 or newer");
            return Optional.empty();
        }
        try {
            return Optional.of((SocketLookup) Class.forName(NETLINK).getDeclaredConstructor().newInstance());
        } catch (ClassNotFoundException e) {
            LOG.debug("peer identities from /proc/net/tcp only: this build has no netlink lookup (built with a JDK"
                    + " older than 22)");
        } catch (InvocationTargetException e) {
            LOG.debug("peer identities from /proc/net/tcp only: {}", e.getCause().getMessage());
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            LOG.debug("peer identities from /proc/net/tcp only: {}", e.toString());
        }
        return Optional.empty();
    }
}
