package org.pmix4j.server.event;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.message.EventNotification;

/**
 * One event the server delivers: what was raised (code, source, range, info), the directives read from
 * its info, and which connections already received it, so that no peer gets it twice however often it
 * registers. Loop thread only.
 */
public final class Notification {
    private final long id;
    private final int code;
    private final Proc source;
    private final DataRange range;
    private final List<Info> info;
    private final EventDirectives directives;
    private final int originIndex;
    private final Instant raised;
    /** the recipients' namespaces the raiser may reach (everyone for the host's and the server's events) */
    private final Predicate<String> reach;
    /** peer index -> its name, for every connection the event went to */
    private final Map<Integer, Proc> deliveredTo = new HashMap<>();

    Notification(long id, int code, Proc source, DataRange range, List<Info> info, EventDirectives directives,
            int originIndex, Instant raised, Predicate<String> reach) {
        this.id = id;
        this.code = code;
        this.source = source;
        this.range = range;
        this.info = List.copyOf(info);
        this.directives = directives;
        this.originIndex = originIndex;
        this.raised = raised;
        this.reach = reach;
    }

    /**
     * The message that carries the event to a client or tool on the notification tag (libpmix 4.2.2's
     * {@code _notify_client_event}): the range is always sent, since a tool reads it.
     */
    public EventNotification message() {
        return new EventNotification(code, source, info, range);
    }

    long id() {
        return id;
    }

    /** The event code (a PMIx status). */
    public int code() {
        return code;
    }

    public Proc source() {
        return source;
    }

    public DataRange range() {
        return range;
    }

    /** The info as every recipient gets it. */
    public List<Info> info() {
        return info;
    }

    EventDirectives directives() {
        return directives;
    }

    Instant raised() {
        return raised;
    }

    /** Whether the server keeps it for processes that register later. */
    boolean cacheable() {
        return !directives.doNotCache() && EventRange.reachesPeers(range);
    }

    /**
     * Whether {@code peer} may receive it at all: in range, not its origin (a client handles its own event
     * locally before sending it; libpmix does not echo it back either), not yet served, and of a job the
     * raiser may reach.
     */
    boolean mayGoTo(Peer peer) {
        return peer.index() != originIndex && !peer.proc().equals(source) && !deliveredTo.containsKey(peer.index())
                && EventRange.includes(this, peer.proc()) && reach.test(peer.proc().nspace());
    }

    void deliveredTo(Peer peer) {
        deliveredTo.put(peer.index(), peer.proc());
    }

    void forget(int peerIndex) {
        deliveredTo.remove(peerIndex);
    }

    /**
     * True when the event names its recipients one by one and every one of them has it: then nobody else
     * can want it and it leaves the cache. A wildcard target (a whole namespace) keeps it until it ages out,
     * as the server cannot know when the last member has registered.
     */
    boolean everyTargetServed() {
        List<Proc> targets = directives.targets();
        if (targets.isEmpty()) {
            return false;
        }
        for (Proc t : targets) {
            if (!Rank.isValid(t.rank()) || t.nspace().isEmpty() || !deliveredTo.containsValue(t)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "event " + PmixStatus.name(code) + " (" + code + ") from " + source + " range " + range.label();
    }
}
