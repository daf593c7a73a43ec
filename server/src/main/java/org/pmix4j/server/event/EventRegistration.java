package org.pmix4j.server.event;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.peer.Peer;

/**
 * What one REGEVENTS request of a peer asked for: the event codes (none: a default handler, which takes
 * every event not marked PMIX_EVENT_NON_DEFAULT), the processes the handler cares about
 * (PMIX_EVENT_AFFECTED_PROC(S); none: any) and the directives as sent. The client library sends only the
 * directives the server can use: the affected processes and those it does not know itself; it keeps the
 * handler's own range and ordering to itself.
 *
 * @param peer       the registering connection
 * @param codes      the codes, empty for a default handler
 * @param affected   the processes of interest, empty for any
 * @param directives the directives as received
 */
public record EventRegistration(Peer peer, List<Integer> codes, List<Proc> affected, List<Info> directives) {
    public EventRegistration {
        codes = List.copyOf(codes);
        affected = List.copyOf(affected);
        directives = List.copyOf(directives);
    }

    /** Reads the affected processes from the directives; refuses them when given twice or malformed. */
    public static EventRegistration of(Peer peer, List<Integer> codes, List<Info> directives) {
        return new EventRegistration(peer, codes, EventDirectives.affectedOfRegistration(directives), directives);
    }

    public boolean isDefault() {
        return codes.isEmpty();
    }

    /** Whether an event of this kind, concerning these processes, is for this registration. */
    boolean wants(Notification n) {
        boolean code = isDefault() ? !n.directives().nonDefault() : codes.contains(n.code());
        return code && ProcMatch.overlap(affected, n.directives().affected());
    }

    /** The same registration without {@code code}. */
    EventRegistration without(Integer code) {
        return new EventRegistration(peer, codes.stream().filter(c -> !c.equals(code)).toList(), affected,
                directives);
    }
}
