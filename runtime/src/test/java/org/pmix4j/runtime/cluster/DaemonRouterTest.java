package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Routing along a tree of three daemons wired over loopback TCP in a chain (radix 1: 0 → 1 → 2), so that
 * every message between 0 and 2 is relayed by 1 undecoded, and one for every daemon floods the tree once.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DaemonRouterTest {
    private static final long SILENCE_MS = 10_000;

    @Test
    void messagesTravelBothWaysThroughTheRelay() throws Exception {
        try (LoopbackTree t = new LoopbackTree(3, 1, SILENCE_MS)) {
            t.routers.get(2).send(0, new DaemonMessage.ProcStarted("job", 5, 4242));
            LoopbackTree.Received up = t.next(0);
            assertEquals(2, up.origin());
            assertEquals(new DaemonMessage.ProcStarted("job", 5, 4242), up.message());

            t.routers.get(0).send(2, new DaemonMessage.Signal("job", List.of(1, 2), "TERM", false));
            LoopbackTree.Received down = t.next(2);
            assertEquals(0, down.origin());
            assertEquals(new DaemonMessage.Signal("job", List.of(1, 2), "TERM", false), down.message());

            t.routers.get(1).send(1, new DaemonMessage.JobEnded("self"));
            assertEquals(new LoopbackTree.Received(1, new DaemonMessage.JobEnded("self")), t.next(1),
                    "a message to oneself is handled at once");
            // the relay saw none of the messages between 0 and 2
            assertEquals(0, t.inboxes.get(0).size() + t.inboxes.get(1).size() + t.inboxes.get(2).size());
        }
    }

    @Test
    void aMessageForEveryDaemonReachesEachExactlyOnce() throws Exception {
        try (LoopbackTree t = new LoopbackTree(3, 1, SILENCE_MS)) {
            List<Map<String, Integer>> seen = new ArrayList<>();
            for (int d = 0; d < 3; d++) {
                seen.add(new HashMap<>());
            }
            for (int from = 0; from < 3; from++) {
                t.routers.get(from).toEvery(new DaemonMessage.Shutdown("from " + from));
            }
            for (int d = 0; d < 3; d++) {
                receive(t, d, 3, seen.get(d));
            }
            // every daemon has handled the first round, and a router passes a message on before it handles
            // it: any copy it sent back is on its way, ahead of the second round on the same link
            for (int from = 0; from < 3; from++) {
                t.routers.get(from).toEvery(new DaemonMessage.Shutdown("after " + from));
            }
            for (int d = 0; d < 3; d++) {
                Map<String, Integer> s = seen.get(d);
                while (!(s.containsKey("after 0") && s.containsKey("after 1") && s.containsKey("after 2"))) {
                    receive(t, d, 1, s);
                }
                Map<String, Integer> once = new HashMap<>();
                for (int from = 0; from < 3; from++) {
                    once.put("from " + from, 1);
                    once.put("after " + from, 1);
                }
                assertEquals(once, s, "what daemon " + d + " received");
            }
        }
    }

    private static void receive(LoopbackTree t, int daemon, int messages, Map<String, Integer> seen)
            throws InterruptedException {
        for (int i = 0; i < messages; i++) {
            LoopbackTree.Received r = t.next(daemon);
            String why = assertInstanceOf(DaemonMessage.Shutdown.class, r.message()).why();
            assertTrue(why.endsWith(" " + r.origin()), "the origin of " + why + ": " + r.origin());
            seen.merge(why, 1, Integer::sum);
        }
    }

    @Test
    void aLostLinkIsReportedWithWhoAndWhy() throws Exception {
        try (LoopbackTree t = new LoopbackTree(3, 1, SILENCE_MS)) {
            // daemon 2 ends: daemon 1 (its parent) hears the connection close
            t.routers.get(2).close();
            LoopbackTree.Loss loss = t.nextLoss();
            assertEquals(1, loss.at());
            assertEquals(2, loss.daemon());
            assertEquals("daemon 2", loss.peer());
            // "its connection closed" (or "failed (Connection reset)" when a heartbeat was still unread there)
            assertTrue(loss.why().startsWith("its connection"), loss.why());
            // a message towards the lost daemon is dropped, the rest still travels
            t.routers.get(0).send(2, new DaemonMessage.JobEnded("lost"));
            t.routers.get(0).send(1, new DaemonMessage.JobEnded("kept"));
            assertEquals(new DaemonMessage.JobEnded("kept"), t.next(1).message());
            assertEquals(0, t.inboxes.get(2).size());
            // and daemon 0 loses daemon 1: both ends report, each naming the other
            t.routers.get(1).close();
            LoopbackTree.Loss atZero = t.nextLoss();
            assertEquals(new LoopbackTree.Loss(0, 1, "daemon 1", atZero.why()), atZero);
            assertTrue(t.losses.isEmpty(), "a router closed on purpose reports nothing: " + t.losses);
        }
    }

    /** A neighbour whose node hangs (connection open, nothing said, not even heartbeats) is lost in time. */
    @Test
    void aSilentNeighbourIsLost() throws Exception {
        List<LoopbackTree.Loss> losses = new ArrayList<>();
        DaemonRouter router = new DaemonRouter(0, new DaemonTree(2, 1), (o, m) -> { },
                (daemon, peer, why) -> {
                    synchronized (losses) {
                        losses.add(new LoopbackTree.Loss(0, daemon, peer, why));
                        losses.notifyAll();
                    }
                });
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket hung = new Socket(listener.getInetAddress(), listener.getLocalPort())) {
            router.attach(1, new DaemonLink(listener.accept(), "daemon 1 on h1", 500));
            synchronized (losses) {
                while (losses.isEmpty()) {
                    losses.wait();
                }
            }
            LoopbackTree.Loss loss = losses.get(0);
            assertEquals(1, loss.daemon());
            assertEquals("daemon 1 on h1", loss.peer());
            assertEquals("not heard from for 0.5 s", loss.why());
        } finally {
            router.close();
        }
    }

    /** A frame that does not decode is dropped (and not passed on); the link and later frames go on. */
    @Test
    void anUndecodableMessageIsDroppedAndTheLinkLives() throws Exception {
        try (LoopbackTree t = new LoopbackTree(3, 1, SILENCE_MS);
                ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            // a neighbour of daemon 2 that we speak for by hand, as daemon 3
            Socket raw = new Socket(listener.getInetAddress(), listener.getLocalPort());
            t.routers.get(2).attach(3, new DaemonLink(listener.accept(), "daemon 3", SILENCE_MS));
            try (DaemonLink three = new DaemonLink(raw, "daemon 2", SILENCE_MS)) {
                three.send(new Frame(2, 3, 99, new byte[] {1, 2, 3}));
                three.send(new Frame(2, 3, DaemonMessage.Signal.KIND, new byte[] {0x02, 0x7f}));
                three.send(new Frame(Frame.EVERY_DAEMON, 3, DaemonMessage.JobEnded.KIND, new byte[] {0x05}));
                three.send(2, 3, new DaemonMessage.JobEnded("fine"));
                three.send(Frame.EVERY_DAEMON, 3, new DaemonMessage.JobEnded("everyone"));
                assertEquals(new LoopbackTree.Received(3, new DaemonMessage.JobEnded("fine")), t.next(2));
                assertEquals(new LoopbackTree.Received(3, new DaemonMessage.JobEnded("everyone")), t.next(2));
                // the malformed frame for every daemon went no further than daemon 2
                assertEquals(new LoopbackTree.Received(3, new DaemonMessage.JobEnded("everyone")), t.next(0));
                assertEquals(new LoopbackTree.Received(3, new DaemonMessage.JobEnded("everyone")), t.next(1));
                assertTrue(t.losses.isEmpty(), t.losses.toString());
            }
        }
    }

    @Test
    void aMessageWithNoLinkOnItsWayIsDropped() throws Exception {
        DaemonRouter alone = new DaemonRouter(0, new DaemonTree(3, 2), (o, m) -> {
            if (!(m instanceof DaemonMessage.Heartbeat)) {
                throw new AssertionError("received " + m);
            }
        }, (d, p, w) -> {
            throw new AssertionError("lost " + d);
        });
        // no link towards daemon 2: logged and dropped, nothing thrown, nothing received or lost
        alone.send(2, new DaemonMessage.JobEnded("nowhere"));
        alone.toEvery(new DaemonMessage.Heartbeat());
        alone.close();
    }
}
