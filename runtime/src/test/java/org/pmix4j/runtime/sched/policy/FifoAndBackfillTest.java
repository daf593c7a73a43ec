package org.pmix4j.runtime.sched.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pmix4j.runtime.sched.policy.EngineFixture.at;
import static org.pmix4j.runtime.sched.policy.EngineFixture.nodes;
import static org.pmix4j.runtime.sched.policy.EngineFixture.slots;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The order of grants: FIFO while the head fits, EASY backfill behind a blocked head. */
class FifoAndBackfillTest {

    @Test
    void servesTheQueueInOrderWhenResourcesFree() {
        EngineFixture f = new EngineFixture("a:4");
        Ticket first = f.queue(slots(4, 100), 0);
        Ticket second = f.queue(slots(3, 100), 1);
        Ticket third = f.queue(slots(1, 100), 2);
        // the third would fit beside the second once the first ends, but it never overtakes while it would
        // take what the second is waiting for: the first is still running here and 1 slot is not free
        assertEquals(List.of(first), f.grantOrder());
        f.release(f.sessionOf(first).id(), 10);
        assertEquals(List.of(first, second, third), f.grantOrder());
    }

    @Test
    void aSmallRequestThatEndsBeforeTheReservationJumpsTheBlockedHead() {
        EngineFixture f = new EngineFixture("a:4,b:4");
        Ticket running = f.queue(slots(6, 100), 0);
        Ticket big = f.queue(slots(8, 100), 1);
        Ticket small = f.queue(slots(2, 50), 2);
        assertEquals(List.of(running, small), f.grantOrder(), "the small one ends at 52, before the head's 100");
        assertEquals(at(100), f.engine.snapshot(at(2)).pending().get(0).estimatedStart());
        f.release(f.sessionOf(small).id(), 52);
        f.release(f.sessionOf(running).id(), 100);
        assertEquals(List.of(running, small, big), f.grantOrder());
    }

    @Test
    void aSmallRequestThatWouldDelayTheHeadWaits() {
        EngineFixture f = new EngineFixture("a:4,b:4");
        Ticket running = f.queue(slots(6, 100), 0);
        Ticket big = f.queue(slots(8, 100), 1);
        Ticket small = f.queue(slots(2, 200), 2);
        assertEquals(List.of(running), f.grantOrder(), "the small one would still hold 2 slots at 100");
        f.release(f.sessionOf(running).id(), 100);
        assertEquals(List.of(running, big), f.grantOrder());
        f.release(f.sessionOf(big).id(), 150);
        assertEquals(List.of(running, big, small), f.grantOrder());
    }

    @Test
    void aLongRequestMayUseSlotsTheReservationDoesNotNeed() {
        EngineFixture f = new EngineFixture("a:4,b:4");
        Ticket running = f.queue(slots(4, 100), 0);
        assertEquals(List.of("a"), f.sessionOf(running).nodeNames());
        Ticket wantsA = f.queue(AllocationRequest.listedNodes(1000, List.of("a")), 1);
        Ticket longOnB = f.queue(slots(3, 10_000), 2);
        Ticket tooLong = f.queue(nodes(1, 10_000), 3);
        assertEquals(List.of(running, longOnB), f.grantOrder(),
                "3 slots on b do not touch node a, which is all the head waits for; a whole node would be b");
        assertEquals(List.of("b"), f.sessionOf(longOnB).nodeNames());
        f.release(f.sessionOf(running).id(), 100);
        assertEquals(List.of(running, longOnB, wantsA), f.grantOrder());
        assertFalse(f.granted(tooLong));
    }

    @Test
    void wholeNodeRequestsBackfillOnNodesTheHeadDoesNotNeed() {
        EngineFixture f = new EngineFixture("a:4,b:4,c:4");
        Ticket running = f.queue(AllocationRequest.listedNodes(1000, List.of("a", "b"))
                .withTimeLimit(java.time.Duration.ofSeconds(100)), 0);
        Ticket head = f.queue(nodes(3, 100), 1);
        Ticket oneNodeLong = f.queue(nodes(1, 10_000), 2);
        Ticket oneNodeShort = f.queue(nodes(1, 50), 3);
        // the head needs all three nodes at 100: a long one-node request would hold c then, a short one not
        assertEquals(List.of(running, oneNodeShort), f.grantOrder());
        assertEquals(List.of("c"), f.sessionOf(oneNodeShort).nodeNames());
        f.release(f.sessionOf(oneNodeShort).id(), 60);
        f.release(f.sessionOf(running).id(), 100);
        assertEquals(List.of(running, oneNodeShort, head), f.grantOrder());
        assertFalse(f.granted(oneNodeLong));
    }

    @Test
    void theHeadMayTakeOtherNodesAtItsStartSoThatABackfilledRequestFits() {
        // the head wants 4 slots at 100 and would first take a; a long 2-slot request on a is fine as long as
        // the head still finds 4 slots then (on b)
        EngineFixture f = new EngineFixture("a:4,b:4");
        Ticket onA = f.queue(AllocationRequest.slots(1000, 2).on(List.of("a"))
                .withTimeLimit(java.time.Duration.ofSeconds(100)), 0);
        Ticket onB = f.queue(slots(4, 100), 0);
        assertEquals(List.of("b"), f.sessionOf(onB).nodeNames(), "4 slots go to the node with most free: b");
        Ticket head = f.queue(slots(4, 100), 1);
        Ticket longOnA = f.queue(AllocationRequest.slots(1000, 2).on(List.of("a"))
                .withTimeLimit(java.time.Duration.ofSeconds(10_000)), 2);
        assertEquals(List.of(onA, onB, longOnA), f.grantOrder());
        f.release(f.sessionOf(onA).id(), 100);
        f.release(f.sessionOf(onB).id(), 100);
        assertTrue(f.granted(head));
        assertEquals(List.of("b"), f.sessionOf(head).nodeNames());
    }

    @Test
    void slotsArePackedOnAsFewNodesAsPossibleAndTheLastPieceFitsTightly() {
        EngineFixture f = new EngineFixture("a:4,b:8,c:2");
        Session six = f.sessionOf(f.queue(slots(6, 100), 0));
        assertEquals(List.of(new NodeSlots("b", 6)), six.nodes(), "one node holds them: b, the only one");
        Session one = f.sessionOf(f.queue(slots(1, 100), 0));
        assertEquals(List.of(new NodeSlots("b", 1)), one.nodes(),
                "the tightest fit (b and c have 2 free, b comes first) keeps a whole");
        Session five = f.sessionOf(f.queue(slots(5, 100), 0));
        assertEquals(List.of(new NodeSlots("a", 4), new NodeSlots("b", 1)), five.nodes(),
                "two nodes at least; the last slot on b, which has 1 free, rather than c with 2");
    }

    @Test
    void sessionIdsStartAtOneAndAllocationIdsFollowThem() {
        EngineFixture f = new EngineFixture("a:4");
        Session s1 = f.sessionOf(f.queue(slots(1, 10).withRequestId("mine"), 0));
        Session s2 = f.sessionOf(f.queue(AllocationRequest.slots(1001, 1), 0));
        assertEquals(1, s1.id());
        assertEquals("alloc.1", s1.allocationId());
        assertEquals("mine", s1.requestId());
        assertEquals(at(0), s1.start());
        assertEquals(at(10), s1.end());
        assertEquals(2, s2.id());
        assertEquals(1001, s2.uid());
        assertEquals(null, s2.end(), "no limit, no end");
        f.release(1, 5);
        assertEquals(3, f.sessionOf(f.queue(slots(1, 10), 6)).id(), "ids are never reused");
    }
}
