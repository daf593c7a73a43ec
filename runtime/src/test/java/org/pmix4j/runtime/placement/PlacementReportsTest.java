package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlacementReportsTest {
    @TempDir
    Path dir;

    private JobMap twoOnTwoCores() {
        NodeTopology t = NodeTopology.probe(FakeSysfs.onePackageTwoCores(dir).root());
        return Mapper.map(PlacementRequest.builder(t, List.of(new PlacementRequest.App(2, "./hello"))).build());
    }

    @Test
    void reportBindingsLinesReadAsPrrtes() {
        JobMap m = twoOnTwoCores();
        assertEquals(List.of("[vm:32459] Rank 0 bound to package[0][core:L0]",
                "[vm:32459] Rank 1 bound to package[0][core:L1]"), PlacementReports.bindingLines("vm", 32459, m));
        assertEquals("[vm:00042] Rank 0 bound to package[0][core:L0]", PlacementReports.bindingLine("vm", 42,
                m.proc(0)), "PRRTE's output prefix pads the pid to five digits");
        ProcPlacement unbound = new ProcPlacement(1, 0, 1, 1, 1, null, CpuSet.EMPTY, null, null);
        assertEquals("[vm:32459] Rank 1 is not bound (or bound to all available processors)",
                PlacementReports.bindingLine("vm", 32459, unbound));
    }

    @Test
    void displayMapIsPrrtesJobMapBlock() {
        String expected = "\n"
                + "========================   JOB MAP   ========================\n"
                + "Data for JOB pmix4j-vm-7@1 offset 0 Total slots allocated 2\n"
                + "    Mapping policy: BYCORE:NOOVERSUBSCRIBE  Ranking policy: FILL Binding policy: CORE:IF-SUPPORTED\n"
                + "    Cpu set: N/A  PPR: N/A  Cpus-per-rank: N/A  Cpu Type: CORE\n"
                + "\n"
                + "\n"
                + "Data for node: vm\tNum slots: 2\tMax slots: 0\tNum procs: 2\n"
                + "        Process jobid: pmix4j-vm-7@1 App: 0 Process rank: 0 Bound: package[0][core:L0]\n"
                + "        Process jobid: pmix4j-vm-7@1 App: 0 Process rank: 1 Bound: package[0][core:L1]\n"
                + "\n"
                + "=============================================================\n";
        assertEquals(expected, PlacementReports.jobMap("pmix4j-vm-7@1", "vm", twoOnTwoCores()));
    }

    @Test
    void displayMapOfAnUnboundPeJob() {
        NodeTopology t = NodeTopology.probe(FakeSysfs.onePackageTwoCores(dir).root());
        JobMap m = Mapper.map(PlacementRequest.builder(t, List.of(new PlacementRequest.App(3, "a"),
                new PlacementRequest.App(1, "b"))).mapping(MappingPolicy.parse("slot:OVERSUBSCRIBE")).build());
        String map = PlacementReports.jobMap("ns@2", "vm", m);
        String[] lines = map.split("\n", -1);
        assertEquals("    Mapping policy: BYSLOT:OVERSUBSCRIBE  Ranking policy: SLOT Binding policy: NONE", lines[3]);
        assertEquals("Data for node: vm\tNum slots: 2\tMax slots: 0\tNum procs: 4", lines[7]);
        assertEquals("        Process jobid: ns@2 App: 1 Process rank: 3 Bound: N/A", lines[11]);
        JobMap pe = Mapper.map(PlacementRequest.builder(t, List.of(new PlacementRequest.App(1, "a")))
                .mapping(MappingPolicy.parse(":PE=2")).build());
        assertEquals("    Cpu set: N/A  PPR: N/A  Cpus-per-rank: 2  Cpu Type: CORE",
                PlacementReports.jobMap("ns@3", "vm", pe).split("\n")[4]);
    }
}
