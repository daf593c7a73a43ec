package org.pmix4j.server.security;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;

/**
 * Whether an address is one of this node's (loopback, or an interface's of this network namespace): a peer
 * there is on this node, whatever one reading of the kernel's socket table showed. Asked only for the
 * connections the table did not show, so nothing is kept (a cache keyed by peers' addresses would grow with
 * every address a remote attacker comes from).
 */
final class LocalAddresses {

    boolean isLocal(InetAddress a) {
        if (a.isLoopbackAddress() || a.isAnyLocalAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(a) != null;
        } catch (SocketException e) {
            return false;
        }
    }
}
