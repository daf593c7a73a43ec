package org.pmix4j.runtime.sched.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pmix4j.runtime.sched.policy.EngineFixture.at;
import static org.pmix4j.runtime.sched.policy.EngineFixture.slots;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Cancel, expiry, adoption and the queue snapshot. */
class LifecycleTest {

    @Test
    void cancellingTheBlockedHeadLeavesNoReservation() {
        EngineFixture f = new EngineFixture("a:4,b:4");
        Ticket running = f.queue(slots(6, 100), 0);
        Ticket head = f.queue(slots(8, 100), 1);
        Ticket blocked = f.queue(slots(2, 10_000), 2);
        assertEquals(List.of(running), f.grantOrder());
        Changes c = f.cancel(head, 3);
        assertEquals(List.of(blocked), c.granted().stream().map(Grant::ticket).toList(),
                "the head's reservation went with it, so the long request starts at once");
        assertTrue(f.engine.snapshot(at(3)).pending().isEmpty());
        assertEquals(Optional.empty(), f.engine.cancel(head, at(4)), "a cancelled ticket is not queued");
        assertEquals(Optional.empty(), f.engine.cancel(blocked, at(4)), "a granted ticket is not queued");
    }

    @Test
    void cancellingALaterRequestKeepsTheOrderOfTheRest() {
        EngineFixture f = new EngineFixture("a:2");
        Ticket running = f.queue(slots(2, 100), 0);
        Ticket second = f.queue(slots(2, 100), 1);
        Ticket third = f.queue(slots(1, 100), 2);
        Ticket fourth = f.queue(slots(1, 100), 3);
        f.cancel(third, 4);
        QueueSnapshot snap = f.engine.snapshot(at(5));
        assertEquals(List.of(second, fourth), snap.pending().stream().map(QueueSnapshot.Pending::ticket).toList());
        assertEquals(List.of(1, 2), snap.pending().stream().map(QueueSnapshot.Pending::position).toList());
        f.release(f.sessionOf(running).id(), 50);
        f.release(f.sessionOf(second).id(), 60);
        assertEquals(List.of(running, second, fourth), f.grantOrder());
    }

    @Test
    void sessionsPastTheirLimitAreReportedOnceAndKeepTheirSlotsUntilReleased() {
        EngineFixture f = new EngineFixture("a:4");
        Session limited = f.sessionOf(f.queue(slots(2, 60), 0));
        Session unlimited = f.sessionOf(f.queue(AllocationRequest.slots(1000, 2), 0));
        Ticket waiting = f.queue(slots(4, 10), 1);
        assertEquals(Optional.of(at(60)), f.engine.nextExpiry());
        assertTrue(f.tick(59).expired().isEmpty());
        assertEquals(List.of(limited.id()), f.tick(60).expired().stream().map(Session::id).toList());
        assertTrue(f.tick(61).expired().isEmpty(), "reported once");
        assertEquals(Optional.empty(), f.engine.nextExpiry(), "the session without a limit never expires");
        assertFalse(f.granted(waiting), "an expired session holds its slots until the caller has ended it");
        f.release(limited.id(), 62);
        f.tick(100_000);
        assertEquals(List.of(limited.id()), f.expired.stream().map(Session::id).toList());
        assertFalse(f.granted(waiting));
        f.release(unlimited.id(), 100_001);
        assertTrue(f.granted(waiting));
    }

    @Test
    void everyOperationReportsExpiriesDueByItsTime() {
        EngineFixture f = new EngineFixture("a:4");
        Session s = f.sessionOf(f.queue(slots(1, 60), 0));
        Submission later = f.submit(slots(1, 60), 70);
        assertEquals(List.of(s.id()), later.changes().expired().stream().map(Session::id).toList());
    }

    @Test
    void aRestartedSchedulerAdoptsRunningSessionsAndContinuesTheirIds() {
        EngineFixture f = new EngineFixture("a:4,b:4");
        Session adopted = new Session(7, "alloc.7", 1000, "old", List.of(new NodeSlots("a", 3)), at(-50), at(50));
        f.engine.adopt(adopted, at(0));
        f.engine.adopt(new Session(3, "slurm.3", 1001, null, List.of(new NodeSlots("b", 4)), at(-10), null), at(0));
        assertEquals(List.of(3, 7), f.engine.snapshot(at(0)).running().stream().map(Session::id).toList());
        Session granted = f.sessionOf(f.queue(slots(1, 1000), 1));
        assertEquals(8, granted.id());
        assertEquals(List.of(new NodeSlots("a", 1)), granted.nodes());
        Ticket waiting = f.queue(slots(3, 10), 2);
        assertFalse(f.granted(waiting));
        assertEquals(at(50), f.engine.snapshot(at(2)).pending().get(0).estimatedStart(), "when session 7 ends");
        assertEquals(List.of(7), f.tick(50).expired().stream().map(Session::id).toList());
        f.release(7, 51);
        assertTrue(f.granted(waiting));
    }

    @Test
    void adoptingWhatThePoolCannotHoldIsAnError() {
        EngineFixture f = new EngineFixture("a:4");
        f.engine.adopt(new Session(1, "alloc.1", 1, null, List.of(new NodeSlots("a", 3)), at(0), null), at(0));
        IllegalArgumentException over = assertThrows(IllegalArgumentException.class, () -> f.engine.adopt(
                new Session(2, "alloc.2", 1, null, List.of(new NodeSlots("a", 2)), at(0), null), at(0)));
        assertEquals("cannot adopt session 2: it holds 2 slots on a, which has 1 free", over.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> f.engine.adopt(
                new Session(2, "alloc.2", 1, null, List.of(new NodeSlots("z", 1)), at(0), null), at(0)));
        assertEquals("cannot adopt session 2: node z is not in the pool (a:4)", unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> f.engine.adopt(
                new Session(1, "alloc.1", 1, null, List.of(new NodeSlots("a", 1)), at(0), null), at(0)));
    }

    @Test
    void theSnapshotEstimatesStartsInQueueOrder() {
        EngineFixture f = new EngineFixture("a:4", Duration.ofSeconds(500));
        Ticket running = f.queue(slots(4, 100), 0);
        f.queue(slots(4, 200), 1);
        f.queue(AllocationRequest.slots(1000, 2), 2);
        f.queue(slots(2, 50), 3);
        QueueSnapshot snap = f.engine.snapshot(at(10));
        assertEquals(at(10), snap.at());
        assertEquals(List.of(at(100), at(300), at(300)),
                snap.pending().stream().map(QueueSnapshot.Pending::estimatedStart).toList());
        assertEquals(List.of(f.sessionOf(running)), snap.running());
    }

    @Test
    void aSessionWithoutALimitIsAssumedToEndAfterTheDefault() {
        EngineFixture f = new EngineFixture("a:4", Duration.ofSeconds(500));
        f.queue(AllocationRequest.slots(1000, 4), 0);
        f.queue(slots(4, 10), 1);
        assertEquals(at(500), f.engine.snapshot(at(1)).pending().get(0).estimatedStart());
        assertEquals(at(800), f.engine.snapshot(at(800)).pending().get(0).estimatedStart(),
                "past the default it may end any moment");
    }

    @Test
    void timeNeverGoesBackForTheEngine() {
        EngineFixture f = new EngineFixture("a:4");
        Session s = f.sessionOf(f.queue(slots(1, 60), 100));
        assertEquals(at(160), s.end());
        assertEquals(1, f.tick(200).expired().size());
        assertEquals(at(200), f.engine.snapshot(at(0)).at());
    }
}
