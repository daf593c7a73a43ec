package org.pmix4j.runtime.sched.policy;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Estimates when each pending request starts, for {@code pmix4j queue}: a simulation in which every session
 * runs to its planned end and the queue is served strictly in order. For the head this is its reservation,
 * which backfill keeps; for the others an estimate only, since EASY protects nobody but the head. One pass over the queue with a heap of ends: O((sessions + queue) log + queue x
 * allowed nodes), done only when a snapshot is asked for.
 */
final class StartEstimator {
    /** A simulated release of slots. */
    private record End(Instant at, long order, Placement holding) {
    }

    private final int[] capacity;
    private final Duration defaultLimit;

    StartEstimator(NodePool pool, Duration defaultLimit) {
        this.capacity = pool.capacities();
        this.defaultLimit = defaultLimit;
    }

    /** One start per pending request, in queue order. */
    Instant[] estimate(List<PendingRequest> queue, SlotLedger ledger, Collection<RunningSession> running,
                       Instant now) {
        int[] free = ledger.freeCopy();
        PriorityQueue<End> ends = new PriorityQueue<>((a, b) -> a.at().equals(b.at())
                ? Long.compare(a.order(), b.order()) : a.at().compareTo(b.at()));
        long order = 0;
        for (RunningSession s : running) {
            ends.add(new End(s.plannedEnd.isAfter(now) ? s.plannedEnd : now, order++, s.holding));
        }
        Instant[] starts = new Instant[queue.size()];
        Instant t = now;
        for (int i = 0; i < starts.length; i++) {
            Need need = queue.get(i).need();
            while (!ends.isEmpty() && !ends.peek().at().isAfter(t)) {
                ends.poll().holding().addTo(free, 1);
            }
            while (!need.fitsIn(free, capacity)) {
                End e = ends.poll();
                if (e == null) {
                    throw new IllegalStateException("a queued request does not fit the empty pool");
                }
                t = e.at().isAfter(t) ? e.at() : t;
                e.holding().addTo(free, 1);
            }
            Placement p = Placer.place(need, free, capacity);
            p.addTo(free, -1);
            starts[i] = t;
            ends.add(new End(t.plus(queue.get(i).limitOr(defaultLimit)), order++, p));
        }
        return starts;
    }
}
