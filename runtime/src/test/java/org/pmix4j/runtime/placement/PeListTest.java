package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --map-by pe-list=LIST[:ORDERED]} as PRRTE documents it. */
class PeListTest {
    @TempDir
    static Path dir;
    private static NodeTopology big;

    @BeforeAll
    static void topologies() throws Exception {
        big = NodeTopology.probe(FakeSysfs.twoPackagesFourCoresTwoThreads(dir.resolve("big")).root());
    }

    private static JobMap one(String mapBy, String bindTo, int np) {
        PlacementRequest.Builder b = PlacementRequest.builder(big, List.of(new PlacementRequest.App(np, "./a.out")))
                .mapping(MappingPolicy.parse(mapBy)).hostname("vm");
        if (bindTo != null) {
            b.binding(BindingPolicy.parse(bindTo));
        }
        return Mapper.map(b.build());
    }

    private static String cpus(JobMap m) {
        List<String> s = new ArrayList<>();
        for (ProcPlacement p : m.procs()) {
            s.add(p.bound() ? p.cpusetString() : "-");
        }
        return String.join(" ", s);
    }

    @Test
    void parses() {
        MappingPolicy p = MappingPolicy.parse("pe-list=0,2-3:ordered");
        assertEquals(MappingPolicy.Target.PE_LIST, p.target());
        assertEquals("0,2-3", p.peList().toList());
        assertTrue(p.ordered());
        assertEquals("pe-list=0,2-3:ORDERED", p.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("pe-list"));
        assertTrue(e.getMessage().contains("pe-list needs its CPUs"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("pe-list=a,b"));
        assertTrue(e.getMessage().contains("'a,b' is not a list of CPUs"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("core:ORDERED"));
        assertTrue(e.getMessage().contains("ORDERED only applies to pe-list"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("PE=2"));
        assertTrue(e.getMessage().contains("PE=n is a qualifier") && e.getMessage().contains("pe-list=2"),
                e.getMessage());
        assertEquals(2, MappingPolicy.parse(":PE=2").pesPerProc());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("pe-list=0:PE=2"));
        assertTrue(e.getMessage().contains("PE=n cannot be combined with pe-list"), e.getMessage());
    }

    @Test
    void eachProcessIsBoundToAllTheListedCpus() {
        JobMap m = one("pe-list=0,2", null, 2);
        assertEquals("0,2,8,10 0,2,8,10", cpus(m));
        assertEquals("PE-LIST:NOOVERSUBSCRIBE", m.mapbyString());
        assertEquals("package[0][core:L0,2]", m.proc(0).binding());
        assertTrue(PlacementReports.jobMap("ns", "vm", m).contains("    Cpu set: 0,2  PPR: N/A  Cpus-per-rank: N/A"),
                "the job map shows the list as the job's cpu set, as PRRTE's");
    }

    @Test
    void orderedBindsEachToTheNextListedCpu() {
        JobMap m = one("pe-list=5,0:ORDERED", null, 2);
        assertEquals("0,8 5,13", cpus(m), "the list is a set of CPUs: in their order");
        assertEquals("PE-LIST:NOOVERSUBSCRIBE:ORDERED", m.mapbyString());
    }

    @Test
    void noMoreProcessesThanListedCpusUnlessOverloading() {
        PlacementException e = assertThrows(PlacementException.class, () -> one("pe-list=0,2", null, 3));
        assertTrue(e.getMessage().contains("lets the job use 2 cores, 2 of them free, and 3 processes"),
                e.getMessage());
        assertEquals("0,8 2,10 0,8", cpus(one("pe-list=0,2:ORDERED", "core:OVERLOAD-ALLOWED", 3)));
    }

    @Test
    void aCpuTheNodeLacksIsNamed() {
        PlacementException e = assertThrows(PlacementException.class, () -> one("pe-list=0,9", null, 1));
        assertTrue(e.getMessage().contains("has 8 cores (logical L0-L7), so there is no core L9"), e.getMessage());
    }
}
