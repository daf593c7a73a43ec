package org.pmix4j.server.iof;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.pmix4j.api.Proc;
import org.pmix4j.server.peer.Peer;

/**
 * The processes whose output is held back because a peer it goes to does not take it: a tool that stopped
 * reading (a front end suspended, or writing into a full pipe) would otherwise have the server queue its
 * jobs' output until the heap is gone. Once more than {@link #HOLD_ABOVE} bytes wait for a peer, every
 * process whose output was just sent to it is held; all are released when the peer's queue is down to
 * {@link #RELEASE_AT} or its connection ends. The host reads {@link #held} before it reads more of a
 * process's output (PmixServer.iofHeld), so the process itself waits in its write, as it would for a full
 * terminal, and the output of processes the slow peer does not take goes on.
 *
 * <p>{@link #sent} and the releases run on the loop; {@link #held} on any thread.
 */
final class IofBacklog {
    static final long HOLD_ABOVE = 4L << 20;
    static final long RELEASE_AT = 1L << 20;

    private final Proc self;
    /** How many peers hold each process back (read on other threads). */
    private final Map<Proc, Integer> held = new ConcurrentHashMap<>();
    /** What each slow peer holds back; loop only. */
    private final Map<Peer, Set<Proc>> byPeer = new HashMap<>();

    /** @param self the server's own name: its messages are never held */
    IofBacklog(Proc self) {
        this.self = self;
    }

    /** Output of {@code source} was queued for {@code to}. */
    void sent(Peer to, Proc source) {
        if (source.equals(self) || to.unsentBytes() <= HOLD_ABOVE) {
            return;
        }
        Set<Proc> sources = byPeer.get(to);
        if (sources == null) {
            sources = new HashSet<>();
            byPeer.put(to, sources);
            to.whenUnsentAtMost(RELEASE_AT, () -> release(to));
        }
        if (sources.add(source)) {
            held.merge(source, 1, Integer::sum);
        }
    }

    private void release(Peer to) {
        Set<Proc> sources = byPeer.remove(to);
        if (sources != null) {
            for (Proc p : sources) {
                held.computeIfPresent(p, (k, n) -> n == 1 ? null : n - 1);
            }
        }
    }

    /** Whether output of {@code source} should wait before more of it is read. Any thread. */
    boolean held(Proc source) {
        return !held.isEmpty() && held.containsKey(source);
    }
}
