package org.pmix4j.server.security;

/**
 * Who is at the other end of a connection, as the kernel knows it rather than as the peer says.
 *
 * @param local whether the connection comes from this node (the kernel lists its other end); a remote peer
 *              has no identity the kernel could give, so the other fields are -1
 * @param uid   the uid that owns the peer's socket
 * @param gid   the effective gid of the process holding the peer's socket, -1 when it was not found
 * @param pid   that process, -1 when it was not found
 */
public record KernelIdentity(boolean local, int uid, int gid, long pid) {

    static KernelIdentity remote() {
        return new KernelIdentity(false, -1, -1, -1);
    }

    /** Whether the process holding the socket was found (and with it the gid). */
    public boolean processKnown() {
        return pid > 0;
    }

    @Override
    public String toString() {
        if (!local) {
            return "a peer on another node";
        }
        return "uid " + Integer.toUnsignedString(uid) + (processKnown()
                ? " gid " + Integer.toUnsignedString(gid) + " pid " + pid : " (holding process not found)");
    }
}
