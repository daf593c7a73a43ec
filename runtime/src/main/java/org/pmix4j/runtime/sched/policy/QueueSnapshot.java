package org.pmix4j.runtime.sched.policy;

import java.time.Instant;
import java.util.List;

/**
 * What {@code pmix4j queue} shows: the pending requests in queue order and the running sessions by id.
 *
 * @param at      the time the snapshot describes
 * @param pending waiting requests, first to be served first
 * @param running running sessions, expired ones included until they are released
 */
public record QueueSnapshot(Instant at, List<Pending> pending, List<Session> running) {
    public QueueSnapshot {
        pending = List.copyOf(pending);
        running = List.copyOf(running);
    }

    /**
     * One waiting request.
     *
     * @param position       1 for the head of the queue
     * @param estimatedStart when it would start if every session ran to its planned end (its limit, or the
     *                       default limit without one) and the queue were served in order; for the head this
     *                       is its reservation. Only the head's is kept: early ends bring starts forward, and
     *                       requests submitted later may backfill ahead of the others
     */
    public record Pending(int position, Ticket ticket, AllocationRequest request, Instant submitted,
                          Instant estimatedStart) {
    }
}
