package org.pmix4j.runtime.sched.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.pmix4j.runtime.sched.policy.EngineFixture.at;
import static org.pmix4j.runtime.sched.policy.EngineFixture.slots;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** More time or more resources for a running session: granted only when no reservation is delayed. */
class ExtendTest {

    private static Session extended(ExtendResult r) {
        return assertInstanceOf(ExtendResult.Extended.class, r, () -> r.toString()).session();
    }

    private static String refused(ExtendResult r) {
        return assertInstanceOf(ExtendResult.Refused.class, r, () -> r.toString()).reason();
    }

    @Test
    void moreTimeWithNobodyWaiting() {
        EngineFixture f = new EngineFixture("a:4");
        Session s = f.sessionOf(f.queue(slots(4, 100), 0));
        Session longer = extended(f.engine.extend(s.id(), Extension.time(Duration.ofSeconds(50)), at(10)));
        assertEquals(at(150), longer.end());
        assertEquals(java.util.Optional.of(at(150)), f.engine.nextExpiry());
    }

    @Test
    void moreTimeThatWouldDelayTheHeadIsRefused() {
        EngineFixture f = new EngineFixture("a:4,b:4");
        Session s = f.sessionOf(f.queue(slots(4, 100), 0));
        f.queue(slots(4, 200), 0);
        f.queue(slots(4, 100), 1);
        assertEquals("cannot extend session 1: more time would delay request #3 (uid 1000: 4 slots for 100 s) from "
                + at(100) + " to " + at(150), refused(f.engine.extend(s.id(), Extension.time(Duration.ofSeconds(50)), at(5))));
        assertEquals(at(100), f.engine.session(s.id()).orElseThrow().end(), "nothing changed");
        assertEquals(java.util.Optional.of(at(100)), f.engine.nextExpiry());
    }

    @Test
    void moreTimeThatDelaysNobodyIsGrantedWhileOthersWait() {
        EngineFixture f = new EngineFixture("a:4,b:4");
        Session s = f.sessionOf(f.queue(slots(4, 100), 0));
        Session other = f.sessionOf(f.queue(slots(4, 200), 0));
        f.queue(slots(4, 100), 1);
        Session longer = extended(f.engine.extend(other.id(), Extension.time(Duration.ofSeconds(500)), at(5)));
        assertEquals(at(700), longer.end(), "the head waits for session 1's node, not this one's");
        assertEquals(at(100), f.engine.snapshot(at(5)).pending().get(0).estimatedStart());
        assertEquals(s.end(), f.engine.session(s.id()).orElseThrow().end());
    }

    @Test
    void aSessionWithoutALimitHasNoTimeToExtend() {
        EngineFixture f = new EngineFixture("a:4");
        Session s = f.sessionOf(f.queue(AllocationRequest.slots(1, 1), 0));
        assertEquals("cannot extend session 1: it has no time limit to extend",
                refused(f.engine.extend(s.id(), Extension.time(Duration.ofSeconds(5)), at(1))));
        assertEquals("cannot extend session 9: it is not running",
                refused(f.engine.extend(9, Extension.time(Duration.ofSeconds(5)), at(1))));
    }

    @Test
    void moreSlotsThatAreFreeAndNotReserved() {
        EngineFixture f = new EngineFixture("a:4,b:4");
        Session s = f.sessionOf(f.queue(slots(2, 100), 0));
        Session more = extended(f.engine.extend(s.id(), Extension.resources(new Demand.Slots(3)), at(1)));
        assertEquals(5, more.slots());
        assertEquals(s.start(), more.start());
        Ticket t = f.queue(slots(4, 10), 2);
        assertEquals(false, f.granted(t), "3 slots are free, the session holds the other 5");
    }

    @Test
    void moreSlotsThanAreFreeAreRefused() {
        EngineFixture f = new EngineFixture("a:4");
        Session s = f.sessionOf(f.queue(slots(2, 100), 0));
        assertEquals("cannot extend session 1: the extension asks for 3 slots more; not that many are free now",
                refused(f.engine.extend(s.id(), Extension.resources(new Demand.Slots(3)), at(1))));
        assertEquals("cannot extend session 1: the extension names node z, which is not in the pool (a:4)",
                refused(f.engine.extend(s.id(), Extension.resources(new Demand.Slots(1)).on(List.of("z")), at(1))));
    }

    @Test
    void moreSlotsTheHeadIsWaitingForAreRefusedUnlessTheyAreBackInTime() {
        EngineFixture f = new EngineFixture("a:4,b:4");
        Session s = f.sessionOf(f.queue(slots(4, 100), 0));
        Session x = f.sessionOf(f.queue(slots(2, 50), 0));
        f.queue(slots(4, 100), 1);
        assertEquals(at(50), f.engine.snapshot(at(2)).pending().get(0).estimatedStart(), "b is free at 50");
        assertEquals("cannot extend session 1: the free resources it asks for are needed by request #3 (uid 1000:"
                        + " 4 slots for 100 s), reserved to start at " + at(50),
                refused(f.engine.extend(s.id(), Extension.resources(new Demand.Slots(2)), at(2))));
        Session more = extended(f.engine.extend(x.id(), Extension.resources(new Demand.Slots(2)), at(2)));
        assertEquals(List.of(new NodeSlots("b", 4)), more.nodes(), "session 2 ends at 50: its slots are back in time");
        assertEquals(at(50), f.engine.snapshot(at(2)).pending().get(0).estimatedStart());
    }

    @Test
    void moreNodesNeededByTheReservationAreRefused() {
        EngineFixture f = new EngineFixture("a:4,b:4,c:4");
        Session s = f.sessionOf(f.queue(EngineFixture.nodes(1, 1000), 0));
        Session shortOne = f.sessionOf(f.queue(EngineFixture.nodes(1, 100), 0));
        f.queue(EngineFixture.nodes(2, 100), 1);
        assertEquals(List.of("a"), s.nodeNames());
        String why = refused(f.engine.extend(s.id(), Extension.resources(new Demand.WholeNodes(1)), at(2)));
        assertEquals("cannot extend session 1: the free resources it asks for are needed by request #3 (uid 1000:"
                + " 2 nodes for 100 s), reserved to start at " + at(100), why);
        Session extendedShort = extended(f.engine.extend(shortOne.id(),
                Extension.resources(new Demand.WholeNodes(1)), at(2)));
        assertEquals(List.of("b", "c"), extendedShort.nodeNames(), "it ends by the head's start: no delay");
    }

    @Test
    void namedNodesWhole() {
        EngineFixture f = new EngineFixture("a:4,b:2,c:4");
        Session s = f.sessionOf(f.queue(slots(1, 100), 0));
        assertEquals(List.of(new NodeSlots("b", 1)), s.nodes(), "the tightest fit");
        Session more = extended(f.engine.extend(s.id(),
                Extension.resources(new Demand.ListedNodes()).on(List.of("c", "c")), at(1)));
        assertEquals(List.of(new NodeSlots("b", 1), new NodeSlots("c", 4)), more.nodes());
        assertEquals("cannot extend session 1: the extension asks for nodes b; they are not entirely free now",
                refused(f.engine.extend(s.id(), Extension.resources(new Demand.ListedNodes()).on(List.of("b")), at(1))));
        assertEquals("cannot extend session 1: the extension asks for nothing: give more time, nodes or slots",
                refused(f.engine.extend(s.id(), new Extension(null, null, List.of()), at(1))));
    }

    @Test
    void anExpiredSessionIsNotExtended() {
        EngineFixture f = new EngineFixture("a:4");
        Session s = f.sessionOf(f.queue(slots(1, 10), 0));
        f.tick(10);
        assertEquals("cannot extend session 1: its time limit passed at " + at(10) + "; it is being ended",
                refused(f.engine.extend(s.id(), Extension.time(Duration.ofSeconds(60)), at(11))));
    }
}
