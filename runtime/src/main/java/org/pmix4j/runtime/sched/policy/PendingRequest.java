package org.pmix4j.runtime.sched.policy;

import java.time.Duration;
import java.time.Instant;

/** A queued request: what was asked, compiled against the pool, and when. */
record PendingRequest(Ticket ticket, AllocationRequest request, Need need, Instant submitted) {
    /** The time backfill assumes the session takes: its limit, or the engine's default without one. */
    Duration limitOr(Duration defaultLimit) {
        return request.timeLimit() != null ? request.timeLimit() : defaultLimit;
    }

    QueueSnapshot.Pending view(int position, Instant estimatedStart) {
        return new QueueSnapshot.Pending(position, ticket, request, submitted, estimatedStart);
    }
}
