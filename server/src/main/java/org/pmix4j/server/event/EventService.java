package org.pmix4j.server.event;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.core.Namespace;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.protocol.Tags;

/**
 * PMIx events inside the server: the handlers the connected clients and tools registered, the delivery of
 * events raised by a client, by the host or by the server itself to every peer whose registration and
 * range they fit, and the cache that serves the same events to processes that register later. Each peer
 * gets an event at most once. Loop thread only; the handlers of REGEVENTS, DEREGEVENTS and NOTIFY and
 * {@code PmixServer.notifyEvent} call in here.
 */
public final class EventService implements ServerCore.PeerListener {
    private static final Log LOG = Log.of(EventService.class);

    /**
     * The info a libpmix server adds to an event it received from a client, so that the event is not
     * processed again when it comes back (libpmix 4.2.2 {@code PMIX_SERVER_INTERNAL_NOTIFY}, a BOOL; not a
     * public attribute, so not in {@code Attributes}).
     */
    public static final String INTERNAL_NOTIFY_KEY = "pmix.srvr.internal.notify";

    private final ServerCore core;
    private final PeerEventRegistrations registry = new PeerEventRegistrations();
    private final EventCache cache;
    private long nextId;

    public EventService(ServerCore core) {
        this(core, EventCache.withDefaults());
    }

    public EventService(ServerCore core, EventCache cache) {
        this.core = core;
        this.cache = cache;
    }

    // ---- registration -----------------------------------------------------------------------------------

    /**
     * Records a registration. As libpmix does, the host's {@code registerEvents} is asked only when the
     * codes include a system event (PMIX_EVENT_SYS_BASE down to PMIX_EVENT_SYS_OTHER): the other events are
     * raised by processes or by the host's own notifications, which need no subscription. A host without
     * that upcall does not fail the registration (libpmix answers NOT_SUPPORTED there): the host may still
     * raise such events through {@code PmixServer.notifyEvent}. Any other refusal of the host fails it.
     *
     * @return the status to answer; once answered, call {@link #replayCached} so that the client has its
     *         registration confirmed before the cached events arrive
     */
    public CompletionStage<Integer> register(Peer peer, List<Integer> codes, List<Info> directives) {
        EventRegistration reg = EventRegistration.of(peer, codes, directives);
        if (codes.stream().noneMatch(PmixStatus::isSystemEvent)) {
            registry.add(reg);
            return CompletableFuture.completedFuture(PmixStatus.PMIX_SUCCESS);
        }
        CompletableFuture<Integer> answer = new CompletableFuture<>();
        core.host().registerEvents(reg.codes(), reg.directives()).whenCompleteAsync((ok, err) -> {
            int st = err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err);
            if (st == PmixStatus.PMIX_ERR_NOT_SUPPORTED || st == PmixStatus.PMIX_OPERATION_SUCCEEDED) {
                if (st == PmixStatus.PMIX_ERR_NOT_SUPPORTED) {
                    LOG.debug("the host does not watch system events {} for {}; registered locally", reg.codes(),
                            peer);
                }
                st = PmixStatus.PMIX_SUCCESS;
            }
            if (st == PmixStatus.PMIX_SUCCESS && peer.isConnected()) {
                registry.add(reg);
            } else if (st != PmixStatus.PMIX_SUCCESS) {
                LOG.debug("the host refused the registration of {} for {}: {}", reg.codes(), peer, err.getMessage());
            }
            answer.complete(st);
        }, core.loop());
        return answer;
    }

    /** Sends the peer the cached events its registrations take and it has not had yet, oldest first. */
    public void replayCached(Peer peer) {
        for (Notification n : cache.current()) {
            if (offer(n, peer) && n.everyTargetServed()) {
                cache.remove(n);
            }
        }
    }

    /** DEREGEVENTS: the peer's last handlers for these codes are gone. */
    public void deregister(Peer peer, List<Integer> codes) {
        releaseAtHost(registry.deregister(peer, codes));
    }

    /** The registrations of the connected process {@code proc} (for hosts that want to look, and tests). */
    public List<EventRegistration> registrations(Proc proc) {
        List<EventRegistration> out = new ArrayList<>();
        for (Peer p : registry.peers()) {
            if (p.proc().equals(proc)) {
                out.addAll(registry.of(p));
            }
        }
        return out;
    }

    /**
     * Drops the cached events of {@code code} aimed at processes of {@code nspace} (their custom range or the
     * processes they concern): a host's way to say that such an event is used up, e.g. a debugger's release
     * that ended one pause of a job which pauses again later and must not be released in advance by it.
     */
    public void forgetCached(int code, String nspace) {
        for (Notification n : cache.current()) {
            if (n.code() == code && (names(n.directives().targets(), nspace)
                    || names(n.directives().affected(), nspace))) {
                cache.remove(n);
            }
        }
    }

    private static boolean names(List<Proc> procs, String nspace) {
        for (Proc p : procs) {
            if (p.nspace().equals(nspace)) {
                return true;
            }
        }
        return false;
    }

    /** The number of events cached now. */
    public int cachedEvents() {
        return cache.size();
    }

    // ---- notification -----------------------------------------------------------------------------------

    /** Whether the event was already relayed by a server (it carries {@link #INTERNAL_NOTIFY_KEY}). */
    public static boolean alreadyRelayed(List<Info> info) {
        return info.stream().anyMatch(i -> i.key().equals(INTERNAL_NOTIFY_KEY));
    }

    /**
     * The processes an event names: those it is for (PMIX_EVENT_CUSTOM_RANGE) and those it concerns
     * (PMIX_EVENT_AFFECTED_PROC/_PROCS), read as {@link #raise} reads them (PMIX_ERR_BAD_PARAM as it would).
     */
    public static List<Proc> procsNamedBy(int code, DataRange range, List<Info> info) {
        EventDirectives d = EventDirectives.ofEvent(code, range, info);
        List<Proc> named = new ArrayList<>(d.targets());
        named.addAll(d.affected());
        return named;
    }

    /** The info with the relay mark appended, as libpmix appends it to an event from a client. */
    public static List<Info> markRelayed(List<Info> info) {
        List<Info> marked = new ArrayList<>(info);
        marked.add(Info.of(INTERNAL_NOTIFY_KEY, true));
        return marked;
    }

    /**
     * An event the host hands down ({@code PmixServer.notifyEvent}). One that a client of this server raised
     * and the host now broadcasts back to every server (it carries the relay mark, and its source is ours)
     * was delivered here when it arrived, and is not delivered again.
     */
    public void raiseFromHost(int code, Proc source, DataRange range, List<Info> info) {
        if (source != null && info != null && alreadyRelayed(info) && isOurs(source)) {
            LOG.debug("event {} of {} came back from the host; it was delivered here already", code, source);
            return;
        }
        raise(code, source, range, info, null);
    }

    private boolean isOurs(Proc p) {
        Namespace ns = core.namespace(p.nspace());
        if (ns != null && ns.client(p.rank()) != null) {
            return true;
        }
        return core.peers().stream().anyMatch(peer -> peer.proc().equals(p));
    }

    /**
     * Raises an event among this server's peers: every peer in range whose registrations take it gets it
     * now, and unless it is PMIX_EVENT_DO_NOT_CACHE (or meant for nobody here) it is kept for later
     * registrants. Fails with PMIX_ERR_BAD_PARAM when the range and its directives do not fit together.
     *
     * @param source the process that raised it; {@code null} is libpmix's "UNDEF" name
     * @param origin the peer that raised it, which does not get it back; {@code null} for the host
     */
    public Notification raise(int code, Proc source, DataRange range, List<Info> info, Peer origin) {
        return raise(code, source, range, info, origin, nspace -> true);
    }

    /**
     * {@link #raise(int, Proc, DataRange, List, Peer)} for an event that may reach only some jobs' processes
     * and tools: those whose namespace {@code reach} accepts (a peer's event reaches the jobs its user owns).
     */
    public Notification raise(int code, Proc source, DataRange range, List<Info> info, Peer origin,
            Predicate<String> reach) {
        if (range == null || info == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "event " + PmixStatus.name(code) + ": the "
                    + (range == null ? "range" : "info list") + " is missing");
        }
        Proc from = source != null ? source : new Proc("UNDEF", Rank.UNDEF);
        EventDirectives d = EventDirectives.ofEvent(code, range, info);
        Notification n = new Notification(nextId++, code, from, range, info, d, origin == null ? -1 : origin.index(),
                cache.now(), reach);
        int delivered = 0;
        for (Peer p : List.copyOf(core.peers())) {
            if (offer(n, p)) {
                delivered++;
            }
        }
        boolean keep = n.cacheable() && !n.everyTargetServed();
        if (keep) {
            cache.add(n);
        }
        LOG.debug("{}: delivered to {} peer(s){}", n, delivered, keep ? ", cached" : "");
        return n;
    }

    /** Sends {@code n} to {@code peer} if it is for it and it has not had it; true when sent. */
    private boolean offer(Notification n, Peer peer) {
        if (!peer.isConnected() || !n.mayGoTo(peer) || !registry.wants(peer, n)) {
            return false;
        }
        peer.send(Tags.NOTIFY, n.message().payload(peer.kind()));
        n.deliveredTo(peer);
        return true;
    }

    // ---- peers ------------------------------------------------------------------------------------------

    @Override
    public void lost(Peer peer, String why) {
        releaseAtHost(registry.drop(peer));
        cache.forget(peer.index());
    }

    /**
     * Tells the host that nobody here watches these system events any more. libpmix 4.2.2 never calls the
     * host's deregistration; pmix4j does, so that a host which started watching can stop. Its answer
     * changes nothing.
     */
    private void releaseAtHost(Set<Integer> codes) {
        if (codes.isEmpty()) {
            return;
        }
        core.host().deregisterEvents(List.copyOf(codes)).whenComplete((ok, err) -> {
            if (err != null && ServerCore.statusOf(err) != PmixStatus.PMIX_ERR_NOT_SUPPORTED) {
                LOG.debug("the host failed to deregister system events {}: {}", codes, err.getMessage());
            }
        });
    }
}
