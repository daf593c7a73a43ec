package org.pmix4j.server.security;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether an address is one of this node's (loopback, or an interface's of this network namespace): a peer
 * there is on this node, whatever one reading of the kernel's socket table showed. Answers are kept: the
 * addresses peers come from are few.
 */
final class LocalAddresses {
    private final ConcurrentHashMap<InetAddress, Boolean> known = new ConcurrentHashMap<>();

    boolean isLocal(InetAddress a) {
        return known.computeIfAbsent(a, LocalAddresses::lookUp);
    }

    private static boolean lookUp(InetAddress a) {
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
