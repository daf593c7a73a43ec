package org.pmix4j.runtime.sched.policy;

import java.time.Instant;

/**
 * One EASY backfill pass behind a blocked head: decides, candidate by candidate in queue order, whether a
 * later request may start now. It may if it fits now and does not delay the head's reservation: either it
 * ends (by its limit) no later than the reservation's start, so its slots are back by then; or it holds on
 * past that time only slots the head does not need then.
 *
 * <p>The pass keeps the free slots at the reservation's start, minus what the candidates started so far
 * hold past it; the head must still fit in them after every start, which is what keeps its start from
 * moving later. A candidate that runs past the start is tried first on the spare slots (free now and not
 * in the head's chosen placement then), which never delays the head; failing that, anywhere free now, if
 * the head can still be placed otherwise.
 */
final class Backfill {
    private final SlotLedger ledger;
    private final int[] capacity;
    private final Need head;
    private final Instant shadow;
    private final int[] freeAtShadow;
    private Placement headPlacement;
    /**
     * Within a pass resources only shrink, so a long-running candidate without a node list that could not
     * start rules out every later one asking as much or more of the same kind: the scan skips them in O(1).
     */
    private int smallestLongSlotsRefused = Integer.MAX_VALUE;
    private int smallestLongNodesRefused = Integer.MAX_VALUE;

    Backfill(SlotLedger ledger, Need head, Reservation reservation) {
        this.ledger = ledger;
        this.capacity = ledger.capacity();
        this.head = head;
        this.shadow = reservation.start();
        this.freeAtShadow = reservation.freeAtStart();
        this.headPlacement = reservation.placement();
    }

    /** Whether nothing can start any more in this pass. */
    boolean exhausted() {
        return ledger.freeSlots() == 0;
    }

    /**
     * Starts the candidate now if the rule allows: takes its slots from the ledger and returns them, or
     * returns null.
     */
    Placement tryStart(Need candidate, Instant end) {
        if (!ledger.fitsNow(candidate)) {
            return null;
        }
        if (!end.isAfter(shadow)) {
            Placement p = Placer.place(candidate, ledger.freeView(), capacity);
            ledger.take(p);
            return p;
        }
        if (skippable(candidate)) {
            return null;
        }
        Placement p = Placer.place(candidate, spareNow(), capacity);
        if (p == null) {
            p = Placer.place(candidate, ledger.freeView(), capacity);
            if (p == null || !headFitsBeside(p)) {
                remember(candidate);
                return null;
            }
        }
        ledger.take(p);
        p.addTo(freeAtShadow, -1);
        headPlacement = Placer.place(head, freeAtShadow, capacity);
        return p;
    }

    private boolean skippable(Need c) {
        return c.anywhere() && switch (c.kind()) {
            case SLOTS -> c.count() >= smallestLongSlotsRefused;
            case WHOLE_NODES -> c.count() >= smallestLongNodesRefused;
            case LISTED_NODES -> false;
        };
    }

    private void remember(Need c) {
        if (c.anywhere() && c.kind() == Need.Kind.SLOTS) {
            smallestLongSlotsRefused = Math.min(smallestLongSlotsRefused, c.count());
        } else if (c.anywhere() && c.kind() == Need.Kind.WHOLE_NODES) {
            smallestLongNodesRefused = Math.min(smallestLongNodesRefused, c.count());
        }
    }

    /** Per node: free now, and free at the reservation's start beyond the head's placement then. */
    private int[] spareNow() {
        int[] spare = freeAtShadow.clone();
        headPlacement.addTo(spare, -1);
        int[] free = ledger.freeView();
        for (int n = 0; n < spare.length; n++) {
            spare[n] = Math.min(spare[n], free[n]);
        }
        return spare;
    }

    private boolean headFitsBeside(Placement p) {
        int[] left = freeAtShadow.clone();
        p.addTo(left, -1);
        for (int n : p.nodes()) {
            if (left[n] < 0) {
                return false;
            }
        }
        return head.fitsIn(left, capacity);
    }
}
