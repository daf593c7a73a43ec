package org.pmix4j.runtime.sched.policy;

import java.time.Instant;

/**
 * The head of the queue's reservation (EASY backfill reserves for the head only): the earliest time the
 * running sessions' planned ends free enough for it, the free slots per node at that time, and where the
 * head would go then.
 */
record Reservation(Instant start, int[] freeAtStart, Placement placement) {
}
