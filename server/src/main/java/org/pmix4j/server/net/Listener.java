package org.pmix4j.server.net;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.security.RateLimitedLog;

/** The TCP listener: accepts sockets on the loop and wraps each in a {@link Connection}. */
public final class Listener implements EventLoop.ChannelHandler, AutoCloseable {
    private static final Log LOG = Log.of(Listener.class);
    /**
     * Connections the kernel completes before the loop accepts them: every process of a node may connect at
     * once (thousands), and a full queue drops their SYNs, which are retried only after 1, 3, 7 s. The
     * kernel caps it at net.core.somaxconn (4096 by default since Linux 5.4, 128 before); the JDK's default
     * is 50.
     */
    static final int BACKLOG = 4096;

    private final ServerSocketChannel server;
    private final EventLoop loop;
    private final Connection.Listener sink;
    private final Duration handshakeTimeout;
    private final RateLimitedLog silent = new RateLimitedLog(LOG);

    private Listener(ServerSocketChannel server, EventLoop loop, Connection.Listener sink, Duration handshakeTimeout) {
        this.server = server;
        this.loop = loop;
        this.sink = sink;
        this.handshakeTimeout = handshakeTimeout;
    }

    /**
     * Binds to {@code address}:{@code port} (0 = any free port) and starts accepting; call on the loop. A
     * connection whose connect request is not complete within {@code handshakeTimeout} is closed.
     */
    public static Listener open(EventLoop loop, InetAddress address, int port, Connection.Listener sink,
            Duration handshakeTimeout) throws IOException {
        ServerSocketChannel ch = ServerSocketChannel.open(address instanceof java.net.Inet6Address
                ? StandardProtocolFamily.INET6 : StandardProtocolFamily.INET);
        ch.bind(new InetSocketAddress(address, port), BACKLOG);
        Listener l = new Listener(ch, loop, sink, handshakeTimeout);
        loop.register(ch, SelectionKey.OP_ACCEPT, l);
        return l;
    }

    public InetSocketAddress address() throws IOException {
        return (InetSocketAddress) server.getLocalAddress();
    }

    @Override
    public void ready(SelectionKey key) throws IOException {
        SocketChannel ch;
        while ((ch = server.accept()) != null) {
            try {
                Connection c = new Connection(ch, sink, loop.readBuffer());
                c.attach(loop.register(ch, SelectionKey.OP_READ, c));
                loop.schedule(handshakeTimeout.toMillis(), TimeUnit.MILLISECONDS, () -> expire(c));
            } catch (IOException e) {
                LOG.warn("could not set up an accepted connection: {}", e.toString());
                ch.close();
            }
        }
    }

    /**
     * Closes a connection whose connect request is not complete when its time is up. What the kernel holds
     * for it is read first: the loop runs its timers after the sockets it found ready, and a request that
     * arrived in between must not be taken for silence. The close is a warning: the peer sees only the end
     * of its connection, which it cannot tell from a refusal.
     */
    private void expire(Connection c) {
        if (c.isClosed() || c.handshakeReceived()) {
            return;
        }
        try {
            c.readWaiting();
        } catch (IOException e) {
            c.close("read failed: " + e.getMessage());
            return;
        }
        if (c.isClosed() || c.handshakeReceived()) {
            return;
        }
        String why = "no complete connect request within " + handshakeTimeout.toMillis() + " ms ("
                + c.bytesReceived() + " bytes of it received)";
        silent.warn(c.remoteHost(), "silent connection", "closed the connection from " + c.remote() + ": " + why);
        c.close(why);
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // nothing more to release
        }
    }
}
