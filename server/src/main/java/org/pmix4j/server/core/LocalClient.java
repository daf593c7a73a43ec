package org.pmix4j.server.core;

import org.pmix4j.api.Proc;
import org.pmix4j.server.peer.Peer;

/**
 * A process the host registered with {@code register_client}: who it must prove to be (uid, gid), and,
 * once it connected, its peer. Loop thread only.
 */
public final class LocalClient {
    private final Proc proc;
    private final int uid;
    private final int gid;
    private Peer peer;
    private boolean finalized;

    LocalClient(Proc proc, int uid, int gid) {
        this.proc = proc;
        this.uid = uid;
        this.gid = gid;
    }

    public Proc proc() {
        return proc;
    }

    public int uid() {
        return uid;
    }

    public int gid() {
        return gid;
    }

    /** The connection of the process, or {@code null} before it connected or after it left. */
    public Peer peer() {
        return peer;
    }

    void peer(Peer p) {
        this.peer = p;
    }

    public boolean isFinalized() {
        return finalized;
    }

    void markFinalized() {
        finalized = true;
    }
}
