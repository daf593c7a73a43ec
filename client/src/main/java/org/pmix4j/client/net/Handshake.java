package org.pmix4j.client.net;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.protocol.ConnectReply;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.MessageHeader;

/**
 * Opens a connection and introduces this process to the server (the protocol's connect request, then
 * the server's raw answer): 8 bytes for a client (status, index), and for a tool its status, the identity
 * the server gave it when it asked for one, the server's identity and the credential check's status. A
 * server that refuses a client simply closes the socket, which is reported as such.
 *
 * <p>The socket stays in blocking mode for its whole life (a blocking read is one system call, where a
 * socket with a read timeout, or connected with one, polls first); the time limit of connecting and of the
 * answer is kept by a watchdog that closes the socket when it expires. A {@link Socket} rather than a
 * SocketChannel: opening the first channel of a JVM looks its selector provider up as a service, which opens
 * and indexes every jar on the class path (~10 ms of a fresh client's PMIx_Init).
 */
public final class Handshake {
    /** Default for connecting and for waiting for the answer. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    /**
     * What the handshake established.
     *
     * @param connection the connection, not yet started
     * @param assigned   the identity the server gave a tool that asked for one, else {@code null}
     */
    public record Result(ServerConnection connection, Proc assigned) {
    }

    private Handshake() {
    }

    /**
     * Connects to {@code uri} and sends {@code request}.
     *
     * @throws PmixException {@link PmixStatus#PMIX_ERR_UNREACH} when nothing listens there or the server closes
     *                       the connection without answering, PMIX_ERR_TIMEOUT when it does not answer in
     *                       time; the server's status when it refuses
     */
    public static Result connect(ServerUri uri, ConnectRequest request, Duration timeout, String serverVersion) {
        long ms = Math.max(1, timeout.toMillis());
        // no proxy, as a SocketChannel had none: the server is local, and looking for a SOCKS proxy reads the
        // JDK's net.properties
        Socket socket = new Socket(Proxy.NO_PROXY);
        AtomicBoolean expired = new AtomicBoolean();
        // a platform thread: the first virtual thread of a JVM costs more than the handshake itself
        Thread watchdog = Thread.ofPlatform().daemon().name("pmix4j-handshake-timer").unstarted(() -> {
            try {
                Thread.sleep(ms);
                expired.set(true);
                socket.close();
            } catch (InterruptedException | IOException e) {
                // done in time
            }
        });
        // the request is made before the connection: the server gives a connection a few seconds to send
        // it, and encoding in a cold JVM on a loaded machine is the slowest step between connect and write
        byte[] body = request.encode();
        ByteBuffer msg = ByteBuffer.allocate(MessageHeader.SIZE + body.length);
        msg.put(MessageHeader.connectHeader(body.length)).put(body).flip();
        watchdog.start();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(uri.address());
            socket.getOutputStream().write(msg.array(), 0, msg.limit());
            InputStream input = socket.getInputStream();
            ByteBuffer in = ByteBuffer.allocate(4096).order(ByteOrder.BIG_ENDIAN);
            in.flip();
            Proc server = uri.server();
            Proc assigned = null;
            int status = need(input, in, 4).getInt();
            if (status != PmixStatus.PMIX_SUCCESS) {
                throw new PmixException(status, "server " + uri + " refused the connection");
            }
            int index = 0;
            if (request.type().isClient()) {
                index = need(input, in, 4).getInt();
            } else {
                if (request.type().needsId()) {
                    assigned = ConnectReply.readProc(need(input, in, ConnectReply.NSPACE_FIELD + 4));
                }
                server = ConnectReply.readProc(need(input, in, ConnectReply.NSPACE_FIELD + 4));
                int validation = need(input, in, 4).getInt();
                if (validation != PmixStatus.PMIX_SUCCESS) {
                    throw new PmixException(validation, "server " + uri + " did not accept our credential");
                }
            }
            watchdog.interrupt();
            if (expired.get()) {
                throw new SocketException("closed by the watchdog");
            }
            ServerConnection c = new ServerConnection(socket, in, uri, server, request.kind(), index, serverVersion);
            return new Result(c, assigned);
        } catch (PmixException e) {
            closeQuietly(socket, watchdog);
            throw e;
        } catch (EOFException e) {
            closeQuietly(socket, watchdog);
            // the protocol has no refusal message: a server that refuses, and one whose time limit for the
            // request ran out (it was sent, but late), both just close; its log says which
            throw new PmixException(PmixStatus.PMIX_ERR_UNREACH, "server " + uri + " closed the connection during the"
                    + " handshake: it refused " + (request.type().isClient() ? "this client (unknown namespace or rank,"
                    + " or a credential that does not match)" : "this " + request.type())
                    + ", or did not receive its connect request in time (the server's log says which)");
        } catch (ConnectException e) {
            closeQuietly(socket, watchdog);
            throw new PmixException(PmixStatus.PMIX_ERR_UNREACH, "nothing accepts connections at " + uri + ": "
                    + e.getMessage(), e);
        } catch (IOException e) {
            closeQuietly(socket, watchdog);
            if (expired.get()) {
                throw new PmixException(PmixStatus.PMIX_ERR_TIMEOUT, "server " + uri + " did not complete the"
                        + " handshake within " + ms + " ms", e);
            }
            throw new PmixException(PmixStatus.PMIX_ERR_UNREACH, "cannot connect to server " + uri + ": " + e, e);
        }
    }

    /** The buffer, positioned at {@code n} unread bytes (reading more from the socket as needed). */
    private static ByteBuffer need(InputStream input, ByteBuffer in, int n) throws IOException {
        while (in.remaining() < n) {
            in.compact();
            int r = input.read(in.array(), in.position(), in.remaining());
            if (r > 0) {
                in.position(in.position() + r);
            }
            in.flip();
            if (r < 0) {
                throw new EOFException();
            }
        }
        return in;
    }

    private static void closeQuietly(Socket socket, Thread watchdog) {
        watchdog.interrupt();
        try {
            socket.close();
        } catch (IOException ignored) {
            // already failing
        }
    }
}
