package org.pmix4j.server.peer;

import org.pmix4j.api.Proc;
import org.pmix4j.server.net.Connection;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.protocol.PeerType;

/**
 * A process connected to this server, after its connect request was accepted: a client of a registered
 * job, or a tool. Loop thread only.
 */
public final class Peer {
    private final Connection connection;
    private final int index;
    private final Proc proc;
    private final PeerType type;
    private final BufferKind kind;
    private final String version;
    private final int uid;
    private final int gid;
    private final boolean sharedStore;
    private boolean finalized;

    /** @param sharedStore whether the peer reads job data from the shared-memory store (it chose "ds21") */
    public Peer(Connection connection, int index, Proc proc, PeerType type, BufferKind kind, String version, int uid,
            int gid, boolean sharedStore) {
        this.sharedStore = sharedStore;
        this.connection = connection;
        this.index = index;
        this.proc = proc;
        this.type = type;
        this.kind = kind;
        this.version = version;
        this.uid = uid;
        this.gid = gid;
    }

    public int index() {
        return index;
    }

    public Proc proc() {
        return proc;
    }

    public PeerType type() {
        return type;
    }

    public boolean isClient() {
        return type.isClient();
    }

    /** The buffer kind this peer packs and expects. */
    public BufferKind kind() {
        return kind;
    }

    /** Whether the peer reads job data and its local peers' data from the shared-memory store. */
    public boolean readsSharedStore() {
        return sharedStore;
    }

    /** The peer's library version string, e.g. "4.2.2rc2". */
    public String version() {
        return version;
    }

    public int uid() {
        return uid;
    }

    public int gid() {
        return gid;
    }

    public boolean isFinalized() {
        return finalized;
    }

    public void markFinalized() {
        finalized = true;
    }

    public boolean isConnected() {
        return !connection.isClosed();
    }

    /** Sends a message on {@code tag} (a reply carries its request's tag). The server's pindex is 0. */
    public void send(int tag, byte[] payload) {
        connection.send(0, tag, payload);
    }

    public void close(String why) {
        connection.close(why);
    }

    /** Bytes queued for this peer that its socket has not taken yet. Loop thread only. */
    public long unsentBytes() {
        return connection.unsentBytes();
    }

    /** See {@link Connection#whenUnsentAtMost}. Loop thread only. */
    public void whenUnsentAtMost(long bytes, Runnable then) {
        connection.whenUnsentAtMost(bytes, then);
    }

    public Connection connection() {
        return connection;
    }

    @Override
    public String toString() {
        return (type.isClient() ? "client " : "tool ") + proc + " (index " + index + ", " + connection.remote() + ")";
    }
}
