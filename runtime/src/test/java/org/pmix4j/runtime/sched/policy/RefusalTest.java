package org.pmix4j.runtime.sched.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Requests that can never fit are refused at once, with a reason a user can read, and never queued. */
class RefusalTest {
    private final EngineFixture f = new EngineFixture("a:4,b:4");

    private String refusal(AllocationRequest r) {
        Submission s = f.submit(r, 0);
        assertTrue(s.refused(), () -> r + " was accepted");
        assertFalse(f.engine.isQueued(s.ticket()));
        assertTrue(s.changes().granted().isEmpty());
        return s.refusal().orElseThrow();
    }

    @Test
    void tooManySlots() {
        assertEquals("asks for 9 slots; the pool has 8 (a:4, b:4)", refusal(AllocationRequest.slots(1, 9)));
    }

    @Test
    void tooManySlotsOnTheNamedNodes() {
        assertEquals("asks for 5 slots; the nodes it names have 4 (b:4)",
                refusal(AllocationRequest.slots(1, 5).on(List.of("b"))));
    }

    @Test
    void tooManyNodes() {
        assertEquals("asks for 3 nodes; the pool has 2 (a:4, b:4)", refusal(AllocationRequest.nodes(1, 3)));
        assertEquals("asks for 2 nodes; it names 1 (a:4)", refusal(AllocationRequest.nodes(1, 2).on(List.of("a"))));
    }

    @Test
    void unknownNodes() {
        assertEquals("names node c, which is not in the pool (a:4, b:4)",
                refusal(AllocationRequest.listedNodes(1, List.of("a", "c"))));
        assertEquals("names nodes c, d, which are not in the pool (a:4, b:4)",
                refusal(AllocationRequest.slots(1, 1).on(List.of("c", "d"))));
    }

    @Test
    void zeroOrNegativeCounts() {
        assertEquals("asks for 0 slots; ask for at least 1", refusal(AllocationRequest.slots(1, 0)));
        assertEquals("asks for -2 nodes; ask for at least 1", refusal(AllocationRequest.nodes(1, -2)));
        assertEquals("names no nodes: give a number of nodes or slots, or a node list",
                refusal(AllocationRequest.listedNodes(1, List.of())));
    }

    @Test
    void zeroTimeLimit() {
        assertEquals("asks for a time limit of 0 s; give at least 1 s, or no limit",
                refusal(AllocationRequest.slots(1, 1).withTimeLimit(Duration.ZERO)));
    }

    @Test
    void aLongPoolIsDescribedByItsFirstNodes() {
        EngineFixture big = new EngineFixture("n0:1,n1:1,n2:1,n3:1,n4:1,n5:1,n6:1,n7:1,n8:1,n9:1");
        assertEquals("asks for 11 slots; the pool has 10 (n0:1, n1:1, n2:1, n3:1, n4:1, n5:1, n6:1, n7:1, and 2 more)",
                big.submit(AllocationRequest.slots(1, 11), 0).refusal().orElseThrow());
    }

    @Test
    void aRefusedRequestLeavesTheQueueAlone() {
        Ticket running = f.queue(EngineFixture.slots(8, 100), 0);
        refusal(AllocationRequest.slots(1, 9));
        assertTrue(f.engine.snapshot(EngineFixture.at(1)).pending().isEmpty());
        assertEquals(List.of(running), f.grantOrder());
    }

    @Test
    void attributesGivingBothCountsOrNoneAreAnError() {
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> AllocationRequest.fromAttributes(1, 2, 8, null, null, null));
        assertTrue(both.getMessage().contains("PMIX_ALLOC_NUM_NODES"), both.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> AllocationRequest.fromAttributes(1, null, null, " ", null, null));
        assertTrue(none.getMessage().contains("asks for no resources"), none.getMessage());
    }

    @Test
    void attributesMapToTheDemand() {
        AllocationRequest r = AllocationRequest.fromAttributes(7, null, null, "a, b,,a", 600L, "job-1");
        assertEquals(new Demand.ListedNodes(), r.demand());
        assertEquals(List.of("a", "b"), r.nodeList());
        assertEquals(Duration.ofSeconds(600), r.timeLimit());
        assertEquals("job-1", r.requestId());
        assertEquals(new Demand.Slots(3), AllocationRequest.fromAttributes(7, null, 3, null, null, null).demand());
        assertEquals(new Demand.WholeNodes(1), AllocationRequest.fromAttributes(7, 1, null, "b", null, null).demand());
    }
}
