package org.pmix4j.server.fuzz;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.List;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.MessageHeader;
import org.pmix4j.wire.protocol.NativeCredential;
import org.pmix4j.wire.protocol.PeerType;

/**
 * A hostile peer's end of one socket to the server under test: it sends whatever bytes it is given and
 * tells how the server reacted, answered, closed, or neither within a bound ({@link Outcome#SILENT}).
 * Blocking java.net I/O; one thread per peer.
 */
final class RawPeer implements AutoCloseable {
    /** How the server reacted to what was sent. */
    enum Outcome {
        /** It sent bytes back (the awaited reply, for {@link #awaitReply}). */
        ANSWERED,
        /** It closed or reset the connection. */
        CLOSED,
        /** Neither within the bound. */
        SILENT
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private boolean closedByServer;

    private RawPeer(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    static RawPeer open(InetSocketAddress server) throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(server, 10_000);
        return new RawPeer(s);
    }

    /** Sends {@code bytes}; false when the server has already closed the connection. */
    boolean send(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return true;
        } catch (IOException e) {
            closedByServer = true;
            return false;
        }
    }

    /** Sends one framed message with this header (the length as given, whatever the payload's is). */
    boolean sendFrame(int pindex, int tag, long declaredLength, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(MessageHeader.SIZE + payload.length).order(ByteOrder.BIG_ENDIAN);
        b.putInt(pindex).putInt(tag).putInt((int) declaredLength).putInt(0).put(payload);
        return send(b.array());
    }

    boolean sendFrame(int tag, byte[] payload) {
        return sendFrame(0, tag, payload.length, payload);
    }

    /** Waits for the first byte of any answer, or the close. */
    Outcome awaitAnswerOrClose(Duration bound) {
        try {
            socket.setSoTimeout((int) bound.toMillis());
            int b = in.read();
            if (b < 0) {
                closedByServer = true;
                return Outcome.CLOSED;
            }
            return Outcome.ANSWERED;
        } catch (SocketTimeoutException e) {
            return Outcome.SILENT;
        } catch (IOException e) {
            closedByServer = true;
            return Outcome.CLOSED;
        }
    }

    /**
     * Reads framed messages (replies to earlier requests, events) until the one tagged {@code tag}, or the
     * close; SILENT when the reply does not come within {@code bound}.
     */
    Outcome awaitReply(int tag, Duration bound) {
        return awaitReply(tag, bound, (t, p) -> {
        });
    }

    /** As {@link #awaitReply(int, Duration)}, handing every message read on the way to {@code seen}. */
    Outcome awaitReply(int tag, Duration bound, java.util.function.BiConsumer<Integer, byte[]> seen) {
        long end = System.nanoTime() + bound.toNanos();
        try {
            while (true) {
                long left = (end - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return Outcome.SILENT;
                }
                socket.setSoTimeout((int) left);
                byte[] h = new byte[MessageHeader.SIZE];
                in.readFully(h);
                MessageHeader header = MessageHeader.read(ByteBuffer.wrap(h));
                if (header.length() > 64 << 20) {
                    throw new IllegalStateException("the server announced a reply of " + header.length() + " bytes");
                }
                byte[] payload = new byte[(int) header.length()];
                in.readFully(payload);
                seen.accept(header.tag(), payload);
                if (header.tag() == tag) {
                    return Outcome.ANSWERED;
                }
            }
        } catch (SocketTimeoutException e) {
            return Outcome.SILENT;
        } catch (EOFException e) {
            closedByServer = true;
            return Outcome.CLOSED;
        } catch (IOException e) {
            closedByServer = true;
            return Outcome.CLOSED;
        }
    }

    /** Whether the server has closed the connection by now (looks without waiting more than a moment). */
    boolean closedByServer() {
        if (closedByServer) {
            return true;
        }
        try {
            socket.setSoTimeout(1);
            while (true) {
                if (in.read() < 0) {
                    closedByServer = true;
                    return true;
                }
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            closedByServer = true;
            return true;
        }
    }

    /**
     * Introduces itself as the registered client {@code proc} with the buffer kind {@code kind}; true when the
     * server accepted it (status 0 and an index).
     */
    boolean handshakeAsClient(Proc proc, BufferKind kind, NativeCredential cred, Duration bound) {
        ConnectRequest req = new ConnectRequest(NativeCredential.MODULE, cred.encode(), PeerType.SIMPLE_CLIENT, -1,
                -1, proc.nspace(), proc.rank(), "4.2.2", "v41", kind.code(), "hash", List.of());
        if (!send(Handshakes.frame(req.encode()))) {
            return false;
        }
        return readStatus(bound) == 0 && skip(4, bound);
    }

    /** Introduces itself as a tool asking the server for a name; true when it was accepted. */
    boolean handshakeAsTool(BufferKind kind, NativeCredential cred, Duration bound) {
        ConnectRequest req = new ConnectRequest(NativeCredential.MODULE, cred.encode(), PeerType.TOOL_NEEDS_ID,
                cred.uid(), cred.gid(), null, 0, "4.2.2", "v41", kind.code(), "hash", List.of());
        if (!send(Handshakes.frame(req.encode()))) {
            return false;
        }
        // the assigned name, the server's name, the validation status
        return readStatus(bound) == 0 && skip(2 * (256 + 4) + 4, bound);
    }

    private int readStatus(Duration bound) {
        try {
            socket.setSoTimeout((int) bound.toMillis());
            return in.readInt();
        } catch (IOException e) {
            closedByServer = true;
            return -1;
        }
    }

    private boolean skip(int n, Duration bound) {
        try {
            socket.setSoTimeout((int) bound.toMillis());
            in.readFully(new byte[n]);
            return true;
        } catch (IOException e) {
            closedByServer = true;
            return false;
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // it is going away anyway
        }
    }
}
