package org.pmix4j.runtime.cluster;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.pmix4j.api.internal.Log;

/**
 * One TCP connection between a daemon and its parent or child in the tree. Frames are written whole under
 * a lock (several threads send), read by one thread of the link's own. A link that stays quiet sends a
 * {@link DaemonMessage.Heartbeat} every {@link #HEARTBEAT_MS}; one that hears nothing for
 * {@link #silenceLimitMs} is lost, as is one whose connection breaks: a node that hangs or drops off the
 * network is noticed in bounded time, not only one whose daemon dies.
 */
final class DaemonLink implements AutoCloseable {
    private static final Log LOG = Log.of(DaemonLink.class);
    static final long HEARTBEAT_MS = 1000;

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final String peer;
    private final long silenceLimitMs;
    private volatile long lastSent = System.nanoTime();
    private volatile boolean closed;

    /**
     * @param peer           how the other end is named in messages ("daemon 3 on h4")
     * @param silenceLimitMs how long the other end may stay silent before it is taken for lost
     */
    DaemonLink(Socket socket, String peer, long silenceLimitMs) throws IOException {
        this.socket = socket;
        this.peer = peer;
        this.silenceLimitMs = silenceLimitMs;
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 64 * 1024));
    }

    String peer() {
        return peer;
    }

    void send(Frame f) throws IOException {
        synchronized (out) {
            f.writeTo(out);
            out.flush();
        }
        lastSent = System.nanoTime();
    }

    /** Sends {@code m} from {@code origin} to {@code destination}. */
    void send(int destination, int origin, DaemonMessage m) throws IOException {
        send(new Frame(destination, origin, m.kind(), m.body()));
    }

    /** Reads one frame now (the join handshake, before {@link #start}), waiting at most the silence limit. */
    Frame readNow() throws IOException {
        return readNow(Frame.MAX_LENGTH);
    }

    /** {@link #readNow()} of a frame of at most {@code limit} bytes (a handshake's, before any proof). */
    Frame readNow(int limit) throws IOException {
        socket.setSoTimeout((int) silenceLimitMs);
        return Frame.readFrom(in, limit);
    }

    /**
     * Starts reading: each frame goes to {@code frames} on the link's thread, in order; when the link is lost
     * {@code lost} is told why, once (not when it was closed on purpose).
     */
    void start(Consumer<Frame> frames, BiConsumer<DaemonLink, String> lost) {
        Thread.ofPlatform().daemon().name("link-" + peer).start(() -> {
            String why;
            try {
                socket.setSoTimeout((int) silenceLimitMs);
                while (true) {
                    Frame f = Frame.readFrom(in);
                    if (f.kind() != DaemonMessage.Heartbeat.KIND) {
                        frames.accept(f);
                    }
                }
            } catch (SocketTimeoutException e) {
                why = "not heard from for " + silenceLimitMs / 1000.0 + " s";
            } catch (EOFException e) {
                why = "its connection closed";
            } catch (IOException | RuntimeException e) {
                why = "its connection failed (" + e.getMessage() + ")";
            }
            if (!closed) {
                close();
                lost.accept(this, why);
            }
        });
        Thread.ofVirtual().name("heartbeat-" + peer).start(this::beat);
    }

    private void beat() {
        Frame heartbeat = new Frame(Frame.EVERY_DAEMON, -1, DaemonMessage.Heartbeat.KIND, new byte[0]);
        while (!closed) {
            try {
                Thread.sleep(HEARTBEAT_MS / 2);
                if (System.nanoTime() - lastSent >= HEARTBEAT_MS * 1_000_000L) {
                    send(heartbeat);
                }
            } catch (InterruptedException e) {
                return;
            } catch (IOException e) {
                LOG.debug("heartbeat to {}: {}", peer, e.toString());
                return;
            }
        }
    }

    boolean closed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException e) {
            LOG.debug("closing the link to {}: {}", peer, e.toString());
        }
    }
}
