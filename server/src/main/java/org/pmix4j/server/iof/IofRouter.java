package org.pmix4j.server.iof;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;
import org.pmix4j.wire.message.IofDataMessage;
import org.pmix4j.wire.protocol.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Forwards process output to the peers that asked for it, as libpmix's server does
 * ({@code PMIx_server_IOF_deliver}, {@code pmix_iof_process_iof}): the host feeds output in with
 * {@link #deliver}; every registered request whose channel mask and sources match gets one data message
 * on tag 2 (an {@link IofDataMessage} carrying the requester's id of the request). Output nobody wants yet is cached (the oldest dropped beyond {@link #MAX_CACHED_MESSAGES} messages or
 * {@link #MAX_CACHED_BYTES} bytes) and replayed to a later matching request, after its IOF_PULL reply, then
 * dropped from the cache. A tool that connects gets, like with libpmix, an implicit request with id 0 for
 * the server's own stdout, stderr and stddiag. Requests go away with their peer.
 *
 * <p>IO a peer sends the server on tag 2 (libpmix's {@code server_iof_handler}) has no request of this
 * server to go to, so, as libpmix does then, it is written to the server process's own stdout (stdout
 * channel) or stderr (the others).
 *
 * <p>Loop thread only.
 */
public final class IofRouter implements ServerCore.PeerListener, ServerCore.MessageSink {
    private static final Logger LOG = LoggerFactory.getLogger(IofRouter.class);

    /** Bounds of the cache of output delivered before anybody asked for it. */
    public static final int MAX_CACHED_MESSAGES = 65_536;
    public static final long MAX_CACHED_BYTES = 64L << 20;

    /** One piece of output. */
    public record Output(Proc source, int channel, byte[] data, List<Info> info) {
        public Output {
            info = List.copyOf(info);
        }
    }

    private final Proc self;
    private final Map<Integer, IofRequest> requests = new TreeMap<>();
    private final ArrayDeque<Output> cache = new ArrayDeque<>();
    private long cachedBytes;
    private Consumer<Output> fromPeers = IofRouter::writeLocally;

    /** {@code self} is the server's own name: output a tool pulls from "the server" is addressed to it. */
    public IofRouter(Proc self) {
        this.self = self;
    }

    /** Where output that peers send the server goes (default: the server process's stdout/stderr). */
    public void onPeerOutput(Consumer<Output> sink) {
        this.fromPeers = sink;
    }

    // ---- output from the host ----------------------------------------------------------------------------

    /** {@code PMIx_server_IOF_deliver}: forwards to every matching request, caches when there is none. */
    public void deliver(Proc source, int channel, byte[] data, List<Info> info) {
        Output out = new Output(source, channel, data, info);
        boolean taken = false;
        for (IofRequest r : List.copyOf(requests.values())) {
            taken |= forward(out, r);
        }
        if (!taken) {
            cache(out);
        }
    }

    /**
     * The server's own output for one peer only (a message about that peer's request, such as why its spawn
     * was refused): to its requests for the server's output, never cached.
     */
    public void deliverTo(Proc recipient, int channel, byte[] data) {
        Output out = new Output(self, channel, data, List.of());
        for (IofRequest r : List.copyOf(requests.values())) {
            if (r.requester().proc().equals(recipient)) {
                forwardOwn(out, r);
            }
        }
    }

    private void forwardOwn(Output out, IofRequest r) {
        if ((r.channels() & out.channel()) == 0 || !r.requester().isConnected()) {
            return;
        }
        for (Proc p : r.sources()) {
            if (p.equals(self)) {
                Peer to = r.requester();
                to.send(Tags.IOF, new IofDataMessage(out.source(), out.channel(), r.remoteId(), out.info(),
                        new ByteObject(out.data())).payload(to.kind()));
                return;
            }
        }
    }

    private boolean forward(Output out, IofRequest r) {
        if (!r.wants(out.source(), out.channel(), self)) {
            return false;
        }
        Peer to = r.requester();
        IofDataMessage message = new IofDataMessage(out.source(), out.channel(), r.remoteId(), out.info(),
                new ByteObject(out.data()));
        to.send(Tags.IOF, message.payload(to.kind()));
        return true;
    }

    private void cache(Output out) {
        cache.addLast(out);
        cachedBytes += out.data().length;
        while (cache.size() > MAX_CACHED_MESSAGES || cachedBytes > MAX_CACHED_BYTES) {
            Output dropped = cache.removeFirst();
            cachedBytes -= dropped.data().length;
            LOG.debug("IOF cache full: dropped {} bytes from {}", dropped.data().length, dropped.source());
        }
    }

    /** How many pieces of output wait in the cache. */
    public int cachedMessages() {
        return cache.size();
    }

    // ---- requests ------------------------------------------------------------------------------------------

    /** Registers a request; returns this server's id of it (the lowest free one, as libpmix's array gives). */
    public int register(Peer requester, List<Proc> sources, int channels, long remoteId) {
        int id = 0;
        while (requests.containsKey(id)) {
            id++;
        }
        requests.put(id, new IofRequest(id, requester, sources, channels, remoteId));
        return id;
    }

    /** Sends the request the cached output it matches (dropping that from the cache). */
    public void replayCache(int id) {
        IofRequest r = requests.get(id);
        if (r == null) {
            return;
        }
        for (Iterator<Output> it = cache.iterator(); it.hasNext();) {
            Output out = it.next();
            if (forward(out, r)) {
                it.remove();
                cachedBytes -= out.data().length;
            }
        }
    }

    /** Drops a request; false when the peer has no request with that id. */
    public boolean deregister(Peer requester, int id) {
        IofRequest r = requests.get(id);
        if (r == null || r.requester() != requester) {
            return false;
        }
        requests.remove(id);
        return true;
    }

    /** Forgets a request whatever its owner (a failed IOF_PULL). */
    public void remove(int id) {
        requests.remove(id);
    }

    /**
     * The request libpmix makes for whoever spawned a job with output forwarding (PMIX_FWD_STDOUT ...,
     * all output channels by default for a tool): that job's output, with the requester's default id 0.
     * Matching cached output is sent at once.
     */
    public void registerForSpawn(Peer requester, String nspace, int channels) {
        int id = register(requester, List.of(Proc.wildcard(nspace)), channels, 0);
        replayCache(id);
    }

    /** The registrations, for tests and diagnostics. */
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        for (IofRequest r : requests.values()) {
            out.add(r.id() + ": " + r.requester().proc() + " <- " + r.sources() + " "
                    + IofChannel.label(r.channels()) + " (their id " + r.remoteId() + ")");
        }
        return out;
    }

    // ---- peers -------------------------------------------------------------------------------------------

    @Override
    public void connected(Peer peer, List<Info> info) {
        if (!peer.isClient()) {
            register(peer, List.of(self), IofChannel.STDOUT | IofChannel.STDERR | IofChannel.STDDIAG, 0);
        }
    }

    @Override
    public void lost(Peer peer, String why) {
        requests.values().removeIf(r -> r.requester() == peer);
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
        fromPeers.accept(out);
    }

    private static void writeLocally(Output out) {
        PrintStream s = (out.channel() & IofChannel.STDOUT) != 0 ? System.out : System.err;
        s.write(out.data(), 0, out.data().length);
        s.flush();
    }
}
