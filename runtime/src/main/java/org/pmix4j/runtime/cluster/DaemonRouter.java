package org.pmix4j.runtime.cluster;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.pmix4j.api.internal.Log;

/**
 * Moves messages along the daemon tree: a frame for this daemon is decoded and handed to the
 * {@link Receiver}; one for another daemon goes, undecoded, to the next hop ({@link DaemonTree#nextHop});
 * one for every daemon is handled here and passed on every other link, which floods the tree once. A
 * message that cannot be decoded is logged and dropped: a peer's mistake never ends the daemon.
 */
final class DaemonRouter {
    private static final Log LOG = Log.of(DaemonRouter.class);

    /** Hears the messages for this daemon, on the thread of the link they came in on. */
    interface Receiver {
        void receive(int origin, DaemonMessage message);
    }

    /** Hears that a link is lost: the daemon at its other end, and why. */
    interface LossListener {
        void lost(int daemon, String peer, String why);
    }

    private final int self;
    private final DaemonTree tree;
    private final Receiver receiver;
    private final LossListener losses;
    private final Map<Integer, DaemonLink> links = new ConcurrentHashMap<>();

    DaemonRouter(int self, DaemonTree tree, Receiver receiver, LossListener losses) {
        this.self = self;
        this.tree = tree;
        this.receiver = receiver;
        this.losses = losses;
    }

    int self() {
        return self;
    }

    DaemonTree tree() {
        return tree;
    }

    /** A link to a neighbour in the tree (the parent or a child) is up: frames from it are routed from now. */
    void attach(int neighbour, DaemonLink link) {
        links.put(neighbour, link);
        link.start(f -> route(neighbour, f), (l, why) -> {
            links.remove(neighbour, l);
            losses.lost(neighbour, l.peer(), why);
        });
    }

    /** Sends {@code m} to daemon {@code destination} (this one: handled at once, on this thread). */
    void send(int destination, DaemonMessage m) {
        if (destination == self) {
            receiver.receive(self, m);
            return;
        }
        forward(new Frame(destination, self, m.kind(), m.body()), -2);
    }

    /** Sends {@code m} to every daemon, this one included (handled here first). */
    void toEvery(DaemonMessage m) {
        receiver.receive(self, m);
        forward(new Frame(Frame.EVERY_DAEMON, self, m.kind(), m.body()), -2);
    }

    private void route(int from, Frame f) {
        if (f.destination() == self || f.destination() == Frame.EVERY_DAEMON) {
            DaemonMessage m;
            try {
                m = DaemonMessage.read(f.kind(), f.body());
            } catch (RuntimeException e) {
                LOG.warn("dropped a daemon message of kind {} from daemon {}: {}", f.kind(), f.origin(), e.getMessage());
                return;
            }
            if (f.destination() == Frame.EVERY_DAEMON) {
                forward(f, from);
            }
            receiver.receive(f.origin(), m);
            return;
        }
        forward(f, from);
    }

    /** Passes a frame on: to the next hop, or for every daemon to each link but the one it came from. */
    private void forward(Frame f, int cameFrom) {
        if (f.destination() == Frame.EVERY_DAEMON) {
            links.forEach((neighbour, link) -> {
                if (neighbour != cameFrom) {
                    write(link, f);
                }
            });
            return;
        }
        int hop = tree.nextHop(self, f.destination());
        DaemonLink link = links.get(hop);
        if (link == null) {
            LOG.debug("no link towards daemon {} (via {}): dropped a message of kind {}", f.destination(), hop,
                    f.kind());
            return;
        }
        write(link, f);
    }

    private void write(DaemonLink link, Frame f) {
        try {
            link.send(f);
        } catch (IOException e) {
            // the link's reader notices the loss and reports it; the message is lost with the link
            LOG.debug("sending to {}: {}", link.peer(), e.toString());
        }
    }

    /** Closes every link (the daemon is ending). */
    void close() {
        links.values().forEach(DaemonLink::close);
        links.clear();
    }
}
