package org.pmix4j.runtime.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A daemon tree in one JVM: a {@link DaemonRouter} per daemon, each parent and child joined by a pair of
 * {@link DaemonLink}s over a loopback TCP connection, as the daemons of several hosts are. What each
 * daemon receives goes to its inbox (after its handler, if one is set); losses go to one queue.
 */
final class LoopbackTree implements AutoCloseable {
    record Received(int origin, DaemonMessage message) {
    }

    record Loss(int at, int daemon, String peer, String why) {
    }

    final DaemonTree tree;
    final List<DaemonRouter> routers = new ArrayList<>();
    final List<BlockingQueue<Received>> inboxes = new ArrayList<>();
    final BlockingQueue<Loss> losses = new LinkedBlockingQueue<>();
    /** Per daemon, what it does with a message before its inbox gets it (the collectives, say). */
    final AtomicReferenceArray<DaemonRouter.Receiver> handlers;

    LoopbackTree(int count, int radix, long silenceLimitMs) throws IOException {
        tree = new DaemonTree(count, radix);
        handlers = new AtomicReferenceArray<>(count);
        for (int i = 0; i < count; i++) {
            int self = i;
            BlockingQueue<Received> inbox = new LinkedBlockingQueue<>();
            inboxes.add(inbox);
            routers.add(new DaemonRouter(self, tree, (origin, m) -> {
                DaemonRouter.Receiver h = handlers.get(self);
                if (h != null) {
                    h.receive(origin, m);
                }
                inbox.add(new Received(origin, m));
            }, (daemon, peer, why) -> losses.add(new Loss(self, daemon, peer, why))));
        }
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            for (int c = 1; c < count; c++) {
                int p = tree.parent(c);
                Socket up = new Socket(listener.getInetAddress(), listener.getLocalPort());
                Socket down = listener.accept();
                routers.get(p).attach(c, new DaemonLink(down, "daemon " + c, silenceLimitMs));
                routers.get(c).attach(p, new DaemonLink(up, "daemon " + p, silenceLimitMs));
            }
        }
    }

    /** The next message daemon {@code id} receives (fails after 10 s: something was lost). */
    Received next(int id) throws InterruptedException {
        Received r = inboxes.get(id).poll(10, TimeUnit.SECONDS);
        if (r == null) {
            throw new AssertionError("daemon " + id + " received nothing");
        }
        return r;
    }

    Loss nextLoss() throws InterruptedException {
        Loss l = losses.poll(10, TimeUnit.SECONDS);
        if (l == null) {
            throw new AssertionError("no loss was reported");
        }
        return l;
    }

    @Override
    public void close() {
        routers.forEach(DaemonRouter::close);
    }
}
