package org.pmix4j.server.security;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * Asks the kernel for one TCP socket of this node (of this network namespace) by its two ends, instead of
 * reading the whole socket table for it: an exact lookup costs the kernel a hash probe where a reading of
 * /proc/net/tcp walks and formats every socket of the node (tens of ms on a busy node, once per burst of
 * connecting peers). Used by one thread at a time.
 */
interface SocketLookup extends AutoCloseable {

    /**
     * The socket whose local end is {@code local} and whose remote end is {@code remote}; empty when the
     * kernel has no such socket (it has gone, or it is not of this node).
     *
     * @throws IOException when the kernel could not be asked: the caller reads the tables instead
     */
    Optional<KernelSocket> find(InetSocketAddress local, InetSocketAddress remote) throws IOException;

    @Override
    void close();
}
