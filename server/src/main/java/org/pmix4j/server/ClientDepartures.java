package org.pmix4j.server;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;

/**
 * Who waits for a client's connection to end: each wait completes once the server has handled the loss of
 * that connection, after every listener added before it. Loop thread only.
 */
final class ClientDepartures implements ServerCore.PeerListener {
    private final Map<Peer, List<CompletableFuture<Void>>> waiting = new IdentityHashMap<>();

    /** {@code done} completes when {@code connection} is lost, or at once when there is none. */
    void await(Peer connection, CompletableFuture<Void> done) {
        if (connection == null || !connection.isConnected()) {
            done.complete(null);
            return;
        }
        waiting.computeIfAbsent(connection, k -> new ArrayList<>()).add(done);
    }

    @Override
    public void lost(Peer peer, String why) {
        List<CompletableFuture<Void>> done = waiting.remove(peer);
        if (done != null) {
            done.forEach(f -> f.complete(null));
        }
    }
}
