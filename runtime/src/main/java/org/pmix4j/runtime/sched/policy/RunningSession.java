package org.pmix4j.runtime.sched.policy;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;

/**
 * The engine's own state of a running session. Its end and its holding change on extension, so it is a
 * class and not the public {@link Session} record; the sorted sets that index it are updated around every
 * change (remove, change, add back).
 */
final class RunningSession {
    /** By planned end, then id: the order in which the reservation scan frees resources. */
    static final Comparator<RunningSession> BY_PLANNED_END =
            Comparator.comparing((RunningSession s) -> s.plannedEnd).thenComparingInt(s -> s.id);
    /** By end (only sessions with a limit are in this order), then id: the order of expiry. */
    static final Comparator<RunningSession> BY_END =
            Comparator.comparing((RunningSession s) -> s.end).thenComparingInt(s -> s.id);

    final int id;
    final String allocationId;
    final int uid;
    final String requestId;
    final Instant start;
    /** When the limit runs out; null when there is none. */
    Instant end;
    /** When backfill assumes it ends: its end, or start plus the default limit when it has none. */
    Instant plannedEnd;
    Placement holding;
    boolean expiryReported;

    RunningSession(int id, String allocationId, int uid, String requestId, Instant start, Instant end,
                   Duration defaultLimit, Placement holding) {
        this.id = id;
        this.allocationId = allocationId;
        this.uid = uid;
        this.requestId = requestId;
        this.start = start;
        this.end = end;
        this.plannedEnd = end != null ? end : start.plus(defaultLimit);
        this.holding = holding;
    }

    Session view(NodePool pool) {
        return new Session(id, allocationId, uid, requestId, holding.named(pool), start, end);
    }
}
