package org.pmix4j.server.core;

import org.pmix4j.api.Proc;
import org.pmix4j.server.peer.Peer;

/**
 * A process the host registered with {@code register_client}: who it must prove to be (uid, gid, and the
 * pid when the host told it), and, once it connected, its peer and the process the kernel found holding
 * its socket. Loop thread only.
 */
public final class LocalClient {
    private final Proc proc;
    private final int uid;
    private final int gid;
    private Peer peer;
    private boolean finalized;
    // read by the identity resolver's thread too
    private volatile long startedPid = -1;
    private long connectedPid = -1;

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

    /** The pid the host started the process as, or -1 when the host did not say. */
    public long startedPid() {
        return startedPid;
    }

    void startedPid(long pid) {
        this.startedPid = pid;
    }

    /** The process the kernel found holding the client's socket when it connected, or -1. */
    long connectedPid() {
        return connectedPid;
    }

    void connectedPid(long pid) {
        this.connectedPid = pid;
    }

    public boolean isFinalized() {
        return finalized;
    }

    void markFinalized() {
        finalized = true;
    }
}
