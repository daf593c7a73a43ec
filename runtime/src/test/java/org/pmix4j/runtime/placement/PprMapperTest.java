package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --map-by ppr:N:RESOURCE} as PRRTE's ppr mapper places: N processes on each object of the resource,
 * object by object, bound to the object by default, on one node and over several; PRRTE's errors when the
 * pattern does not fit.
 */
class PprMapperTest {
    @TempDir
    static Path dir;
    /** 2 packages (one NUMA node and L3 each) of 4 cores with 2 hardware threads (L1/L2 per core). */
    private static NodeTopology big;
    private static NodeTopology flat;

    @BeforeAll
    static void topologies() throws Exception {
        big = NodeTopology.probe(FakeSysfs.twoPackagesFourCoresTwoThreads(dir.resolve("big")).root());
        Path c = dir.resolve("flat");
        FakeSysfs.at(c).online("0-3").allowed("0-3");
        for (int i = 0; i < 4; i++) {
            Files.createDirectories(c.resolve("sys/devices/system/cpu/cpu" + i));
        }
        flat = NodeTopology.probe(c);
    }

    private static JobMap one(NodeTopology t, String mapBy, int np) {
        return Mapper.map(PlacementRequest.builder(t, List.of(new PlacementRequest.App(np, "./a.out")))
                .mapping(MappingPolicy.parse(mapBy)).hostname("vm").build());
    }

    private static String cpus(JobMap m) {
        List<String> s = new ArrayList<>();
        for (ProcPlacement p : m.procs()) {
            s.add(p.bound() ? p.cpusetString() : "-");
        }
        return String.join(" ", s);
    }

    @Test
    void parsesEveryResourceAsPrrteNamesIt() {
        assertEquals(HwLevel.PACKAGE, MappingPolicy.parse("ppr:2:package").perObject());
        assertEquals(HwLevel.PACKAGE, MappingPolicy.parse("ppr:2:socket").perObject());
        assertEquals(HwLevel.NUMA, MappingPolicy.parse("ppr:1:numa").perObject());
        assertEquals(HwLevel.L3CACHE, MappingPolicy.parse("ppr:1:l3").perObject());
        assertEquals(HwLevel.L2CACHE, MappingPolicy.parse("ppr:1:l2cache").perObject());
        assertEquals(HwLevel.L1CACHE, MappingPolicy.parse("PPR:1:L1CACHE").perObject());
        assertEquals(HwLevel.CORE, MappingPolicy.parse("ppr:1:core").perObject());
        assertEquals(HwLevel.HWTHREAD, MappingPolicy.parse("ppr:1:hwthread").perObject());
        assertNull(MappingPolicy.parse("ppr:3:node").perObject());
        MappingPolicy p = MappingPolicy.parse("ppr:2:package:PE=2:OVERSUBSCRIBE");
        assertEquals(2, p.perNode());
        assertEquals(2, p.pesPerProc());
        assertTrue(p.oversubscribeAllowed());
        assertEquals("ppr:2:package:PE=2:OVERSUBSCRIBE", p.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MappingPolicy.parse("ppr:2:board"));
        assertTrue(e.getMessage().contains("unknown ppr resource 'board'"), e.getMessage());
        assertTrue(e.getMessage().contains("node, package, socket, numa, l3cache"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("ppr:0:core"));
        assertTrue(e.getMessage().contains("the ppr count needs a positive whole number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("ppr:2"));
        assertTrue(e.getMessage().contains("ppr needs a count and a resource"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("ppr:2:core:SPAN"));
        assertTrue(e.getMessage().contains("SPAN"), e.getMessage());
    }

    @Test
    void nPerPackageFillsEachPackageInTurnBoundToIt() {
        JobMap m = one(big, "ppr:2:package", 4);
        assertEquals("0-3,8-11 0-3,8-11 4-7,12-15 4-7,12-15", cpus(m));
        assertEquals("BYPACKAGE:NOOVERSUBSCRIBE", m.mapbyString(), "PRRTE records ppr by an object as by it");
        assertEquals("SLOT", m.rankbyString());
        assertEquals("PACKAGE:IF-SUPPORTED", m.bindtoString());
        assertTrue(PlacementReports.jobMap("ns", "vm", m).contains("\n    Mapping policy: BYPACKAGE:NOOVERSUBSCRIBE"
                + "  Ranking policy: SLOT Binding policy: PACKAGE:IF-SUPPORTED\n    Cpu set: N/A  PPR: 2:package "
                + " Cpus-per-rank: N/A  Cpu Type: CORE\n"), "the job map names the pattern, as PRRTE's");
        // fewer than the pattern: the first objects take theirs
        assertEquals("0-3,8-11 0-3,8-11 4-7,12-15", cpus(one(big, "ppr:2:socket", 3)));
    }

    @Test
    void everyResourceLevel() {
        assertEquals("0,8 1,9 2,10 3,11 4,12 5,13 6,14 7,15", cpus(one(big, "ppr:1:core", 8)));
        assertEquals("0-3,8-11 4-7,12-15", cpus(one(big, "ppr:1:numa", 2)));
        assertEquals("0-3,8-11 4-7,12-15", cpus(one(big, "ppr:1:l3cache", 2)));
        assertEquals("0,8 1,9 2,10", cpus(one(big, "ppr:1:l2cache", 3)));
        assertEquals("0,8 1,9 2,10", cpus(one(big, "ppr:1:l1cache", 3)));
        // as with --map-by hwthread, hardware threads are the CPUs and the slots (16 here)
        assertEquals("0 8 1 9", cpus(one(big, "ppr:1:hwthread", 4)));
        assertEquals("BYHWTHREAD:NOOVERSUBSCRIBE", one(big, "ppr:1:hwthread", 16).mapbyString());
    }

    @Test
    void peGivesEachProcessCpusWithinItsObject() {
        assertEquals("0-1,8-9 4-5,12-13", cpus(one(big, "ppr:1:package:PE=2", 2)));
    }

    @Test
    void moreProcessesThanThePatternIsPrrtesError() {
        PlacementException e = assertThrows(PlacementException.class, () -> one(big, "ppr:1:package", 3));
        assertTrue(e.getMessage().startsWith("Your job has requested more processes than the ppr for\nthis topology"
                + " can support:"), e.getMessage());
        assertTrue(e.getMessage().contains("Number of procs:  3"), e.getMessage());
        assertTrue(e.getMessage().contains("PPR: 1:package"), e.getMessage());
        assertTrue(e.getMessage().contains("has 2 packages"), e.getMessage());
    }

    @Test
    void aPatternBeyondTheSlotsNeedsOversubscription() {
        // 2 per core on 8 cores is 16 processes on an 8-slot node: PRRTE does not use the node at all
        PlacementException e = assertThrows(PlacementException.class, () -> one(big, "ppr:2:core", 2));
        assertTrue(e.getMessage().contains("Your job has requested more processes than the ppr"), e.getMessage());
        assertTrue(e.getMessage().contains("only 8 free slots"), e.getMessage());
        assertTrue(e.getMessage().contains("OVERSUBSCRIBE"), e.getMessage());
        JobMap m = one(big, "ppr:2:core:OVERSUBSCRIBE", 16);
        assertEquals(16, m.size());
        assertTrue(m.oversubscribed());
    }

    @Test
    void aResourceTheNodeLacksIsNamed() {
        PlacementException e = assertThrows(PlacementException.class, () -> one(flat, "ppr:1:l3cache", 1));
        assertTrue(e.getMessage().contains("has no l3cache objects"), e.getMessage());
    }

    private static List<ClusterNode> bigNodes(int n, int slots) {
        List<ClusterNode> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new ClusterNode(i, "h" + (i + 1), big, slots, 0, -1));
        }
        return out;
    }

    private static JobMap cluster(List<ClusterNode> nodes, String mapBy, int np) {
        return ClusterMapper.map(new ClusterMapper.Request(nodes, List.of(new PlacementRequest.App(np, "./a.out")),
                MappingPolicy.parse(mapBy), null, BindingPolicy.DEFAULT, Map.of(), BindingSupport.SUPPORTED));
    }

    @Test
    void overSeveralNodesEachNodeTakesItsPattern() {
        JobMap m = cluster(bigNodes(2, 0), "ppr:2:package", 8);
        assertEquals(List.of(0, 0, 0, 0, 1, 1, 1, 1), m.procs().stream().map(ProcPlacement::node).toList());
        assertEquals("0-3,8-11 0-3,8-11 4-7,12-15 4-7,12-15 0-3,8-11 0-3,8-11 4-7,12-15 4-7,12-15", cpus(m));
        assertEquals(List.of(0, 1, 2, 3, 0, 1, 2, 3), m.procs().stream().map(ProcPlacement::localRank).toList());
        assertEquals("BYPACKAGE:NOOVERSUBSCRIBE", m.mapbyString());
        // fewer: the first node's pattern first
        assertEquals(List.of(0, 0, 0, 0, 1), cluster(bigNodes(2, 0), "ppr:2:package", 5).procs().stream()
                .map(ProcPlacement::node).toList());
        PlacementException e = assertThrows(PlacementException.class,
                () -> cluster(bigNodes(2, 0), "ppr:2:package", 9));
        assertTrue(e.getMessage().contains("at most 8 in all, but 9 were requested"), e.getMessage());
    }

    @Test
    void aNodeWhosePatternExceedsItsSlotsIsLeftOut() {
        List<ClusterNode> nodes = List.of(new ClusterNode(0, "small", big, 2, 0, -1),
                new ClusterNode(1, "large", big, 8, 0, -1));
        JobMap m = cluster(nodes, "ppr:2:package", 4);
        assertEquals(List.of(1, 1, 1, 1), m.procs().stream().map(ProcPlacement::node).toList());
        PlacementException e = assertThrows(PlacementException.class, () -> cluster(nodes, "ppr:2:package", 6));
        assertTrue(e.getMessage().contains("Your job has requested more processes than the ppr"), e.getMessage());
        assertTrue(e.getMessage().contains("Procs mapped:  4"), e.getMessage());
        assertTrue(e.getMessage().contains("small (4 for the pattern, 2 allowed)"), e.getMessage());
    }

    @Test
    void aNodeWithoutTheResourceIsRefused() {
        List<ClusterNode> nodes = List.of(new ClusterNode(0, "h1", big, 0, 0, -1),
                new ClusterNode(1, "h2", flat, 0, 0, -1));
        PlacementException e = assertThrows(PlacementException.class, () -> cluster(nodes, "ppr:1:l3cache", 2));
        assertTrue(e.getMessage().contains("node h2 has no l3cache objects"), e.getMessage());
    }
}
