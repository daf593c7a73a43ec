package org.pmix4j.client.net;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.protocol.MessageHeader;
import org.pmix4j.wire.protocol.Tags;

/**
 * One established connection to a PMIx server, after the handshake: framed messages in both directions.
 *
 * <p>Its one I/O thread only reads: it completes the future of the request a reply's tag names, and hands
 * messages nobody asked for (events on tag 0, forwarded output on tag 2) to the {@link Listener}, which must
 * not block. Writes happen on the caller's thread under a lock, header and payload in one write, so a
 * request costs no thread switch on the way out.
 */
public final class ServerConnection implements AutoCloseable {
    /** Receives what the server sends unasked, and the end of the connection. Called on the I/O thread. */
    public interface Listener {
        void onMessage(ServerConnection connection, int tag, byte[] payload);

        /** The connection is gone; {@code requested} is true when {@link #close} ended it. */
        void onClosed(ServerConnection connection, boolean requested);
    }

    private final Socket socket;
    private final InputStream input;
    private final OutputStream output;
    private final ByteBuffer in = ByteBuffer.allocate(1 << 16);
    private final ServerUri uri;
    private final Proc server;
    private final BufferKind kind;
    private final int pindex;
    private final String serverVersion;
    private final Map<Integer, CompletableFuture<byte[]>> pending = new ConcurrentHashMap<>();
    private final Object writeLock = new Object();
    private int lastTag = Tags.DYNAMIC;
    private volatile boolean closed;
    private volatile boolean closeRequested;
    private volatile Listener listener;
    private Thread reader;

    /**
     * @param socket a connected socket without a read timeout, the handshake done; {@code leftover} holds
     *               bytes read past the handshake reply, if any
     */
    ServerConnection(Socket socket, ByteBuffer leftover, ServerUri uri, Proc server, BufferKind kind,
            int pindex, String serverVersion) throws IOException {
        this.socket = socket;
        this.input = socket.getInputStream();
        this.output = socket.getOutputStream();
        in.put(leftover).flip();
        this.uri = uri;
        this.server = server;
        this.kind = kind;
        this.pindex = pindex;
        this.serverVersion = serverVersion;
    }

    /** Starts the I/O thread; messages before this call wait in the socket. */
    public synchronized void start(Listener l) {
        if (reader != null) {
            throw new IllegalStateException("already started");
        }
        this.listener = l;
        reader = new Thread(this::readLoop, "pmix4j-io-" + server);
        reader.setDaemon(true);
        reader.start();
    }

    /** The server's process identifier. */
    public Proc server() {
        return server;
    }

    /** How the server was reached. */
    public ServerUri uri() {
        return uri;
    }

    /** The buffer kind both sides use on this connection. */
    public BufferKind kind() {
        return kind;
    }

    /** The server's library version as far as we know it (its environment or rendezvous file), or "". */
    public String serverVersion() {
        return serverVersion;
    }

    public boolean isOpen() {
        return !closed;
    }

    /**
     * Sends a request and returns the future of its reply payload. The future fails with
     * {@link PmixStatus#PMIX_ERR_LOST_CONNECTION} if the connection ends first, and at once with
     * {@link PmixStatus#PMIX_ERR_UNREACH} when it is already gone. It completes on the I/O thread.
     */
    public CompletableFuture<byte[]> request(byte[] payload) {
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        synchronized (writeLock) {
            if (closed) {
                f.completeExceptionally(unreachable());
                return f;
            }
            int tag = Tags.next(lastTag);
            lastTag = tag;
            pending.put(tag, f);
            try {
                write(frame(tag, payload));
            } catch (IOException e) {
                pending.remove(tag);
                f.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_LOST_CONNECTION,
                        "cannot send to server " + server + ": " + e.getMessage(), e));
                shutdown(false);
            }
        }
        return f;
    }

    /** Sends a message that gets no reply (DEREGEVENTS, IOF data, heartbeats) on {@code tag}. */
    public void send(int tag, byte[] payload) {
        synchronized (writeLock) {
            if (closed) {
                throw unreachable();
            }
            if (tag == -1) {
                tag = Tags.next(lastTag);
                lastTag = tag;
            }
            try {
                write(frame(tag, payload));
            } catch (IOException e) {
                shutdown(false);
                throw new PmixException(PmixStatus.PMIX_ERR_LOST_CONNECTION, "cannot send to server " + server + ": "
                        + e.getMessage(), e);
            }
        }
    }

    /** Sends a one-way request: it takes a request tag like any other, but nothing waits for an answer. */
    public void sendWithoutReply(byte[] payload) {
        send(-1, payload);
    }

    private ByteBuffer frame(int tag, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(MessageHeader.SIZE + payload.length);
        new MessageHeader(pindex, tag, payload.length).write(b);
        b.put(payload);
        return b.flip();
    }

    private void write(ByteBuffer b) throws IOException {
        output.write(b.array(), b.position(), b.remaining());
    }

    /** Fills {@code dst} completely from the stream (the read buffer first). */
    private void readFully(byte[] dst) throws IOException {
        int off = 0;
        while (off < dst.length) {
            if (!in.hasRemaining()) {
                int n = input.read(in.array(), 0, in.capacity());
                if (n < 0) {
                    throw new EOFException();
                }
                in.position(0).limit(n);
                continue;
            }
            int k = Math.min(in.remaining(), dst.length - off);
            in.get(dst, off, k);
            off += k;
        }
    }

    private PmixException unreachable() {
        return new PmixException(PmixStatus.PMIX_ERR_UNREACH, "the connection to server " + server + " (" + uri
                + ") is closed");
    }

    private void readLoop() {
        byte[] head = new byte[MessageHeader.SIZE];
        try {
            while (true) {
                readFully(head);
                MessageHeader h = MessageHeader.read(ByteBuffer.wrap(head));
                if (h.length() > Integer.MAX_VALUE - 8) {
                    throw new IOException("message of " + h.length() + " bytes is too large");
                }
                byte[] payload = new byte[(int) h.length()];
                readFully(payload);
                int tag = h.tag();
                if (Integer.compareUnsigned(tag, Tags.DYNAMIC) > 0) {
                    CompletableFuture<byte[]> f = pending.remove(tag);
                    if (f != null) {
                        if (payload.length == 0) {
                            // libpmix's way of saying the request died with the connection
                            f.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_UNREACH,
                                    "server " + server + " answered with an empty message"));
                        } else {
                            f.complete(payload);
                        }
                    }
                    continue;
                }
                Listener l = listener;
                if (l != null) {
                    l.onMessage(this, tag, payload);
                }
            }
        } catch (EOFException e) {
            // the server closed the connection
        } catch (IOException e) {
            // reset, or closed by us
        } catch (RuntimeException e) {
            // a malformed header: the stream cannot be trusted any more
        }
        shutdown(closeRequested);
    }

    private void shutdown(boolean requested) {
        List<CompletableFuture<byte[]>> failed;
        synchronized (writeLock) {
            if (closed) {
                return;
            }
            closed = true;
            failed = new ArrayList<>(pending.values());
            pending.clear();
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing more to do with it
        }
        PmixException lost = new PmixException(PmixStatus.PMIX_ERR_LOST_CONNECTION, "lost the connection to server "
                + server + " (" + uri + ")");
        for (CompletableFuture<byte[]> f : failed) {
            f.completeExceptionally(lost);
        }
        Listener l = listener;
        if (l != null) {
            l.onClosed(this, requested);
        }
    }

    /** Closes the connection; pending requests fail with {@link PmixStatus#PMIX_ERR_LOST_CONNECTION}. */
    @Override
    public void close() {
        closeRequested = true;
        shutdown(true);
    }

    @Override
    public String toString() {
        return "connection to " + server + " at " + uri;
    }
}
