package org.pmix4j.server.event;

import org.pmix4j.api.DataRange;
import org.pmix4j.api.Proc;

/**
 * Which connected processes an event's range reaches, as the Standard defines the ranges
 * ({@code pmix_data_range_t}) for events:
 * <ul>
 * <li>UNDEF, LOCAL, SESSION, GLOBAL: every peer of this server (a server serves one node of one session;
 * carrying SESSION and GLOBAL events further is the host's job);</li>
 * <li>NAMESPACE: the peers in the namespace of the event's source;</li>
 * <li>CUSTOM: the peers named by PMIX_EVENT_CUSTOM_RANGE (a wildcard rank names a whole namespace);</li>
 * <li>PROC_LOCAL: the source process only, which handled the event itself, so no peer;</li>
 * <li>RM: the host environment only, so no peer.</li>
 * </ul>
 * libpmix 4.2.2 checks the range only when it replays a cached event; when it delivers a fresh one it
 * checks it only for custom ranges, so a NAMESPACE event reaches every registered client of the node.
 * pmix4j applies the Standard's rule both times.
 */
final class EventRange {
    private EventRange() {
    }

    static boolean isKnown(DataRange range) {
        return range.code() >= DataRange.UNDEF.code() && range.code() <= DataRange.PROC_LOCAL.code();
    }

    /** Whether a peer named {@code peer} is within the range of {@code n}. */
    static boolean includes(Notification n, Proc peer) {
        int r = n.range().code();
        if (r == DataRange.UNDEF.code() || r == DataRange.LOCAL.code() || r == DataRange.SESSION.code()
                || r == DataRange.GLOBAL.code()) {
            return true;
        }
        if (r == DataRange.NAMESPACE.code()) {
            return peer.nspace().equals(n.source().nspace());
        }
        if (r == DataRange.CUSTOM.code()) {
            return ProcMatch.anyMatches(n.directives().targets(), peer);
        }
        return false;
    }

    /** Whether any peer could ever be in range: events for the host or the source alone are not kept. */
    static boolean reachesPeers(DataRange range) {
        return range.code() != DataRange.RM.code() && range.code() != DataRange.PROC_LOCAL.code();
    }
}
