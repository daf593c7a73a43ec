package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.BindingSupport;
import org.pmix4j.runtime.placement.ClusterMapper;
import org.pmix4j.runtime.placement.ClusterNode;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.NodeTopology;
import org.pmix4j.runtime.placement.NodeUsage;
import org.pmix4j.runtime.placement.PlacementRequest;
import org.pmix4j.runtime.session.SessionTable;

/** {@link JobTable} over several nodes: node ranks continue per node, PMIX_LOCAL_PROCS is per node. */
class JobTableNodesTest {
    private static final List<ClusterNode> NODES = List.of(
            new ClusterNode(0, "h1", NodeTopology.flat(2, null), 2, 0, -1),
            new ClusterNode(1, "h2", NodeTopology.flat(2, null), 2, 0, -1));

    private final JobTable table = new JobTable("pmix4j-h1-1", new SessionTable("h1", 2,
            Path.of("/nonexistent/dvm.1"), 1000));
    private final List<Map<Integer, NodeUsage>> seen = new ArrayList<>();

    private Job open(int np) {
        List<AppContext> apps = List.of(AppContext.of(np, List.of("./a.out")));
        return table.open(apps, List.of(), null, (usage, slots) -> {
            seen.add(usage);
            return ClusterMapper.map(new ClusterMapper.Request(NODES, List.of(new PlacementRequest.App(np,
                    "./a.out")), MappingPolicy.parse("node:OVERSUBSCRIBE"), null, BindingPolicy.parse("none"), usage,
                    BindingSupport.SUPPORTED));
        });
    }

    @Test
    void nodeRanksAndLocalProcsArePerNode() {
        Job first = open(3);
        JobMap m = first.placement();
        assertEquals(List.of(0, 1, 0), m.procs().stream().map(p -> p.node()).toList());
        Job second = open(2);
        // the second job's placer saw node ranks continuing on each node
        assertEquals(2, seen.get(1).get(0).nextNodeRank());
        assertEquals(1, seen.get(1).get(1).nextNodeRank());
        assertEquals(List.of(2, 1), second.placement().procs().stream().map(p -> p.nodeRank()).toList());

        String ns1 = first.nspace();
        String ns2 = second.nspace();
        assertEquals(List.of(new Proc(ns1, 0), new Proc(ns1, 2), new Proc(ns2, 0)), table.procsOnNode(second, 0));
        assertEquals(List.of(new Proc(ns1, 1), new Proc(ns2, 1)), table.procsOnNode(second, 1));
        assertEquals(table.procsOnNode(second, 0), table.procsOnNode(second));
        assertEquals(List.of(0, 1), List.copyOf(table.procsByNode(second).keySet()));
    }
}
