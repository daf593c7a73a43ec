package org.pmix4j.server.core;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.pmix4j.server.peer.Peer;

/** The connected peers by index, and the next index to give. Loop thread only. */
final class PeerTable {
    private final Map<Integer, Peer> peers = new HashMap<>();
    private int nextIndex;

    int nextIndex() {
        return nextIndex++;
    }

    void add(Peer p) {
        peers.put(p.index(), p);
    }

    void remove(Peer p) {
        peers.remove(p.index());
    }

    Collection<Peer> all() {
        return Collections.unmodifiableCollection(peers.values());
    }
}
