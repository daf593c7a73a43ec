package org.pmix4j.server.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SocketChannel;
import org.pmix4j.wire.protocol.MessageHeader;

/** A connection that is already closed: what is sent on it goes nowhere. For unit tests of request holders. */
public final class ClosedConnections {
    private ClosedConnections() {
    }

    public static Connection create() {
        try {
            Connection c = new Connection(SocketChannel.open(), new Connection.Listener() {
                @Override
                public void onConnect(Connection c, byte[] body) {
                }

                @Override
                public void onMessage(Connection c, MessageHeader header, byte[] payload) {
                }

                @Override
                public void onClosed(Connection c, String why) {
                }
            }, java.nio.ByteBuffer.allocate(64));
            c.close("a test connection");
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
