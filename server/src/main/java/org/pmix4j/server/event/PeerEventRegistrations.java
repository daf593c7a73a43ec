package org.pmix4j.server.event;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.peer.Peer;

/**
 * The event registrations of the connected peers. Loop thread only.
 */
final class PeerEventRegistrations {
    /** The code a client sends in DEREGEVENTS for its default handler ({@code INT32_MIN}). */
    static final int DEFAULT_HANDLER_CODE = Integer.MIN_VALUE;

    private final Map<Peer, List<EventRegistration>> byPeer = new IdentityHashMap<>();

    void add(EventRegistration r) {
        byPeer.computeIfAbsent(r.peer(), p -> new ArrayList<>()).add(r);
    }

    List<EventRegistration> of(Peer peer) {
        return List.copyOf(byPeer.getOrDefault(peer, List.of()));
    }

    Set<Peer> peers() {
        return byPeer.keySet();
    }

    /** Whether one of the peer's registrations takes the event. */
    boolean wants(Peer peer, Notification n) {
        for (EventRegistration r : byPeer.getOrDefault(peer, List.of())) {
            if (r.wants(n)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Removes the codes from the peer's registrations ({@link #DEFAULT_HANDLER_CODE} removes its default
     * handlers). The client sends a code only when its last handler for it is gone, so every registration
     * of the peer loses it; one left without codes is dropped, it does not become a default handler.
     *
     * @return the system-event codes that no peer registers any more, which the host may stop watching
     */
    Set<Integer> deregister(Peer peer, List<Integer> codes) {
        List<EventRegistration> regs = byPeer.get(peer);
        if (regs == null) {
            return Set.of();
        }
        Set<Integer> before = systemCodes();
        for (Integer code : codes) {
            List<EventRegistration> kept = new ArrayList<>();
            for (EventRegistration r : regs) {
                if (code == DEFAULT_HANDLER_CODE) {
                    if (!r.isDefault()) {
                        kept.add(r);
                    }
                } else if (!r.codes().contains(code)) {
                    kept.add(r);
                } else if (r.codes().size() > 1) {
                    kept.add(r.without(code));
                }
            }
            regs = kept;
        }
        if (regs.isEmpty()) {
            byPeer.remove(peer);
        } else {
            byPeer.put(peer, regs);
        }
        return released(before);
    }

    /** Forgets everything the peer registered; returns the system-event codes nobody registers any more. */
    Set<Integer> drop(Peer peer) {
        Set<Integer> before = systemCodes();
        if (byPeer.remove(peer) == null) {
            return Set.of();
        }
        return released(before);
    }

    private Set<Integer> released(Set<Integer> before) {
        before.removeAll(systemCodes());
        return before;
    }

    private Set<Integer> systemCodes() {
        Set<Integer> s = new TreeSet<>();
        for (List<EventRegistration> regs : byPeer.values()) {
            for (EventRegistration r : regs) {
                for (int c : r.codes()) {
                    if (PmixStatus.isSystemEvent(c)) {
                        s.add(c);
                    }
                }
            }
        }
        return s;
    }
}
