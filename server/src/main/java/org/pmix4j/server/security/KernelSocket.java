package org.pmix4j.server.security;

import java.net.InetSocketAddress;

/**
 * One TCP socket of this node (of this network namespace) as the kernel lists it in /proc/net/tcp or
 * /proc/net/tcp6: its two ends, the uid that owns it, and its inode (0 for a socket no process holds any
 * more, whose uid the kernel then reports as 0 and which must never be taken for root's).
 */
record KernelSocket(InetSocketAddress local, InetSocketAddress remote, int uid, long inode) {

    boolean isHeld() {
        return inode != 0;
    }
}
