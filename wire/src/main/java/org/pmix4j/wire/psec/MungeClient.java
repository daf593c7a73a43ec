package org.pmix4j.wire.psec;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A client of munged, the MUNGE authentication daemon, over its Unix-domain socket: ENCODE gets a token
 * that vouches for this process's uid and gid; DECODE has munged check a token and say whose it is.
 * munged learns who asks from the socket itself (SO_PEERCRED), so nothing is claimed here.
 *
 * <p>One connection per request, as libmunge does, each bounded by {@link #TIMEOUT} so that a stuck
 * daemon cannot hold a caller (the server's event loop decodes handshake tokens) for ever.
 */
public final class MungeClient {
    /** Where munged listens unless told otherwise, and the only place libmunge (libpmix's peers) looks. */
    public static final Path DEFAULT_SOCKET = Path.of("/run/munge/munge.socket.2");
    /** Names another socket for pmix4j's clients and servers; libpmix peers cannot be told one. */
    public static final String SOCKET_VARIABLE = "PMIX4J_MUNGE_SOCKET";
    /** libmunge's own bound on one exchange. */
    public static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final Path socket;

    public MungeClient(Path socket) {
        this.socket = socket;
    }

    /** The socket {@code PMIX4J_MUNGE_SOCKET} names, else munged's default. */
    public static MungeClient fromEnvironment(Map<String, String> env) {
        String s = env.get(SOCKET_VARIABLE);
        return new MungeClient(s == null || s.isBlank() ? DEFAULT_SOCKET : Path.of(s));
    }

    public Path socket() {
        return socket;
    }

    /** A fresh token for this process's effective uid and gid (each may be decoded once). */
    public String encode() throws MungeException {
        ByteBuffer body = exchange(MungeMessages.encodeRequest(), MungeMessages.ENCODE_REPLY);
        MungeMessages.Encoded r;
        try {
            r = MungeMessages.readEncodeReply(body);
        } catch (MungeMessages.BadReply e) {
            throw new MungeException(socket, MungeError.INTERNAL, e.getMessage());
        }
        if (r.error() != MungeError.SUCCESS) {
            throw new MungeException(socket, r.error(), "encode failed: " + text(r.error(), r.errorText()));
        }
        return r.token();
    }

    /**
     * Whose {@code token} is, as munged vouches; fails with munged's verdict (invalid, expired, replayed,
     * rewound ...; {@link MungeException#credentialRejected()}) or with why munged could not be asked.
     */
    public MungeCredential decode(String token) throws MungeException {
        ByteBuffer body = exchange(MungeMessages.decodeRequest(token), MungeMessages.DECODE_REPLY);
        MungeMessages.Decoded r;
        try {
            r = MungeMessages.readDecodeReply(body);
        } catch (MungeMessages.BadReply e) {
            throw new MungeException(socket, MungeError.INTERNAL, e.getMessage());
        }
        // munged fills in the uid and gid of some refused tokens (a replayed one's): never use them
        if (r.error() != MungeError.SUCCESS) {
            throw new MungeException(socket, r.error(), "credential refused: " + text(r.error(), r.errorText()));
        }
        return r.credential();
    }

    /** True when munged answers an ENCODE request here: what libpmix's munge module checks at start. */
    public boolean reachable() {
        try {
            encode();
            return true;
        } catch (MungeException e) {
            return false;
        }
    }

    private static String text(MungeError error, String text) {
        return (text.isEmpty() ? error.name() : text) + " (munge error " + error.code() + ")";
    }

    private ByteBuffer exchange(ByteBuffer request, int replyType) throws MungeException {
        if (!Files.exists(socket)) {
            throw new MungeException(socket, MungeError.SOCKET, "no such socket (is munged running?)");
        }
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                Selector selector = Selector.open()) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            ch.configureBlocking(false);
            SelectionKey key = ch.register(selector, SelectionKey.OP_WRITE);
            while (request.hasRemaining()) {
                await(selector, deadline, "sending the request");
                ch.write(request);
            }
            key.interestOps(SelectionKey.OP_READ);
            ByteBuffer header = ByteBuffer.allocate(MungeMessages.HEADER_SIZE);
            readFully(ch, selector, header, deadline);
            int length;
            try {
                length = MungeMessages.bodyLength(header.flip(), replyType);
            } catch (MungeMessages.BadReply e) {
                throw new MungeException(socket, MungeError.SOCKET, e.getMessage());
            }
            ByteBuffer body = ByteBuffer.allocate(length);
            readFully(ch, selector, body, deadline);
            return body.flip();
        } catch (IOException e) {
            throw new MungeException(socket, "cannot talk to munged: " + e.getMessage(), e);
        }
    }

    private void readFully(SocketChannel ch, Selector selector, ByteBuffer into, long deadline)
            throws IOException, MungeException {
        while (into.hasRemaining()) {
            await(selector, deadline, "waiting for the reply");
            if (ch.read(into) < 0) {
                throw new MungeException(socket, MungeError.SOCKET, "munged closed the connection after "
                        + into.position() + " of " + into.limit() + " bytes of its reply");
            }
        }
    }

    private void await(Selector selector, long deadline, String doing) throws IOException, MungeException {
        long left = deadline - System.nanoTime();
        if (left <= 0 || selector.select(Math.max(1, left / 1_000_000)) == 0 && System.nanoTime() >= deadline) {
            throw new MungeException(socket, MungeError.SOCKET, "no answer within " + TIMEOUT.toMillis() + " ms ("
                    + doing + ")");
        }
        selector.selectedKeys().clear();
    }
}
