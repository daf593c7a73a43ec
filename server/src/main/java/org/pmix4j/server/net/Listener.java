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
                loop.schedule(handshakeTimeout.toMillis(), TimeUnit.MILLISECONDS, () -> {
                    if (!c.handshakeReceived()) {
                        c.close("no complete connect request within " + handshakeTimeout.toMillis() + " ms");
                    }
                });
            } catch (IOException e) {
                LOG.warn("could not set up an accepted connection: {}", e.toString());
                ch.close();
            }
        }
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
