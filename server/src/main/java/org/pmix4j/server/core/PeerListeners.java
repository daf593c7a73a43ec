package org.pmix4j.server.core;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.peer.Peer;

/**
 * The parts of the server that follow peers, namespaces and clients, in the order they hear of them. Loop
 * thread only.
 */
final class PeerListeners {
    private final List<ServerCore.PeerListener> listeners = new ArrayList<>();

    void add(ServerCore.PeerListener l) {
        listeners.add(l);
    }

    void addFirst(ServerCore.PeerListener l) {
        listeners.add(0, l);
    }

    void connected(Peer peer, List<Info> info) {
        for (ServerCore.PeerListener l : listeners) {
            l.connected(peer, info);
        }
    }

    void lost(Peer peer, String why) {
        for (ServerCore.PeerListener l : listeners) {
            l.lost(peer, why);
        }
    }

    void namespaceGone(String nspace) {
        for (ServerCore.PeerListener l : listeners) {
            l.namespaceGone(nspace);
        }
    }

    void clientGone(Proc proc) {
        for (ServerCore.PeerListener l : listeners) {
            l.clientGone(proc);
        }
    }
}
