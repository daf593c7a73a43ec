package org.pmix4j.runtime.sched.policy;

import java.time.Instant;
import java.util.Iterator;
import java.util.NavigableSet;

/**
 * Finds the head's reservation by walking the profile of free slots over time: from the free slots now,
 * the running sessions release theirs in the order of their planned ends. Free slots only grow along that
 * walk, so the first time the head fits is the earliest, and the walk is O(slots released) with the
 * incremental {@link FitTracker}: no per-step scan of the pool.
 */
final class ReservationPlanner {
    private final int[] capacity;

    ReservationPlanner(NodePool pool) {
        this.capacity = pool.capacities();
    }

    /**
     * The reservation for {@code head}. A session whose planned end has passed (it runs without a limit past
     * the default, or it expired and is not released yet) is assumed to end now: it may end any moment.
     */
    Reservation plan(Need head, SlotLedger ledger, NavigableSet<RunningSession> byPlannedEnd, Instant now) {
        int[] free = ledger.freeCopy();
        FitTracker fit = new FitTracker(head, free, capacity);
        Instant start = now;
        Iterator<RunningSession> ending = byPlannedEnd.iterator();
        RunningSession next = ending.hasNext() ? ending.next() : null;
        while (!fit.fits()) {
            if (next == null) {
                throw new IllegalStateException("the head does not fit the empty pool; it should have been refused");
            }
            // release every session ending at the same time before asking: the head's start is the same, but
            // the free slots at that time are all of theirs, which is what backfill may use beside the head
            Instant at = next.plannedEnd.isAfter(now) ? next.plannedEnd : now;
            while (next != null && !next.plannedEnd.isAfter(at)) {
                Placement h = next.holding;
                for (int i = 0; i < h.size(); i++) {
                    fit.add(h.nodes()[i], h.slots()[i]);
                }
                next = ending.hasNext() ? ending.next() : null;
            }
            start = at;
        }
        return new Reservation(start, free, Placer.place(head, free, capacity));
    }
}
