package org.pmix4j.server.iof;

import java.io.PrintStream;
import java.util.function.Consumer;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.iof.IofRouter.Output;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;
import org.pmix4j.wire.message.IofDataMessage;
import org.pmix4j.wire.protocol.Tags;

/**
 * IO a peer sends the server on tag 2 (libpmix's {@code server_iof_handler}). It has no request of this
 * server to go to, so, as libpmix does then, it is written to the server process's own stdout (stdout
 * channel) or stderr (the others), unless another sink is given.
 *
 * <p>Loop thread only.
 */
public final class PeerOutputSink implements ServerCore.MessageSink {
    private static final Log LOG = Log.of(PeerOutputSink.class);

    private final Consumer<Output> sink;

    /** Writes to the server process's stdout and stderr. */
    public PeerOutputSink() {
        this(PeerOutputSink::writeLocally);
    }

    public PeerOutputSink(Consumer<Output> sink) {
        this.sink = sink;
    }

    @Override
    public boolean accepts(int tag) {
        return tag == Tags.IOF;
    }

    @Override
    public void message(Peer peer, int tag, byte[] payload) {
        if (payload.length == 0) {
            return;
        }
        Output out;
        try {
            // the request id means nothing here: the server made no request of the peer
            IofDataMessage in = IofDataMessage.read(new Unpacker(payload, peer.kind()));
            out = new Output(in.source(), in.channel(), in.data().bytes(), in.info());
        } catch (WireFormatException | ClassCastException e) {
            LOG.warn("dropping malformed IO data from {}: {}", peer, e.getMessage());
            return;
        }
        LOG.debug("{} sent {} bytes of {} from {}", peer, out.data().length, IofChannel.label(out.channel()),
                out.source());
        sink.accept(out);
    }

    private static void writeLocally(Output out) {
        PrintStream s = (out.channel() & IofChannel.STDOUT) != 0 ? System.out : System.err;
        s.write(out.data(), 0, out.data().length);
        s.flush();
    }
}
