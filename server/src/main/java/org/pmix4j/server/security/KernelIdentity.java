package org.pmix4j.server.security;

/**
 * Who is at the other end of a connection, as the kernel knows it rather than as the peer says.
 *
 * @param local whether the connection comes from this node (the kernel lists its other end); of a remote
 *              peer the kernel knows nothing: its ids are -1, or those its credential stands for
 *              ({@link #vouched})
 * @param uid   the uid that owns the peer's socket
 * @param gid   the effective gid of the process holding the peer's socket, -1 when it was not found
 * @param pid   that process, -1 when it was not found
 */
public record KernelIdentity(boolean local, int uid, int gid, long pid) {

    static KernelIdentity remote() {
        return new KernelIdentity(false, -1, -1, -1);
    }

    /** A peer at an address of this node whose socket the kernel's table did not show, look after look. */
    static KernelIdentity notFound() {
        return new KernelIdentity(true, -1, -1, -1);
    }

    /**
     * A peer on another node, known by the ids its credential stands for (those munged vouches for, or a
     * native claim where the site allows it): the kernel of this node has nothing to say about it.
     */
    public static KernelIdentity vouched(int uid, int gid) {
        return new KernelIdentity(false, uid, gid, -1);
    }

    /** Whether the process holding the socket was found (and with it the gid). */
    public boolean processKnown() {
        return pid > 0;
    }

    @Override
    public String toString() {
        if (!local) {
            return uid == -1 ? "a peer on another node"
                    : "a peer on another node vouched as uid " + Integer.toUnsignedString(uid) + " gid "
                            + Integer.toUnsignedString(gid);
        }
        if (uid == -1) {
            return "a peer of this node whose socket the kernel did not list";
        }
        return "uid " + Integer.toUnsignedString(uid) + (processKnown()
                ? " gid " + Integer.toUnsignedString(gid) + " pid " + pid : " (holding process not found)");
    }
}
