package org.pmix4j.runtime.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * How a daemon joins its parent: it connects and says who it is with a nonce (Hello); the parent proves
 * it holds the runtime's secret over that nonce and sends one of its own (Challenge); the daemon checks
 * the proof and proves the secret in turn (Proof). Neither side says anything more to a peer that failed
 * its proof: a connection from another host without the secret gets nowhere.
 */
final class TreeJoin {
    private TreeJoin() {
    }

    /** The parent's side: the joining daemon's id, once proven; {@code expected} says which ids may join here. */
    static int accept(DaemonLink link, LinkSecret secret, IntPredicate expected) throws IOException {
        DaemonMessage first = read(link);
        if (!(first instanceof DaemonMessage.Hello hello)) {
            throw new IOException("expected a daemon's hello, got message kind " + first.kind());
        }
        if (!expected.test(hello.id())) {
            throw new IOException("daemon " + hello.id() + " is not one this daemon started");
        }
        byte[] nonce = LinkSecret.nonce();
        link.send(hello.id(), -1, new DaemonMessage.Challenge(secret.proof("parent", hello.id(), hello.nonce()), nonce));
        DaemonMessage answer = read(link);
        if (!(answer instanceof DaemonMessage.Proof proof) || !secret.verifies(proof.proof(), "child", hello.id(), nonce)) {
            throw new IOException("a peer claiming to be daemon " + hello.id() + " failed to prove the runtime's secret");
        }
        return hello.id();
    }

    /**
     * The joining daemon's side: connects to the first of {@code addresses} that answers and proves itself.
     *
     * @param addresses the parent's addresses ({@code host:port}), tried in order
     */
    static DaemonLink join(List<String> addresses, int id, LinkSecret secret, long silenceLimitMs) throws IOException {
        IOException last = null;
        for (String a : addresses) {
            int colon = a.lastIndexOf(':');
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(a.substring(0, colon), Integer.parseInt(a.substring(colon + 1))),
                        (int) Math.min(silenceLimitMs, 5000));
            } catch (IOException e) {
                s.close();
                last = new IOException("cannot reach the parent daemon at " + a + ": " + e.getMessage(), e);
                continue;
            }
            DaemonLink link = new DaemonLink(s, "parent at " + a, silenceLimitMs);
            try {
                byte[] nonce = LinkSecret.nonce();
                link.send(-1, id, new DaemonMessage.Hello(id, nonce));
                DaemonMessage m = read(link);
                if (!(m instanceof DaemonMessage.Challenge c) || !secret.verifies(c.proof(), "parent", id, nonce)) {
                    throw new IOException("the peer at " + a + " failed to prove the runtime's secret");
                }
                link.send(-1, id, new DaemonMessage.Proof(secret.proof("child", id, c.nonce())));
                return link;
            } catch (IOException | RuntimeException e) {
                link.close();
                last = e instanceof IOException io ? io : new IOException(e.getMessage(), e);
            }
        }
        throw last != null ? last : new IOException("no address to reach the parent daemon at");
    }

    private static DaemonMessage read(DaemonLink link) throws IOException {
        Frame f = link.readNow(Frame.MAX_HANDSHAKE_LENGTH);
        try {
            return DaemonMessage.read(f.kind(), f.body());
        } catch (RuntimeException e) {
            throw new IOException("a malformed message while joining: " + e.getMessage(), e);
        }
    }
}
