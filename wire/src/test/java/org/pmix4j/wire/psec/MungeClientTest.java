package org.pmix4j.wire.psec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.MungeDaemon;
import org.pmix4j.testkit.Run;

/** The Java munge client against a real munged (and against munge's own command-line tools). */
class MungeClientTest {
    @TempDir
    static Path tmp;

    private static MungeDaemon munged;
    private static MungeClient client;

    @BeforeAll
    static void startMunged() {
        munged = MungeDaemon.privateSocket();
        client = new MungeClient(munged.socket());
    }

    @AfterAll
    static void stopMunged() {
        if (munged != null) {
            munged.close();
        }
    }

    private static int[] ids() {
        var sys = new com.sun.security.auth.module.UnixSystem();
        return new int[] {(int) sys.getUid(), (int) sys.getGid()};
    }

    @Test
    void encodedTokenDecodesToOurIds() throws Exception {
        String token = client.encode();
        assertTrue(token.startsWith("MUNGE:") && token.endsWith(":"), token);
        MungeCredential c = client.decode(token);
        assertEquals(ids()[0], c.uid());
        assertEquals(ids()[1], c.gid());
        assertTrue(c.ttlSeconds() > 0, c.toString());
        assertFalse(c.decodedAt().isBefore(c.encodedAt()), c.toString());
    }

    @Test
    void aTokenIsGoodOnceAReplayIsRefused() throws Exception {
        String token = client.encode();
        client.decode(token);
        MungeException e = assertThrows(MungeException.class, () -> client.decode(token));
        assertEquals(MungeError.CREDENTIAL_REPLAYED, e.error());
        assertTrue(e.credentialRejected());
        assertTrue(e.getMessage().contains("Replayed credential") && e.getMessage().contains(munged.socket().toString()),
                e.getMessage());
    }

    @Test
    void garbageAndAlteredTokensAreRefused() throws Exception {
        MungeException garbage = assertThrows(MungeException.class, () -> client.decode("not a token"));
        assertTrue(garbage.credentialRejected(), garbage.getMessage());
        assertEquals(MungeError.BAD_CREDENTIAL, garbage.error());

        String token = client.encode();
        char[] t = token.toCharArray();
        int i = t.length / 2;
        t[i] = t[i] == 'A' ? 'B' : 'A';
        MungeException altered = assertThrows(MungeException.class, () -> client.decode(new String(t)));
        assertTrue(altered.credentialRejected(), altered.getMessage());
        assertNotEquals(MungeError.SUCCESS, altered.error());
    }

    @Test
    void aTokenOfAnotherKeyIsRefused() throws Exception {
        String foreign;
        try (MungeDaemon other = MungeDaemon.privateSocket()) {
            foreign = new MungeClient(other.socket()).encode();
        }
        MungeException e = assertThrows(MungeException.class, () -> client.decode(foreign));
        assertEquals(MungeError.CREDENTIAL_INVALID, e.error(), e.getMessage());
    }

    @Test
    void tokensInteroperateWithMungesOwnTools() throws Exception {
        Run.Result made = Run.command("munge", "-n", "-S", munged.socket().toString()).go();
        assertEquals(0, made.exitCode(), made.all());
        MungeCredential c = client.decode(made.stdout().strip());
        assertEquals(ids()[0], c.uid());

        String ours = client.encode();
        Run.Result read = Run.command("unmunge", "-S", munged.socket().toString())
                .stdin(ours.getBytes(StandardCharsets.US_ASCII)).go();
        assertEquals(0, read.exitCode(), read.all());
        assertTrue(read.stdout().contains("Success"), read.all());
    }

    @Test
    void noDaemonIsAClearError() {
        MungeClient nowhere = new MungeClient(tmp.resolve("no-such.socket"));
        MungeException e = assertThrows(MungeException.class, nowhere::encode);
        assertFalse(e.credentialRejected());
        assertTrue(e.getMessage().contains("no-such.socket") && e.getMessage().contains("munged"), e.getMessage());
        assertFalse(nowhere.reachable());
    }

    @Test
    void aSocketThatIsNotMungedsIsAClearError() throws Exception {
        Path path = tmp.resolve("impostor.socket");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            Thread answer = Thread.ofVirtual().start(() -> {
                try (SocketChannel c = server.accept()) {
                    c.read(ByteBuffer.allocate(64));
                    c.write(ByteBuffer.wrap("HTTP/1.0 400 nope\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
                } catch (IOException e) {
                    // the test reads the client's side
                }
            });
            MungeException e = assertThrows(MungeException.class, () -> new MungeClient(path).encode());
            assertTrue(e.getMessage().contains("magic") && e.getMessage().contains("impostor.socket"), e.getMessage());
            answer.join();
        }
    }

    @Test
    void anEncodeRefusalCarriesMungedsText() throws Exception {
        Path path = tmp.resolve("refusing.socket");
        byte[] text = "Out of memory\0".getBytes(StandardCharsets.US_ASCII);
        ByteBuffer body = ByteBuffer.allocate(2 + text.length + 4).put((byte) 5).put((byte) text.length).put(text)
                .putInt(0).flip();
        ByteBuffer reply = ByteBuffer.allocate(11 + body.remaining()).putInt(0x00606D4B).put((byte) 4).put((byte) 3)
                .put((byte) 0).putInt(body.remaining()).put(body).flip();
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            Thread answer = Thread.ofVirtual().start(() -> {
                try (SocketChannel c = server.accept()) {
                    c.read(ByteBuffer.allocate(64));
                    c.write(reply);
                } catch (IOException e) {
                    // the test reads the client's side
                }
            });
            MungeException e = assertThrows(MungeException.class, () -> new MungeClient(path).encode());
            assertEquals(MungeError.NO_MEMORY, e.error());
            assertFalse(e.credentialRejected());
            assertTrue(e.getMessage().contains("Out of memory (munge error 5)"), e.getMessage());
            answer.join();
        }
    }

    @Test
    void aSilentSocketTimesOut() throws Exception {
        Path path = tmp.resolve("silent.socket");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            MungeException e = assertThrows(MungeException.class, () -> new MungeClient(path).encode());
            assertTrue(e.getMessage().contains("no answer"), e.getMessage());
        }
    }
}
