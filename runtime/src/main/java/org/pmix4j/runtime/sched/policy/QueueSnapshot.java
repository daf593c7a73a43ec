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
     * @param estimatedStart when it would start if every session ran to its limit (the default limit for
     *                       those without one) and the queue were served in order; the head's is its
     *                       reservation. Backfill and early ends can only make it earlier... mostly: a
     *                       session without a limit that outlives the default delays everything
     */
    public record Pending(int position, Ticket ticket, AllocationRequest request, Instant submitted,
                          Instant estimatedStart) {
    }
}
