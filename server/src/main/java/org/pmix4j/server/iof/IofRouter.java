package org.pmix4j.server.iof;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.collective.Timers;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.message.IofDataMessage;
import org.pmix4j.wire.protocol.Tags;

/**
 * Forwards process output to the peers that asked for it, as libpmix's server does
 * ({@code PMIx_server_IOF_deliver}): the host feeds output in with {@link #deliver}; every registered
 * request whose channel mask and sources match gets it as data messages on tag 2 (an {@link IofDataMessage}
 * carrying the requester's id of the request), gathered first when the request asked for buffering
 * ({@link OutputBuffer}). Output nobody wants yet goes to the {@link IofCache}, under its job's
 * {@link CachePolicy}, and is replayed to a later matching request right after its IOF_PULL reply, in the
 * order it came. A tool that connects gets, like with libpmix, an implicit request with id 0 for the
 * server's own stdout, stderr and stddiag. Requests go away with their peer; a job's cache and records
 * with its namespace.
 *
 * <p>What a job forwards ({@link ForwardedChannels}) and how its output is cached come from its start: the
 * spawn's job info ({@link #registerForSpawn}) or the registration's ({@link #jobRegistered}).
 *
 * <p>IO that peers send the server is {@link PeerOutputSink}'s.
 *
 * <p>Loop thread only.
 */
public final class IofRouter implements ServerCore.PeerListener {
    /** One piece of output. */
    public record Output(Proc source, int channel, byte[] data, List<Info> info) {
        public Output {
            info = List.copyOf(info);
        }

        Output withData(byte[] other) {
            return new Output(source, channel, other, info);
        }
    }

    private final Proc self;
    private final Timers timers;
    private final IofEvents events;
    private final Map<Integer, IofRequest> requests = new TreeMap<>();
    private final IofCache cache = new IofCache();
    private final ForwardedChannels forwarded = new ForwardedChannels();
    private final IofBacklog backlog;

    /**
     * @param self   the server's own name: output a tool pulls from "the server" is addressed to it
     * @param timers the loop's timers, for PMIX_IOF_BUFFERING_TIME
     * @param events tells a requester when output it pulls was lost to a full cache
     */
    public IofRouter(Proc self, Timers timers, IofEvents events) {
        this.self = self;
        this.timers = timers;
        this.events = events;
        this.backlog = new IofBacklog(self);
    }

    /**
     * Whether the output of {@code source} is held back because a peer it goes to has not taken what was sent
     * ({@link IofBacklog}): the host reads no more of that process's output until it is not. Any thread.
     */
    public boolean held(Proc source) {
        return backlog.held(source);
    }

    // ---- output from the host ----------------------------------------------------------------------------

    /** {@code PMIx_server_IOF_deliver}: forwards to every matching request, caches when there is none. */
    public void deliver(Proc source, int channel, byte[] data, List<Info> info) {
        Output out = new Output(source, channel, data, info);
        boolean taken = false;
        for (IofRequest r : List.copyOf(requests.values())) {
            if (r.wants(source, channel, self)) {
                r.output().offer(out);
                taken = true;
            }
        }
        if (!taken) {
            cache.add(out);
        }
    }

    /**
     * The server's own output for one peer only (a message about that peer's request, such as why its spawn
     * was refused): to its requests for the server's output, never cached.
     */
    public void deliverTo(Proc recipient, int channel, byte[] data) {
        Output out = new Output(self, channel, data, List.of());
        for (IofRequest r : List.copyOf(requests.values())) {
            if (r.requester().proc().equals(recipient) && r.wants(self, channel, self)) {
                r.output().offer(out);
            }
        }
    }

    private void send(Peer to, long remoteId, Output out) {
        if (!to.isConnected()) {
            return;
        }
        IofDataMessage message = new IofDataMessage(out.source(), out.channel(), remoteId, out.info(),
                new ByteObject(out.data()));
        to.send(Tags.IOF, message.payload(to.kind()));
        backlog.sent(to, out.source());
    }

    /** How many pieces of output wait in the cache. */
    public int cachedMessages() {
        return cache.pieces();
    }

    /** How many bytes of output were dropped because a job's cache was full. */
    public long droppedBytes() {
        return cache.droppedBytes();
    }

    // ---- jobs --------------------------------------------------------------------------------------------

    /**
     * A job was registered: PMIX_IOF_CACHE_SIZE / DROP_OLDEST / DROP_NEWEST in its info set how its output
     * is cached, and PMIX_FWD_STDOUT / STDERR / STDDIAG which channels it forwards (see
     * {@link ForwardedChannels}). A host that starts jobs for tools passes the spawn's attributes on here,
     * so that they hold from the job's first byte of output.
     *
     * @throws PmixException PMIX_ERR_BAD_PARAM or PMIX_ERR_TYPE_MISMATCH naming a bad cache attribute
     */
    public void jobRegistered(String nspace, List<Info> info) {
        if (CachePolicy.isIn(info)) {
            cache.setPolicy(nspace, CachePolicy.read(info, CachePolicy.DEFAULT));
        }
        ForwardedChannels.declared(info, false).ifPresent(c -> forwarded.declare(nspace, c));
    }

    /**
     * How long an ended job's cached output is kept: a short job can end, and be deregistered, before the
     * server has answered the spawn that started it, and the requester's forwarding, made with that answer,
     * must still find the job's output (and its end of stream).
     */
    static final long ENDED_JOB_OUTPUT_SECONDS = 10;

    @Override
    public void namespaceGone(String nspace) {
        timers.after(ENDED_JOB_OUTPUT_SECONDS, () -> {
            cache.dropJob(nspace);
            forwarded.forget(nspace);
        });
    }

    // ---- requests ------------------------------------------------------------------------------------------

    /**
     * Checks that a pull may be granted: PMIX_ERR_NOT_AVAILABLE when a source's job was started forwarding
     * other channels than those asked for; PMIX_ERR_BAD_PARAM for bad buffering or cache directives.
     */
    public void checkPull(List<Proc> sources, int channels, List<Info> directives) {
        String why = forwarded.refusal(sources, channels);
        if (why != null) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_AVAILABLE, "IO forwarding pull refused: " + why);
        }
        checkDirectives(directives);
    }

    /**
     * Checks the buffering and cache attributes of a pull's directives or a spawn's job info:
     * PMIX_ERR_BAD_PARAM or PMIX_ERR_TYPE_MISMATCH naming what is wrong.
     */
    public void checkDirectives(List<Info> directives) {
        Buffering.read(directives);
        CachePolicy.read(directives, CachePolicy.DEFAULT);
    }

    /**
     * Registers a request; returns this server's id of it (the lowest free one, as libpmix's array gives).
     * PMIX_IOF_BUFFERING_SIZE / TIME in {@code directives} gather its output.
     */
    public int register(Peer requester, List<Proc> sources, int channels, long remoteId, List<Info> directives) {
        int id = 0;
        while (requests.containsKey(id)) {
            id++;
        }
        OutputBuffer buffer = new OutputBuffer(Buffering.read(directives), timers,
                out -> send(requester, remoteId, out));
        requests.put(id, new IofRequest(id, requester, sources, channels, remoteId, buffer));
        return id;
    }

    /**
     * Sends the request the cached output it matches, in the order it came, and drops that from the cache.
     * PMIX_IOF_CACHE_SIZE in the pull's {@code directives} bounds what it gets per channel: the first bytes,
     * or the last with PMIX_IOF_DROP_OLDEST. When a full cache lost output of a job it asks for, the
     * requester is first told with PMIX_ERR_IOF_FAILURE ({@link IofEvents}).
     */
    public void replayCache(int id, List<Info> directives) {
        IofRequest r = requests.get(id);
        if (r == null) {
            return;
        }
        for (String job : r.sources().stream().map(Proc::nspace).distinct().toList()) {
            int lost = cache.lostChannels(job) & r.channels();
            if (lost != 0) {
                events.outputLost(r.requester(), job, lost);
            }
        }
        List<Output> cached = cache.take(out -> r.wants(out.source(), out.channel(), self));
        if (Attributes.IOF_CACHE_SIZE.isIn(directives)) {
            cached = IofCache.limit(cached, CachePolicy.read(directives, CachePolicy.DEFAULT));
        }
        cached.forEach(r.output()::offer);
    }

    /** Drops a request, sending what it had gathered; false when the peer has no request with that id. */
    public boolean deregister(Peer requester, int id) {
        IofRequest r = requests.get(id);
        if (r == null || r.requester() != requester) {
            return false;
        }
        r.output().flush();
        requests.remove(id);
        return true;
    }

    /** Forgets a request whatever its owner (a failed IOF_PULL). */
    public void remove(int id) {
        IofRequest r = requests.remove(id);
        if (r != null) {
            r.output().discard();
        }
    }

    /**
     * A spawn succeeded: what its job info says about output applies to the new job. The job forwards the
     * output channels its PMIX_FWD_* attributes set true ({@link ForwardedChannels}); the requester gets
     * them, as libpmix arranges, through a request with its default id 0, gathered as
     * PMIX_IOF_BUFFERING_* say. A tool that named no output channel gets all of them (libpmix's default),
     * a client none; one that named some gets only those (libpmix would add the others to the implicit
     * request, but then a pull of them would be refused while the spawn forwards them). PMIX_IOF_CACHE_* set the job's cache policy. Matching cached output is sent at once.
     */
    public void registerForSpawn(Peer requester, String nspace, List<Info> jobInfo) {
        if (CachePolicy.isIn(jobInfo)) {
            cache.setPolicy(nspace, CachePolicy.read(jobInfo, cache.policy(nspace)));
        }
        ForwardedChannels.declared(jobInfo, !requester.isClient()).ifPresent(c -> forwarded.declare(nspace, c));
        int channels = IofChannel.forwardedBySpawn(jobInfo, !requester.isClient()) & ~IofChannel.STDIN;
        if (channels == IofChannel.NONE) {
            return;
        }
        int id = register(requester, List.of(Proc.wildcard(nspace)), channels, 0, jobInfo);
        replayCache(id, List.of());
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
            register(peer, List.of(self), IofChannel.STDOUT | IofChannel.STDERR | IofChannel.STDDIAG, 0, List.of());
        }
    }

    @Override
    public void lost(Peer peer, String why) {
        requests.values().removeIf(r -> {
            if (r.requester() == peer) {
                r.output().discard();
                return true;
            }
            return false;
        });
    }
}
