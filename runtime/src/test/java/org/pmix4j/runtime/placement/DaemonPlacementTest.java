package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pmix4j.runtime.placement.DaemonPlacement.Count;
import org.pmix4j.runtime.placement.DaemonPlacement.Per;

class DaemonPlacementTest {
    /** A target job: ranks 0-2 on node 0 (h1), 3-4 on node 2 (h3); h1 has 2 slots, so it is oversubscribed. */
    private static JobMap target() {
        List<ProcPlacement> procs = new ArrayList<>();
        for (int r = 0; r < 5; r++) {
            int node = r < 3 ? 0 : 2;
            int local = r < 3 ? r : r - 3;
            procs.add(new ProcPlacement(r, 0, r, local, local, null, CpuSet.EMPTY, null, null, node));
        }
        return new JobMap(procs, List.of(new JobNode(0, "h1", 2, 0, 3, true, -1), new JobNode(2, "h3", 4, 0, 2, false,
                -1)), MappingPolicy.DEFAULT, RankingPolicy.SLOT, BindingPolicy.parse("none"), 0, false, List.of());
    }

    @Test
    void perProcessPutsNOnEachTargetsNodeWithLocalRanksOfTheirOwn() {
        JobMap d = DaemonPlacement.place(target(), r -> true, List.of(new Count(Per.PROC, 2)),
                Map.of(0, new NodeUsage(3, CpuSet.EMPTY, 3), 2, new NodeUsage(2, CpuSet.EMPTY, 7)));
        assertEquals(10, d.size());
        assertEquals(6, d.procsOn(0).size());
        assertEquals(4, d.procsOn(2).size());
        for (int r = 0; r < 10; r++) {
            ProcPlacement p = d.proc(r);
            assertEquals(r, p.rank());
            assertEquals(r < 6 ? r : r - 6, p.localRank(), "local ranks count the daemons only");
            assertEquals(r < 6 ? 3 + r : 7 + r - 6, p.nodeRank(), "node ranks continue the node's");
            assertNull(p.cpus(), "daemons are not bound");
        }
        assertEquals(List.of("h1", "h3"), d.nodes().stream().map(JobNode::name).toList());
        assertEquals(false, d.oversubscribed(), "daemons never make a node oversubscribed");
        assertEquals(9, d.node(0).procs());
    }

    @Test
    void perNodePutsNOnEachNodeWithATarget() {
        JobMap d = DaemonPlacement.place(target(), r -> true, List.of(Count.DEFAULT), Map.of());
        assertEquals(2, d.size());
        assertEquals(0, d.proc(0).node());
        assertEquals(2, d.proc(1).node());
        assertEquals(0, d.proc(1).localRank());
    }

    @Test
    void oneTargetProcessGetsItsNodeOnly() {
        JobMap d = DaemonPlacement.place(target(), r -> r == 4, List.of(new Count(Per.NODE, 3)), Map.of());
        assertEquals(3, d.size());
        assertEquals(List.of(2), d.nodes().stream().map(JobNode::id).toList());
    }

    @Test
    void applicationsAreRankedOneAfterTheOther() {
        JobMap d = DaemonPlacement.place(target(), r -> true, List.of(new Count(Per.NODE, 1), new Count(Per.PROC, 1)),
                Map.of());
        assertEquals(7, d.size());
        assertEquals(List.of(0, 0, 1, 1, 1, 1, 1), d.procs().stream().map(ProcPlacement::appnum).toList());
        // the second application's local ranks continue after the first's on each node
        assertEquals(List.of(0, 0, 1, 2, 3, 1, 2), d.procs().stream().map(ProcPlacement::localRank).toList());
    }

    @Test
    void noTargetRankIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> DaemonPlacement.place(target(), r -> r == 9, List.of(Count.DEFAULT), Map.of()));
        assertThrows(IllegalArgumentException.class, () -> new Count(Per.PROC, 0));
    }
}
