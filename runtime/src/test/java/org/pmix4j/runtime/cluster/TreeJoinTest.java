package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Joining the tree over real sockets (loopback): the handshake of {@link TreeJoin} with {@link LinkSecret}
 * proofs both ways. A daemon with the runtime's secret joins; anything else that connects to a daemon's
 * port (it listens on every interface, so any host can) is refused without being told anything: a peer
 * without the secret, one replaying another's proof, one sending garbage or naming a daemon it is not, one
 * saying nothing. And a daemon joining what turns out not to be its parent refuses it.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class TreeJoinTest {
    private static final long SILENCE_MS = 500;

    private ServerSocket listener;
    private String address;

    @BeforeEach
    void listen() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        address = listener.getInetAddress().getHostAddress() + ":" + listener.getLocalPort();
    }

    @AfterEach
    void close() throws IOException {
        listener.close();
    }

    /** The parent's side of one connection: the joined id, or what refused it. */
    private CompletableFuture<Integer> parentAccepts(LinkSecret secret, int expectedId) {
        CompletableFuture<Integer> out = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (Socket s = listener.accept()) {
                DaemonLink link = new DaemonLink(s, "a daemon", SILENCE_MS);
                out.complete(TreeJoin.accept(link, secret, id -> id == expectedId));
            } catch (Throwable e) {
                out.completeExceptionally(e);
            }
        });
        return out;
    }

    private static IOException refusal(CompletableFuture<?> f) throws InterruptedException {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(15, TimeUnit.SECONDS));
        return assertInstanceOf(IOException.class, e.getCause());
    }

    @Test
    void aDaemonWithTheSecretJoins() throws Exception {
        LinkSecret secret = LinkSecret.generate();
        CompletableFuture<Integer> parent = parentAccepts(secret, 3);
        try (DaemonLink link = TreeJoin.join(List.of(address), 3, secret, SILENCE_MS)) {
            assertEquals(3, parent.get(15, TimeUnit.SECONDS));
            assertFalse(link.closed());
        }
    }

    @Test
    void theSecretTravelsAsOneLineOfHex() {
        LinkSecret secret = LinkSecret.generate();
        String line = secret.encode();
        assertTrue(line.matches("[0-9a-f]{64}"), line);
        LinkSecret back = LinkSecret.decode(line + "\n");
        byte[] nonce = LinkSecret.nonce();
        assertTrue(back.verifies(secret.proof("child", 4, nonce), "child", 4, nonce));
        // a proof is bound to its role, id and nonce
        assertFalse(back.verifies(secret.proof("parent", 4, nonce), "child", 4, nonce));
        assertFalse(back.verifies(secret.proof("child", 5, nonce), "child", 4, nonce));
        assertFalse(back.verifies(secret.proof("child", 4, LinkSecret.nonce()), "child", 4, nonce));
        assertFalse(LinkSecret.generate().verifies(secret.proof("child", 4, nonce), "child", 4, nonce));
        for (String bad : new String[] {"", "abc", line.toUpperCase(), line + "0", null}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LinkSecret.decode(bad));
            assertTrue(e.getMessage().contains("64 hex digits"), e.getMessage());
        }
    }

    /** A daemon started with another runtime's secret: each side finds the other's proof wrong. */
    @Test
    void aDaemonWithAWrongSecretIsRefusedOnBothSides() throws Exception {
        CompletableFuture<Integer> parent = parentAccepts(LinkSecret.generate(), 1);
        IOException child = assertThrows(IOException.class,
                () -> TreeJoin.join(List.of(address), 1, LinkSecret.generate(), SILENCE_MS));
        assertTrue(child.getMessage().contains("failed to prove the runtime's secret"), child.getMessage());
        assertTrue(child.getMessage().contains(address), child.getMessage());
        // the child hung up without a proof: the parent has no daemon
        refusal(parent);
    }

    /**
     * The criterion of issue 15: an unauthenticated connection from another host is refused. A stranger
     * connects to a daemon's port (daemons listen on every interface, so this is what another host can do),
     * says hello as the child the daemon waits for, and answers the challenge with a proof made without
     * the runtime's secret: the daemon refuses it, naming the failed proof, and it never joins.
     */
    @Test
    void anUnauthenticatedConnectionFromAnotherHostIsRefused() throws Exception {
        LinkSecret secret = LinkSecret.generate();
        CompletableFuture<Integer> parent = parentAccepts(secret, 2);
        LinkSecret guess = LinkSecret.generate();
        try (DaemonLink stranger = new DaemonLink(new Socket(listener.getInetAddress(), listener.getLocalPort()),
                "the parent", SILENCE_MS)) {
            stranger.send(-1, 2, new DaemonMessage.Hello(2, LinkSecret.nonce()));
            Frame f = stranger.readNow();
            DaemonMessage.Challenge c = assertInstanceOf(DaemonMessage.Challenge.class,
                    DaemonMessage.read(f.kind(), f.body()));
            stranger.send(-1, 2, new DaemonMessage.Proof(guess.proof("child", 2, c.nonce())));
            IOException e = refusal(parent);
            assertTrue(e.getMessage().contains("failed to prove the runtime's secret"), e.getMessage());
            assertTrue(e.getMessage().contains("daemon 2"), e.getMessage());
        }
    }

    /**
     * A stranger that watched a daemon join and replays its proof: the daemon's nonce is new on every
     * connection, so the old proof proves nothing.
     */
    @Test
    void aReplayedProofIsRefused() throws Exception {
        LinkSecret secret = LinkSecret.generate();
        // the proof a real child gave in an earlier join, over that join's nonce
        byte[] seen = secret.proof("child", 2, LinkSecret.nonce());
        CompletableFuture<Integer> parent = parentAccepts(secret, 2);
        try (DaemonLink stranger = new DaemonLink(new Socket(listener.getInetAddress(), listener.getLocalPort()),
                "the parent", SILENCE_MS)) {
            stranger.send(-1, 2, new DaemonMessage.Hello(2, LinkSecret.nonce()));
            stranger.readNow();
            stranger.send(-1, 2, new DaemonMessage.Proof(seen));
            IOException e = refusal(parent);
            assertTrue(e.getMessage().contains("failed to prove"), e.getMessage());
        }
    }

    @Test
    void aPeerNamingADaemonNotStartedHereIsRefused() throws Exception {
        LinkSecret secret = LinkSecret.generate();
        CompletableFuture<Integer> parent = parentAccepts(secret, 1);
        IOException child = assertThrows(IOException.class,
                () -> TreeJoin.join(List.of(address), 7, secret, SILENCE_MS));
        IOException e = refusal(parent);
        assertTrue(e.getMessage().contains("daemon 7 is not one this daemon started"), e.getMessage());
        // the parent said nothing to it, not even its proof: it hung up
        assertInstanceOf(java.io.EOFException.class, child);
    }

    @Test
    void aPeerWhoseFirstMessageIsNotAHelloIsRefused() throws Exception {
        CompletableFuture<Integer> parent = parentAccepts(LinkSecret.generate(), 1);
        try (DaemonLink stranger = new DaemonLink(new Socket(listener.getInetAddress(), listener.getLocalPort()),
                "the parent", SILENCE_MS)) {
            stranger.send(-1, 1, new DaemonMessage.Proof(new byte[32]));
            IOException e = refusal(parent);
            assertTrue(e.getMessage().contains("expected a daemon's hello"), e.getMessage());
            assertTrue(e.getMessage().contains("kind " + DaemonMessage.Proof.KIND), e.getMessage());
        }
    }

    @Test
    void aPeerSendingAMalformedMessageIsRefused() throws Exception {
        CompletableFuture<Integer> parent = parentAccepts(LinkSecret.generate(), 1);
        try (Socket s = new Socket(listener.getInetAddress(), listener.getLocalPort())) {
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            new Frame(-1, 1, DaemonMessage.Hello.KIND, new byte[] {0x02, 0x7f, 0x01}).writeTo(out);
            out.flush();
            IOException e = refusal(parent);
            assertTrue(e.getMessage().contains("a malformed message while joining"), e.getMessage());
        }
    }

    @Test
    void aPeerSendingGarbageIsRefused() throws Exception {
        CompletableFuture<Integer> parent = parentAccepts(LinkSecret.generate(), 1);
        try (Socket s = new Socket(listener.getInetAddress(), listener.getLocalPort())) {
            OutputStream out = s.getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: daemon\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.flush();
            IOException e = refusal(parent);
            // "GET " read as a frame's length
            assertTrue(e.getMessage().contains("a daemon frame of " + 0x47455420 + " bytes"), e.getMessage());
        }
    }

    @Test
    void aPeerThatSaysNothingIsRefusedWithinTheSilenceLimit() throws Exception {
        CompletableFuture<Integer> parent = parentAccepts(LinkSecret.generate(), 1);
        try (Socket s = new Socket(listener.getInetAddress(), listener.getLocalPort())) {
            IOException e = refusal(parent);
            assertInstanceOf(SocketTimeoutException.class, e);
        }
    }

    /** The child's side: a "parent" that accepts the connection and never answers is given up on. */
    @Test
    void aParentThatSaysNothingIsGivenUpOn() throws Exception {
        CompletableFuture<Socket> silent = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                silent.complete(listener.accept());
            } catch (IOException e) {
                silent.completeExceptionally(e);
            }
        });
        IOException e = assertThrows(IOException.class,
                () -> TreeJoin.join(List.of(address), 1, LinkSecret.generate(), SILENCE_MS));
        assertInstanceOf(SocketTimeoutException.class, e);
        silent.get(5, TimeUnit.SECONDS).close();
    }

    /** The child's side: a parent that answers the hello with something else than a challenge. */
    @Test
    void aParentAnsweringWithoutAChallengeIsRefused() throws Exception {
        Thread.ofVirtual().start(() -> {
            try (Socket s = listener.accept(); DaemonLink link = new DaemonLink(s, "child", SILENCE_MS)) {
                link.readNow();
                link.send(1, -1, new DaemonMessage.Shutdown("go away"));
                InputStream in = s.getInputStream();
                while (in.read() >= 0) {
                    // until the child hangs up
                }
            } catch (IOException ignored) {
                // the child hung up
            }
        });
        IOException e = assertThrows(IOException.class,
                () -> TreeJoin.join(List.of(address), 1, LinkSecret.generate(), SILENCE_MS));
        assertTrue(e.getMessage().contains("failed to prove the runtime's secret"), e.getMessage());
    }

    @Test
    void theNextAddressIsTriedWhenOneCannotBeReached() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        LinkSecret secret = LinkSecret.generate();
        CompletableFuture<Integer> parent = parentAccepts(secret, 1);
        try (DaemonLink link = TreeJoin.join(List.of("127.0.0.1:" + closedPort, address), 1, secret, SILENCE_MS)) {
            assertEquals(1, parent.get(15, TimeUnit.SECONDS));
        }
        IOException e = assertThrows(IOException.class,
                () -> TreeJoin.join(List.of("127.0.0.1:" + closedPort), 1, secret, SILENCE_MS));
        assertTrue(e.getMessage().contains("cannot reach the parent daemon at 127.0.0.1:" + closedPort),
                e.getMessage());
        e = assertThrows(IOException.class, () -> TreeJoin.join(List.of(), 1, secret, SILENCE_MS));
        assertTrue(e.getMessage().contains("no address"), e.getMessage());
    }
}
