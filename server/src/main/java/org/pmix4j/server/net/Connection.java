package org.pmix4j.server.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.pmix4j.api.internal.Log;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.MessageHeader;

/**
 * One socket on the event loop: reassembles the connect request and then framed messages from whatever
 * the kernel hands us, and queues outgoing bytes without ever blocking the loop. Memory for a message
 * grows with the bytes that actually arrive, so a header that announces gigabytes costs nothing until
 * they come.
 */
public final class Connection implements EventLoop.ChannelHandler {
    private static final Log LOG = Log.of(Connection.class);
    private static final int READ_CHUNK = 64 * 1024;
    /**
     * Above this many bytes queued for the peer, its connection is not read until it has taken some: a peer
     * that writes requests and never reads the replies (one can be a hundred times its request) would
     * otherwise have the server queue replies until its heap is gone.
     */
    static final long PAUSE_READING_ABOVE = 1L << 20;
    /** Buffers handed to one gathering write: more than a socket takes at once, and no copy of a long queue. */
    private static final int GATHER = 64;

    /** Where complete units of input go; called on the loop. */
    public interface Listener {
        /** The body of the connect request (the first message). */
        void onConnect(Connection c, byte[] body);

        void onMessage(Connection c, MessageHeader header, byte[] payload);

        /** The socket closed or failed; called once. */
        void onClosed(Connection c, String why);
    }

    private final SocketChannel channel;
    private final InetSocketAddress peerAddress;
    private final InetSocketAddress localAddress;
    private final String remote;
    // the loop's one direct read buffer (the kernel reads into it without the JDK's extra copy through a
    // temporary one), shared by every connection of the loop: 64 KiB of direct memory per connection, freed
    // only by a GC that a tiny live heap never triggers, added up to tens of MB with connections coming and
    // going. What a read leaves unparsed is at most a partial header, kept here between reads.
    private final ByteBuffer shared;
    private byte[] carry = new byte[MessageHeader.SIZE];
    private int carried;
    private final ArrayDeque<ByteBuffer> out = new ArrayDeque<>();
    private SelectionKey key;
    private Listener listener;
    private boolean handshakeDone;
    private MessageHeader header;
    private byte[] payload;
    private int filled;
    private int expected;
    private boolean closed;
    private Object attachment;
    /** Bytes queued for the peer that the socket has not taken yet. */
    private long unsent;
    private long received;
    /** Told once at most so many bytes wait to be sent, or when the connection closes ({@link #whenUnsentAtMost}). */
    private record DrainWaiter(long bytes, Runnable then) {
    }

    private final List<DrainWaiter> drainWaiters = new ArrayList<>(0);

    Connection(SocketChannel channel, Listener listener, ByteBuffer sharedReadBuffer) throws IOException {
        this.channel = channel;
        this.shared = sharedReadBuffer;
        this.listener = listener;
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        this.peerAddress = (InetSocketAddress) channel.getRemoteAddress();
        this.localAddress = (InetSocketAddress) channel.getLocalAddress();
        this.remote = peerAddress == null ? "?" : peerAddress.getAddress().getHostAddress() + ":" + peerAddress.getPort();
    }

    /** The peer's end of the socket (null if it was gone by the time it was accepted). */
    public InetSocketAddress peerAddress() {
        return peerAddress;
    }

    /** This server's end of the socket. */
    public InetSocketAddress localAddress() {
        return localAddress;
    }

    /** Whether the connect request is complete (the handshake timeout no longer applies). */
    public boolean handshakeReceived() {
        return handshakeDone;
    }

    void attach(SelectionKey k) {
        this.key = k;
    }

    /** Whatever the owner wants to keep with this connection (the peer it became). */
    public Object attachment() {
        return attachment;
    }

    public void attachment(Object a) {
        this.attachment = a;
    }

    public String remote() {
        return remote;
    }

    /**
     * The peer's host address without its port ({@link #remote} when the peer was gone before it was
     * accepted): what warnings about a peer are counted by, so one host's repeats are one source.
     */
    public String remoteHost() {
        return peerAddress == null ? remote : peerAddress.getAddress().getHostAddress();
    }

    public boolean isClosed() {
        return closed;
    }

    @Override
    public void ready(SelectionKey k) throws IOException {
        if (k.isValid() && k.isWritable()) {
            flush();
        }
        if (k.isValid() && k.isReadable()) {
            read();
        }
    }

    /**
     * Reads what the kernel holds for this socket now, outside the loop's readiness turn (the handshake
     * timer's last look before it gives up on the peer). Called on the loop.
     */
    void readWaiting() throws IOException {
        if (!closed) {
            read();
        }
    }

    /** Bytes read from the peer so far. */
    long bytesReceived() {
        return received;
    }

    private void read() throws IOException {
        ByteBuffer in = shared.clear();
        in.put(carry, 0, carried);
        carried = 0;
        int n;
        try {
            n = channel.read(in);
        } catch (IOException e) {
            close("read failed: " + e.getMessage());
            return;
        }
        if (n < 0) {
            close("peer closed the connection");
            return;
        }
        received += n;
        in.flip();
        while (!closed && in.hasRemaining()) {
            if (!step(in)) {
                break;
            }
        }
        if (!closed && in.hasRemaining()) {
            // a header not yet complete: every other byte has been copied into its message
            if (in.remaining() > carry.length) {
                carry = new byte[in.remaining()];
            }
            carried = in.remaining();
            in.get(carry, 0, carried);
        }
    }

    /** Consumes what it can of {@code in}; false when more bytes are needed. */
    private boolean step(ByteBuffer in) {
        if (header == null && payload == null) {
            if (in.remaining() < MessageHeader.SIZE) {
                return false;
            }
            long len;
            if (!handshakeDone) {
                len = MessageHeader.connectLength(in);
                in.position(in.position() + MessageHeader.SIZE);
                if (len > ConnectRequest.MAX_BODY) {
                    close("connect request of " + len + " bytes exceeds " + ConnectRequest.MAX_BODY);
                    return false;
                }
            } else {
                header = MessageHeader.read(in);
                len = header.length();
                if (len > Integer.MAX_VALUE - 16) {
                    close("message of " + len + " bytes is larger than any message pmix4j accepts");
                    return false;
                }
            }
            payload = new byte[(int) Math.min(len, READ_CHUNK)];
            expected = (int) len;
            filled = 0;
        }
        int take = Math.min(in.remaining(), expected - filled);
        if (filled + take > payload.length) {
            payload = Arrays.copyOf(payload, (int) Math.min(expected, Math.max(payload.length * 2L, filled + take)));
        }
        in.get(payload, filled, take);
        filled += take;
        if (filled < expected) {
            return false;
        }
        byte[] body = payload;
        MessageHeader h = header;
        header = null;
        payload = null;
        if (!handshakeDone) {
            handshakeDone = true;
            listener.onConnect(this, body);
        } else {
            listener.onMessage(this, h, body);
        }
        return true;
    }

    /** Queues bytes for sending; sends at once what the socket takes. Loop thread only. */
    public void send(byte[]... parts) {
        if (closed) {
            return;
        }
        for (byte[] p : parts) {
            out.add(ByteBuffer.wrap(p));
            unsent += p.length;
        }
        try {
            flush();
        } catch (IOException e) {
            close("write failed: " + e.getMessage());
        }
    }

    /** Sends a framed message: header then payload. */
    public void send(int pindex, int tag, byte[] payload) {
        send(new MessageHeader(pindex, tag, payload.length).toBytes(), payload);
    }

    /** Writes what is queued with one gathering write (a header and its payload in one system call). */
    private void flush() throws IOException {
        while (!out.isEmpty()) {
            ByteBuffer[] pending = out.stream().limit(GATHER).toArray(ByteBuffer[]::new);
            unsent -= channel.write(pending);
            while (!out.isEmpty() && !out.peek().hasRemaining()) {
                out.poll();
            }
            if (pending[pending.length - 1].hasRemaining()) {
                // the socket is full: write when it has room, and read no more while too much waits
                int ops = SelectionKey.OP_WRITE | (unsent > PAUSE_READING_ABOVE ? 0 : SelectionKey.OP_READ);
                if (key.interestOps() != ops) {
                    key.interestOps(ops);
                }
                drained(false);
                return;
            }
        }
        if (key.isValid() && key.interestOps() != SelectionKey.OP_READ) {
            key.interestOps(SelectionKey.OP_READ);
        }
        drained(false);
    }

    /** Bytes queued for the peer and not yet taken by the socket. Loop thread only. */
    public long unsentBytes() {
        return unsent;
    }

    /**
     * Runs {@code then} on the loop once at most {@code bytes} wait to be sent (at once when that is so
     * already), or when the connection closes: how a sender that holds back (the output forwarded to a tool
     * that reads slowly) learns the peer has caught up. Loop thread only.
     */
    public void whenUnsentAtMost(long bytes, Runnable then) {
        if (closed || unsent <= bytes) {
            then.run();
        } else {
            drainWaiters.add(new DrainWaiter(bytes, then));
        }
    }

    /** Runs the waiters whose mark the queue is down to now (all of them when {@code all}). */
    private void drained(boolean all) {
        if (drainWaiters.isEmpty()) {
            return;
        }
        List<DrainWaiter> due = new ArrayList<>();
        drainWaiters.removeIf(w -> (all || unsent <= w.bytes()) && due.add(w));
        for (DrainWaiter w : due) {
            w.then().run();
        }
    }

    /** Bytes queued but not yet taken by the socket. */
    public long pendingBytes() {
        long n = 0;
        for (ByteBuffer b : out) {
            n += b.remaining();
        }
        return n;
    }

    /** Sends what is queued (best effort, briefly blocking), then closes. */
    public void closeAfterFlush(String why) {
        if (!out.isEmpty() && !closed) {
            try {
                channel.configureBlocking(false);
                for (int i = 0; i < 100 && !out.isEmpty(); i++) {
                    ByteBuffer b = out.peek();
                    channel.write(b);
                    if (!b.hasRemaining()) {
                        out.poll();
                    } else {
                        Thread.onSpinWait();
                    }
                }
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        close(why);
    }

    public void close(String why) {
        if (closed) {
            return;
        }
        closed = true;
        LOG.debug("connection {} closed: {}", remote, why);
        if (key != null) {
            key.cancel();
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to do
        }
        out.clear();
        unsent = 0;
        drained(true);
        listener.onClosed(this, why);
    }
}
