package org.pmix4j.server.event;

import java.util.List;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;

/**
 * How events compare process names: the same namespace, and the same rank or a wildcard on either side. An
 * empty namespace matches every namespace, because that is how the client library judges whether it is a
 * target; server and client must agree, or a client would drop an event the server sent it.
 */
final class ProcMatch {
    private ProcMatch() {
    }

    static boolean matches(Proc a, Proc b) {
        boolean nspace = a.nspace().isEmpty() || b.nspace().isEmpty() || a.nspace().equals(b.nspace());
        return nspace && (a.rank() == b.rank() || a.rank() == Rank.WILDCARD || b.rank() == Rank.WILDCARD);
    }

    static boolean anyMatches(List<Proc> procs, Proc p) {
        for (Proc q : procs) {
            if (matches(q, p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether what a handler is interested in and what an event affects overlap; either list being empty
     * means "no restriction".
     */
    static boolean overlap(List<Proc> interested, List<Proc> affected) {
        if (interested.isEmpty() || affected.isEmpty()) {
            return true;
        }
        for (Proc a : affected) {
            if (anyMatches(interested, a)) {
                return true;
            }
        }
        return false;
    }
}
