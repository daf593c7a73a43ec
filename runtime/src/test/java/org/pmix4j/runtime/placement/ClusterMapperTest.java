package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ClusterMapper} over synthetic nodes: PRRTE's shares by slot, node and ppr, ranks, slots, usage. */
class ClusterMapperTest {
    @TempDir
    static Path dir;
    private static NodeTopology big;

    @BeforeAll
    static void topologies() throws Exception {
        big = NodeTopology.probe(FakeSysfs.twoPackagesFourCoresTwoThreads(dir.resolve("big")).root());
    }

    private static List<ClusterNode> nodes(int... slots) {
        List<ClusterNode> out = new ArrayList<>();
        for (int i = 0; i < slots.length; i++) {
            out.add(new ClusterNode(i, "h" + (i + 1), NodeTopology.flat(4, null), slots[i], 0, -1));
        }
        return out;
    }

    private static JobMap map(List<ClusterNode> nodes, String mapBy, RankingPolicy rankBy,
            Map<Integer, NodeUsage> usage, int... nps) {
        List<PlacementRequest.App> apps = new ArrayList<>();
        for (int np : nps) {
            apps.add(new PlacementRequest.App(np, "./a.out"));
        }
        return ClusterMapper.map(new ClusterMapper.Request(nodes, apps,
                mapBy == null ? MappingPolicy.DEFAULT : MappingPolicy.parse(mapBy), rankBy, BindingPolicy.DEFAULT,
                usage, BindingSupport.SUPPORTED));
    }

    private static List<Integer> nodeOfRanks(JobMap m) {
        return m.procs().stream().map(ProcPlacement::node).toList();
    }

    @Test
    void bySlotFillsEachNodeBeforeTheNext() {
        JobMap m = map(nodes(2, 2, 2), "slot", null, Map.of(), 5);
        assertEquals(List.of(0, 0, 1, 1, 2), nodeOfRanks(m));
        assertEquals(3, m.nodes().size());
        assertEquals("h2", m.node(1).name());
        assertEquals(List.of(0, 1, 0, 1, 0), m.procs().stream().map(ProcPlacement::localRank).toList());
        assertEquals(6, m.slots());
        assertEquals("BYSLOT:NOOVERSUBSCRIBE", m.mapbyString());
    }

    @Test
    void defaultMappingFillsNodesToo() {
        JobMap m = map(nodes(2, 2), null, null, Map.of(), 4);
        assertEquals(List.of(0, 0, 1, 1), nodeOfRanks(m));
        assertTrue(m.procs().stream().allMatch(ProcPlacement::bound));
    }

    @Test
    void byNodeGoesRoundRobinWithRanksByNode() {
        JobMap m = map(nodes(4, 4), "node", null, Map.of(), 4);
        assertEquals(List.of(0, 1, 0, 1), nodeOfRanks(m));
        assertEquals(RankingPolicy.NODE, m.ranking());
        assertEquals("0,2", String.join(",", m.procsOn(0).stream().map(p -> "" + p.rank()).toList()));
        JobMap bySlotRanks = map(nodes(4, 4), "node", RankingPolicy.SLOT, Map.of(), 4);
        assertEquals(List.of(0, 0, 1, 1), nodeOfRanks(bySlotRanks));
    }

    @Test
    void rankByNodeAfterSlotMapping() {
        JobMap m = map(nodes(2, 2), "slot", RankingPolicy.NODE, Map.of(), 4);
        assertEquals(List.of(0, 1, 0, 1), nodeOfRanks(m));
    }

    @Test
    void pprPutsNOnEachNode() {
        JobMap m = map(nodes(4, 4, 4), "ppr:2:node", null, Map.of(), 6);
        assertEquals(List.of(0, 0, 1, 1, 2, 2), nodeOfRanks(m));
        assertEquals("PPR:NOOVERSUBSCRIBE", m.mapbyString());
        PlacementException e = assertThrows(PlacementException.class,
                () -> map(nodes(4, 4), "ppr:2:node", null, Map.of(), 5));
        assertTrue(e.getMessage().contains("at most 4"), e.getMessage());
    }

    @Test
    void notEnoughSlotsNamesTheTotalAndTheHosts() {
        PlacementException e = assertThrows(PlacementException.class,
                () -> map(nodes(2, 1), "slot", null, Map.of(), 4));
        assertTrue(e.getMessage().startsWith("There are not enough slots available in the system to satisfy the 4"
                + " slots that were requested by the application:"), e.getMessage());
        assertTrue(e.getMessage().contains("3 slots in all (h1: 2, h2: 1)"), e.getMessage());
    }

    @Test
    void oversubscriptionSpreadsTheRestEvenly() {
        JobMap m = map(nodes(1, 1), "slot:OVERSUBSCRIBE", null, Map.of(), 5);
        // 1 + 1 fill the slots, the other 3 go 2 then 1
        assertEquals(List.of(0, 0, 0, 1, 1), nodeOfRanks(m));
        assertTrue(m.node(0).oversubscribed());
        assertTrue(m.oversubscribed());
    }

    @Test
    void maxSlotsIsNeverExceeded() {
        List<ClusterNode> n = List.of(new ClusterNode(0, "h1", NodeTopology.flat(4, null), 1, 1, -1),
                new ClusterNode(1, "h2", NodeTopology.flat(4, null), 1, 0, -1));
        JobMap m = map(n, "slot:OVERSUBSCRIBE", null, Map.of(), 4);
        assertEquals(List.of(0, 1, 1, 1), nodeOfRanks(m));
    }

    @Test
    void liveProcessesTakeSlotsAndNodeRanksPerNode() {
        NodeUsage busy = new NodeUsage(2, CpuSet.of(0, 1), 2);
        JobMap m = map(nodes(2, 2), "slot", null, Map.of(0, busy), 2);
        assertEquals(List.of(1, 1), nodeOfRanks(m));
        assertEquals(List.of(0, 1), m.procs().stream().map(ProcPlacement::nodeRank).toList());
        JobMap half = map(nodes(4, 4), "slot", null, Map.of(0, busy), 4);
        assertEquals(List.of(0, 0, 1, 1), nodeOfRanks(half));
        assertEquals(List.of(2, 3), half.procsOn(0).stream().map(ProcPlacement::nodeRank).toList());
        // the CPUs held on node 0 are avoided there
        assertTrue(half.procsOn(0).stream().noneMatch(p -> p.cpus().intersects(CpuSet.of(0, 1))));
        assertEquals(4, half.node(0).procs());
    }

    @Test
    void applicationsKeepContiguousRanksAcrossNodes() {
        JobMap m = map(nodes(2, 2), "slot", null, Map.of(), 3, 1);
        assertEquals(List.of(0, 0, 1, 1), nodeOfRanks(m));
        assertEquals(List.of(0, 0, 0, 1), m.procs().stream().map(ProcPlacement::appnum).toList());
        assertEquals(List.of(0, 1, 2, 0), m.procs().stream().map(ProcPlacement::appRank).toList());
    }

    @Test
    void oneNodeIsTheOneNodeMapper() {
        ClusterNode only = new ClusterNode(0, "vm", big, 0, 0, -1);
        JobMap viaCluster = map(List.of(only), "core", null, Map.of(), 2);
        JobMap direct = Mapper.map(PlacementRequest.builder(big, List.of(new PlacementRequest.App(2, "./a.out")))
                .mapping(MappingPolicy.parse("core")).hostname("vm").build());
        assertEquals(direct.procs(), viaCluster.procs());
        assertEquals("vm", viaCluster.node(0).name());
    }

    @Test
    void displayMapHasOneBlockPerNode() {
        JobMap m = map(nodes(1, 1), "slot", null, Map.of(), 2);
        String text = PlacementReports.jobMap("ns@1", "h1", m);
        assertTrue(text.contains("Total slots allocated 2\n"), text);
        assertTrue(text.contains("\n\nData for node: h1\tNum slots: 1\tMax slots: 0\tNum procs: 1\n"
                + "        Process jobid: ns@1 App: 0 Process rank: 0 Bound: "), text);
        assertTrue(text.contains("\n\nData for node: h2\tNum slots: 1\tMax slots: 0\tNum procs: 1\n"
                + "        Process jobid: ns@1 App: 0 Process rank: 1 Bound: "), text);
    }

    @Test
    void topologyTravelsAsText() {
        String text = big.encode();
        NodeTopology back = NodeTopology.decode(text);
        assertEquals(text, back.encode());
        for (HwLevel l : HwLevel.values()) {
            assertEquals(big.objects(l), back.objects(l), l.name());
        }
        assertEquals(big.allowed(), back.allowed());
        assertEquals(big.depthOrder(), back.depthOrder());
        NodeTopology degraded = NodeTopology.flat(3, "no sysfs | here");
        assertEquals(degraded.degradation(), NodeTopology.decode(degraded.encode()).degradation());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NodeTopology.decode("topo1|0-3|2|CORE|-"));
        assertTrue(e.getMessage().contains("not 1 or 0"), e.getMessage());
    }

    @Test
    void remoteHostsAreAccepted() {
        HostSpec h = HostSpec.ofOptions(List.of("localhost:2,node07:4"), null, "vm");
        assertEquals("localhost", h.localHost().orElseThrow().name());
        assertEquals(List.of("node07"), h.remoteHosts().stream().map(HostSpec.Host::name).toList());
        HostSpec remoteOnly = HostSpec.ofOptions(List.of("node07,10.9.9.9"), null, "vm");
        assertTrue(remoteOnly.localHost().isEmpty());
        assertEquals(2, remoteOnly.remoteHosts().size());
    }
}
