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

/** {@code --map-by seq} and {@code --map-by rankfile} over synthetic nodes, as PRRTE's mappers place. */
class ListedMapperTest {
    @TempDir
    static Path dir;
    /** 2 packages of 4 cores with 2 hardware threads each. */
    private static NodeTopology big;

    @BeforeAll
    static void topologies() throws Exception {
        big = NodeTopology.probe(FakeSysfs.twoPackagesFourCoresTwoThreads(dir.resolve("big")).root());
    }

    private static List<ClusterNode> nodes(int n, int slots) {
        List<ClusterNode> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new ClusterNode(i, "h" + (i + 1), big, slots, 0, -1));
        }
        return out;
    }

    private static JobMap map(List<ClusterNode> nodes, String mapBy, String bindTo, PlacementList list, int... nps) {
        List<PlacementRequest.App> apps = new ArrayList<>();
        for (int np : nps) {
            apps.add(new PlacementRequest.App(np, "./a.out"));
        }
        return ListedMapper.map(new ClusterMapper.Request(nodes, apps, MappingPolicy.parse(mapBy), null,
                bindTo == null ? BindingPolicy.DEFAULT : BindingPolicy.parse(bindTo), Map.of(),
                BindingSupport.SUPPORTED), list, "localhost"::equalsIgnoreCase);
    }

    private static List<Integer> nodeOfRanks(JobMap m) {
        return m.procs().stream().map(ProcPlacement::node).toList();
    }

    @Test
    void seqPutsRankIOnTheIthLine() {
        PlacementList seq = PlacementList.parseSequence("sequence file hf", "# hosts\nh2 slots=4\nh1\n\nuser@h2\n"
                + "localhost\n");
        JobMap m = map(nodes(2, 0), "seq", null, seq, 4);
        assertEquals(List.of(1, 0, 1, 0), nodeOfRanks(m), "localhost is this node, node 0");
        assertEquals(List.of(0, 0, 1, 1), m.procs().stream().map(ProcPlacement::localRank).toList());
        assertEquals("SEQUENTIAL:NOOVERSUBSCRIBE", m.mapbyString());
        assertEquals("SLOT", m.rankbyString());
        assertEquals(List.of("h1", "h2"), m.nodes().stream().map(JobNode::name).toList());
        assertTrue(m.procs().stream().allMatch(ProcPlacement::bound), "bound as by slot: to a core for two a node");
        // two applications (MPMD): ranks run across them
        JobMap two = map(nodes(2, 0), "seq", null, seq, 1, 2);
        assertEquals(List.of(0, 1, 1), two.procs().stream().map(ProcPlacement::appnum).toList());
        assertEquals(List.of(0, 0, 1), two.procs().stream().map(ProcPlacement::appRank).toList());
    }

    @Test
    void seqLineMayNameItsCpus() {
        PlacementList seq = PlacementList.parseSequence("sequence file s", "h1 0-1\nh1 4\n");
        JobMap m = map(nodes(1, 0), "seq", null, seq, 2);
        assertEquals("0-1,8-9", m.proc(0).cpusetString());
        assertEquals("4,12", m.proc(1).cpusetString());
    }

    @Test
    void seqErrors() {
        PlacementList seq = PlacementList.parseSequence("sequence file hf", "h1\nh2\n");
        PlacementException e = assertThrows(PlacementException.class, () -> map(nodes(2, 0), "seq", null, seq, 3));
        assertTrue(e.getMessage().startsWith("A sequential map was requested, but not enough node entries"),
                e.getMessage());
        assertTrue(e.getMessage().contains("Num procs:  3\n  Num nodes:  2"), e.getMessage());
        PlacementList other = PlacementList.parseSequence("sequence file hf", "h1\nh9\n");
        e = assertThrows(PlacementException.class, () -> map(nodes(2, 0), "seq", null, other, 2));
        assertTrue(e.getMessage().contains("contained a node (h9) that is not in your\nallocation"), e.getMessage());
        assertTrue(e.getMessage().contains("sequence file hf line 2"), e.getMessage());
        PlacementList crowded = PlacementList.parseSequence("sequence file hf", "h1\nh1\nh1\n");
        e = assertThrows(PlacementException.class, () -> map(nodes(1, 2), "seq", null, crowded, 3));
        assertTrue(e.getMessage().contains("not enough slots"), e.getMessage());
        assertEquals(3, map(nodes(1, 2), "seq:OVERSUBSCRIBE", null, crowded, 3).size());
    }

    @Test
    void rankfileBindsEachRankWhereItSays() {
        PlacementList rf = PlacementList.parseRankfile("rankfile rf", "rank 2=+n1 slot=2\n"
                + "rank 0=h2 slot=1\n# a comment\nrank 1=h1 slot=1:0-1\nrank 3=h1 slot=0:*\n");
        JobMap m = map(nodes(2, 0), "rankfile:FILE=rf", null, rf, 4);
        assertEquals(List.of(1, 0, 1, 0), nodeOfRanks(m));
        assertEquals("1,9", m.proc(0).cpusetString());
        assertEquals("4-5,12-13", m.proc(1).cpusetString(), "package 1, its cores 0-1");
        assertEquals("2,10", m.proc(2).cpusetString());
        assertEquals("0-3,8-11", m.proc(3).cpusetString(), "package 0, all its cores");
        assertEquals("package[1][core:L4-5]", m.proc(1).binding());
        assertEquals("BYUSER:NOOVERSUBSCRIBE", m.mapbyString());
        assertEquals(List.of(0, 0, 1, 1), m.procs().stream().map(ProcPlacement::localRank).toList());
        PlacementList several = PlacementList.parseRankfile("rankfile rf", "rank 0=h1 slot=0:1;1:0-1\n");
        assertEquals("1,4-5,9,12-13", map(nodes(1, 0), "rankfile:FILE=rf", null, several, 1).proc(0)
                .cpusetString());
    }

    @Test
    void rankfileErrorsArePrrtes() {
        IllegalArgumentException syntax = assertThrows(IllegalArgumentException.class,
                () -> PlacementList.parseRankfile("rankfile rf", "rank zero=h1 slot=0\n"));
        assertTrue(syntax.getMessage().startsWith("Error, invalid syntax in the rankfile (rankfile rf line 1"),
                syntax.getMessage());
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> PlacementList.parseRankfile("rankfile rf", "rank 0=h1 slot=0\nrank 0=h2 slot=0\n"));
        assertTrue(twice.getMessage().startsWith("Error, rank 0 is already assigned to h1"), twice.getMessage());
        PlacementList gap = PlacementList.parseRankfile("rankfile rf", "rank 1=h1 slot=0\n");
        PlacementException e = assertThrows(PlacementException.class,
                () -> map(nodes(1, 0), "rankfile:FILE=rf", null, gap, 2));
        assertTrue(e.getMessage().contains("A rank is missing its location specification:\n\n  Rank:        0"),
                e.getMessage());
        PlacementList far = PlacementList.parseRankfile("rankfile rf", "rank 0=+n5 slot=0\n");
        e = assertThrows(PlacementException.class, () -> map(nodes(2, 0), "rankfile:FILE=rf", null, far, 1));
        assertTrue(e.getMessage().contains("Rankfile claimed host +n5 by index that is bigger than number of"
                + " allocated hosts"), e.getMessage());
        PlacementList stranger = PlacementList.parseRankfile("rankfile rf", "rank 0=elsewhere slot=0\n");
        e = assertThrows(PlacementException.class, () -> map(nodes(1, 0), "rankfile:FILE=rf", null, stranger, 1));
        assertTrue(e.getMessage().contains("Host: elsewhere"), e.getMessage());
        PlacementList noCpu = PlacementList.parseRankfile("rankfile rf", "rank 0=h1 slot=12\n");
        e = assertThrows(PlacementException.class, () -> map(nodes(1, 0), "rankfile:FILE=rf", null, noCpu, 1));
        assertTrue(e.getMessage().contains("specified\na non-existent CPU:\n\n  Slots: 12"), e.getMessage());
        PlacementList shared = PlacementList.parseRankfile("rankfile rf", "rank 0=h1 slot=0-1\nrank 1=h1 slot=1\n");
        e = assertThrows(PlacementException.class, () -> map(nodes(1, 0), "rankfile:FILE=rf", null, shared, 2));
        assertTrue(e.getMessage().startsWith("A process attempted to bind to resources already allocated"),
                e.getMessage());
        assertTrue(e.getMessage().contains("Overlapping CPU Set       : 1,9"), e.getMessage());
        JobMap overloaded = map(nodes(1, 0), "rankfile:FILE=rf", "core:OVERLOAD-ALLOWED", shared, 2);
        assertEquals("1,9", overloaded.proc(1).cpusetString());
        IllegalArgumentException noFile = assertThrows(IllegalArgumentException.class,
                () -> MappingPolicy.parse("rankfile"));
        assertTrue(noFile.getMessage().contains("rankfile needs the file"), noFile.getMessage());
        IllegalArgumentException pe = assertThrows(IllegalArgumentException.class,
                () -> MappingPolicy.parse("rankfile:FILE=rf:PE=2"));
        assertTrue(pe.getMessage().contains("PE=n cannot be combined with rankfile"), pe.getMessage());
    }

    /**
     * A host given by address is named in a rankfile or sequence file by its host name too (its aliases), as
     * PRRTE matches; a name two nodes answer to names neither.
     */
    @Test
    void aListNamesANodeByItsAliasesToo() {
        List<ClusterNode> nodes = List.of(new ClusterNode(0, "h1", big, 0, 0, -1),
                new ClusterNode(1, "10.0.0.2", big, 0, 0, -1, List.of("h2", "twin")),
                new ClusterNode(2, "10.0.0.3", big, 0, 0, -1, List.of("h3", "twin")));
        PlacementList rf = PlacementList.parseRankfile("rankfile rf", "rank 0=h3 slot=0\nrank 1=10.0.0.2 slot=1\n"
                + "rank 2=H2 slot=2\n");
        assertEquals(List.of(2, 1, 1), nodeOfRanks(map(nodes, "rankfile:FILE=rf", null, rf, 3)));
        PlacementList twin = PlacementList.parseRankfile("rankfile rf", "rank 0=twin slot=0\n");
        PlacementException e = assertThrows(PlacementException.class, () -> map(nodes, "rankfile:FILE=rf", null, twin, 1));
        assertTrue(e.getMessage().contains("Host: twin"), e.getMessage());
    }
}
