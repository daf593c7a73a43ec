package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapperTest {
    @TempDir
    static Path dir;

    private static NodeTopology small;
    private static NodeTopology big;
    private static NodeTopology container;

    @BeforeAll
    static void topologies() throws Exception {
        small = NodeTopology.probe(FakeSysfs.onePackageTwoCores(dir.resolve("small")).root());
        big = NodeTopology.probe(FakeSysfs.twoPackagesFourCoresTwoThreads(dir.resolve("big")).root());
        Path c = dir.resolve("container");
        FakeSysfs.at(c).online("0-3").allowed("0-3");
        for (int i = 0; i < 4; i++) {
            Files.createDirectories(c.resolve("sys/devices/system/cpu/cpu" + i));
        }
        container = NodeTopology.probe(c);
    }

    private static List<PlacementRequest.App> apps(int... nps) {
        List<PlacementRequest.App> out = new ArrayList<>();
        for (int i = 0; i < nps.length; i++) {
            out.add(new PlacementRequest.App(nps[i], "./app" + i));
        }
        return out;
    }

    private static PlacementRequest.Builder req(NodeTopology t, int... nps) {
        return PlacementRequest.builder(t, apps(nps)).hostname("vm");
    }

    private static String cpus(JobMap m) {
        List<String> s = new ArrayList<>();
        for (ProcPlacement p : m.procs()) {
            s.add(p.bound() ? p.cpusetString() : "-");
        }
        return String.join(" ", s);
    }

    // ---------------------------------------------------------------------------------------------------
    // defaults

    @Test
    void twoProcessesOnTwoCoresMapAndBindByCore() {
        JobMap m = Mapper.map(req(small, 2).build());
        assertEquals("BYCORE:NOOVERSUBSCRIBE", m.mapbyString());
        assertEquals("FILL", m.rankbyString());
        assertEquals("CORE:IF-SUPPORTED", m.bindtoString());
        assertEquals("0 1", cpus(m));
        ProcPlacement r0 = m.proc(0);
        assertEquals("package[0][core:L0]", r0.binding());
        assertEquals("SK0:L30:L20:L10:CR0:HT0:NM0", r0.locality());
        assertEquals("0", r0.cpusetString());
        assertEquals("package[0][core:L1]", m.proc(1).binding());
        assertEquals("SK0:L30:L21:L11:CR1:HT1:NM0", m.proc(1).locality());
        assertEquals(2, m.slots());
        assertFalse(m.oversubscribed());
        assertEquals(List.of(0, 1), m.procs().stream().map(ProcPlacement::localRank).toList());
        assertEquals(List.of(0, 1), m.procs().stream().map(ProcPlacement::nodeRank).toList());
    }

    @Test
    void moreThanTwoProcessesMapByPackageAndFillEachPackage() {
        JobMap m = Mapper.map(req(big, 4).build());
        assertEquals("BYPACKAGE:NOOVERSUBSCRIBE", m.mapbyString());
        assertEquals("FILL", m.rankbyString());
        assertEquals("PACKAGE:IF-SUPPORTED", m.bindtoString());
        // placed package 0, package 1, package 0, package 1; FILL numbers package 0's first
        assertEquals("0-3,8-11 0-3,8-11 4-7,12-15 4-7,12-15", cpus(m));
        assertEquals("package[0][core:L0-3]", m.proc(0).binding());
        assertEquals("package[1][core:L4-7]", m.proc(3).binding());
        assertEquals("SK0:L30:L20-3:L10-3:CR0-3:HT0-7:NM0", m.proc(0).locality());
        // local ranks follow placement order, as PRRTE's do
        assertEquals(List.of(0, 2, 1, 3), m.procs().stream().map(ProcPlacement::localRank).toList());
        // each takes one core of its package
        assertEquals("0,8", m.proc(0).consumed().toList());
        assertEquals("1,9", m.proc(1).consumed().toList());
        assertEquals("4,12", m.proc(2).consumed().toList());
    }

    @Test
    void rankBySpanAndSlotWithObjectMapping() {
        JobMap span = Mapper.map(req(big, 4).ranking(RankingPolicy.SPAN).build());
        assertEquals("0-3,8-11 4-7,12-15 0-3,8-11 4-7,12-15", cpus(span));
        assertEquals("SPAN", span.rankbyString());
        JobMap slot = Mapper.map(req(big, 4).ranking(RankingPolicy.SLOT).build());
        assertEquals("0-3,8-11 4-7,12-15 0-3,8-11 4-7,12-15", cpus(slot));
        JobMap spanQualifier = Mapper.map(req(big, 4).mapping(MappingPolicy.parse("package:SPAN")).build());
        assertEquals("SPAN", spanQualifier.rankbyString());
        assertEquals("BYPACKAGE:NOOVERSUBSCRIBE:SPAN", spanQualifier.mapbyString());
    }

    @Test
    void mapBySlotBindsToNumaForMoreThanTwo() {
        JobMap m = Mapper.map(req(big, 3).mapping(MappingPolicy.parse("slot")).build());
        assertEquals("BYSLOT:NOOVERSUBSCRIBE", m.mapbyString());
        assertEquals("SLOT", m.rankbyString());
        assertEquals("NUMA:IF-SUPPORTED", m.bindtoString());
        assertEquals("0-3,8-11 0-3,8-11 0-3,8-11", cpus(m), "the first NUMA node with a free core, each time");
        JobMap two = Mapper.map(req(big, 2).mapping(MappingPolicy.parse("slot")).build());
        assertEquals("CORE:IF-SUPPORTED", two.bindtoString());
        assertEquals("0,8 1,9", cpus(two));
        JobMap node = Mapper.map(req(big, 2).mapping(MappingPolicy.parse("node")).build());
        assertEquals("BYNODE:NOOVERSUBSCRIBE", node.mapbyString());
        assertEquals("NODE", node.rankbyString());
    }

    @Test
    void mapByCoreAndHwthread() {
        JobMap core = Mapper.map(req(big, 4).mapping(MappingPolicy.parse("core")).build());
        assertEquals("0,8 1,9 2,10 3,11", cpus(core));
        assertEquals("package[0][core:L2]", core.proc(2).binding());
        JobMap hwt = Mapper.map(req(big, 3).mapping(MappingPolicy.parse("hwthread")).build());
        assertEquals("HWTHREAD:IF-SUPPORTED", hwt.bindtoString());
        assertTrue(hwt.hwthreadCpus());
        assertEquals("0 8 1", cpus(hwt), "hardware threads in hwloc's order: both threads of core 0 first");
        assertEquals("package[0][hwt:L1]", hwt.proc(1).binding());
        assertEquals("SK0:L30:L20:L10:CR0:HT1:NM0", hwt.proc(1).locality());
        JobMap allThreads = Mapper.map(req(big, 16).mapping(MappingPolicy.parse("hwthread")).build());
        assertEquals(16, allThreads.slots(), "mapping by hardware thread counts them as slots");
        assertEquals("0-15", allThreads.procs().stream().map(ProcPlacement::cpus).reduce(CpuSet.EMPTY, CpuSet::or)
                .toList());
        PlacementException e = assertThrows(PlacementException.class,
                () -> Mapper.map(req(big, 9).mapping(MappingPolicy.parse("core")).build()));
        assertTrue(e.getMessage().contains("has 8 slots (one per core)"), e.getMessage());
        JobMap bindThread = Mapper.map(req(big, 2).mapping(MappingPolicy.parse("core"))
                .binding(BindingPolicy.parse("hwthread")).build());
        assertEquals("0 1", cpus(bindThread), "one thread of each core");
    }

    @Test
    void bindingBelowTheMappedObject() {
        JobMap m = Mapper.map(req(big, 2).mapping(MappingPolicy.parse("package")).binding(BindingPolicy.parse("core"))
                .build());
        assertEquals("CORE", m.bindtoString());
        assertEquals("0,8 4,12", cpus(m));
        JobMap l2 = Mapper.map(req(big, 2).mapping(MappingPolicy.parse("numa")).binding(BindingPolicy.parse("l2"))
                .build());
        assertEquals("L2CACHE", l2.bindtoString());
        assertEquals("0,8 4,12", cpus(l2));
    }

    @Test
    void aBindingAloneChoosesTheMapping() {
        JobMap m = Mapper.map(req(big, 3).binding(BindingPolicy.parse("core")).build());
        assertEquals("BYCORE:NOOVERSUBSCRIBE", m.mapbyString());
        assertEquals("0,8 1,9 2,10", cpus(m));
        JobMap none = Mapper.map(req(big, 3).binding(BindingPolicy.parse("none")).build());
        assertEquals("BYSLOT:NOOVERSUBSCRIBE", none.mapbyString());
        assertEquals("NONE", none.bindtoString());
        assertEquals("- - -", cpus(none));
        assertNull(none.proc(0).locality());
        assertNull(none.proc(0).cpusetString());
    }

    // ---------------------------------------------------------------------------------------------------
    // slots and oversubscription

    @Test
    void tooManyProcessesFailWithPrrtesMessage() {
        PlacementException e = assertThrows(PlacementException.class, () -> Mapper.map(req(small, 3).build()));
        String msg = e.getMessage();
        assertTrue(msg.startsWith("There are not enough slots available in the system to satisfy the 3 slots that"
                + " were requested by the application:\n\n  ./app0\n"), msg);
        assertTrue(msg.contains("This node (vm) has 2 slots (one per core)"), msg);
        assertTrue(msg.contains("--oversubscribe"), msg);
        assertTrue(msg.contains("-n"), msg);
    }

    @Test
    void oversubscribedJobsRunUnbound() {
        JobMap m = Mapper.map(req(small, 3).mapping(MappingPolicy.DEFAULT.withOversubscribe(true)).build());
        assertEquals("BYPACKAGE:OVERSUBSCRIBE", m.mapbyString());
        assertEquals("NONE", m.bindtoString());
        assertEquals("- - -", cpus(m));
        assertTrue(m.oversubscribed());
        assertEquals(3, m.procsOnNode());
    }

    @Test
    void oversubscribingWithARequiredBindingFailsOrOverloadsOrDrops() {
        PlacementRequest.Builder over = req(small, 3).mapping(MappingPolicy.parse(":OVERSUBSCRIBE"));
        PlacementException e = assertThrows(PlacementException.class,
                () -> Mapper.map(over.binding(BindingPolicy.parse("core")).build()));
        assertTrue(e.getMessage().contains("cannot be bound") && e.getMessage().contains("OVERLOAD-ALLOWED"),
                e.getMessage());
        JobMap overload = Mapper.map(over.binding(BindingPolicy.parse("core:overload-allowed")).build());
        // mapped by core (the binding's object), the third lands on core 0 again; FILL ranks core 0's first
        assertEquals("0 0 1", cpus(overload));
        assertEquals("CORE:OVERLOAD-ALLOWED", overload.bindtoString());
        assertTrue(overload.proc(1).consumed().isEmpty(), "an overloaded binding takes no core");
        assertEquals("0", overload.proc(0).consumed().toList());
        JobMap soft = Mapper.map(over.binding(BindingPolicy.parse("core:if-supported")).build());
        assertEquals("0 - 1", cpus(soft), "the extra process (on core 0, ranked second by FILL) runs unbound");
    }

    @Test
    void moreSlotsThanCoresRunsUnboundByDefault() {
        JobMap m = Mapper.map(req(small, 3).slots(4, "from --host vm:4").build());
        assertFalse(m.oversubscribed());
        assertEquals("NONE", m.bindtoString());
        assertEquals("- - -", cpus(m));
        PlacementException e = assertThrows(PlacementException.class,
                () -> Mapper.map(req(small, 5).slots(4, "from --host vm:4").build()));
        assertTrue(e.getMessage().contains("has 4 slots (from --host vm:4)"), e.getMessage());
    }

    @Test
    void maxSlotsIsAHardLimit() {
        PlacementException e = assertThrows(PlacementException.class, () -> Mapper.map(req(small, 3).slots(2, "x")
                .maxSlots(2).mapping(MappingPolicy.parse(":OVERSUBSCRIBE")).build()));
        assertTrue(e.getMessage().contains("at most 2 processes") && e.getMessage().contains("max_slots=2"),
                e.getMessage());
    }

    // ---------------------------------------------------------------------------------------------------
    // PE=n

    @Test
    void cpusPerProcess() {
        JobMap m = Mapper.map(req(small, 1).mapping(MappingPolicy.parse("slot:PE=2")).build());
        assertEquals("0-1", cpus(m));
        assertEquals("package[0][core:L0-1]", m.proc(0).binding());
        assertEquals("CORE:IF-SUPPORTED", m.bindtoString());
        assertEquals(2, m.cpusPerRank());
        JobMap big2 = Mapper.map(req(big, 2).mapping(MappingPolicy.parse(":PE=3")).build());
        assertEquals("BYSLOT:NOOVERSUBSCRIBE", big2.mapbyString(), "PE>1 maps by slot");
        // the second process does not fit in package 0 (one core left), so it takes package 1's
        assertEquals("0-2,8-10 4-6,12-14", cpus(big2));
        assertEquals("package[1][core:L4-6]", big2.proc(1).binding());
        assertEquals("SK1:L31:L24-6:L14-6:CR4-6:HT8-13:NM1", big2.proc(1).locality());
        JobMap perPackage = Mapper.map(req(big, 2).mapping(MappingPolicy.parse("package:PE=2")).build());
        assertEquals("0-1,8-9 4-5,12-13", cpus(perPackage));
    }

    @Test
    void cpusPerProcessErrors() {
        PlacementException e = assertThrows(PlacementException.class,
                () -> Mapper.map(req(small, 2).mapping(MappingPolicy.parse("slot:PE=2")).build()));
        assertTrue(e.getMessage().startsWith("--map-by slot:PE=2: a process of ./app0 needs 2 free cores within one"
                + " package"), e.getMessage());
        assertTrue(e.getMessage().contains("1 package, 2 cores"), e.getMessage());
        e = assertThrows(PlacementException.class,
                () -> Mapper.map(req(small, 1).mapping(MappingPolicy.parse("slot:PE=3")).build()));
        assertTrue(e.getMessage().contains("needs 3 free cores"), e.getMessage());
        e = assertThrows(PlacementException.class,
                () -> Mapper.map(req(big, 1).mapping(MappingPolicy.parse("core:PE=2")).build()));
        assertTrue(e.getMessage().contains("--map-by core:PE=2 asks for 2 CPUs per process"), e.getMessage());
        e = assertThrows(PlacementException.class, () -> Mapper.map(req(big, 1).mapping(MappingPolicy.parse(
                "slot:PE=2")).binding(BindingPolicy.parse("package")).build()));
        assertTrue(e.getMessage().contains("--bind-to must be core or hwthread"), e.getMessage());
    }

    // ---------------------------------------------------------------------------------------------------
    // policy errors

    @Test
    void policyCombinationErrors() {
        PlacementException e = assertThrows(PlacementException.class, () -> Mapper.map(req(big, 2)
                .mapping(MappingPolicy.parse("core")).binding(BindingPolicy.parse("package")).build()));
        assertTrue(e.getMessage().startsWith("--bind-to package lies above the mapping (BYCORE)"), e.getMessage());
        e = assertThrows(PlacementException.class, () -> Mapper.map(req(big, 2)
                .mapping(MappingPolicy.parse("numa")).binding(BindingPolicy.parse("package")).build()));
        assertTrue(e.getMessage().contains("lies above"), e.getMessage());
        e = assertThrows(PlacementException.class, () -> Mapper.map(req(big, 2)
                .mapping(MappingPolicy.parse("slot")).ranking(RankingPolicy.FILL).build()));
        assertTrue(e.getMessage().contains("--rank-by fill") && e.getMessage().contains("BYSLOT"), e.getMessage());
        e = assertThrows(PlacementException.class, () -> Mapper.map(req(container, 2)
                .mapping(MappingPolicy.parse("l3cache")).build()));
        assertTrue(e.getMessage().contains("--map-by l3cache: this node (vm) has no l3cache objects (it has package,"
                + " numa, core, hwthread)"), e.getMessage());
    }

    // ---------------------------------------------------------------------------------------------------
    // binding support

    @Test
    void bindingThatCannotBeMade() {
        BindingSupport no = BindingSupport.unsupported("taskset is not installed");
        JobMap dflt = Mapper.map(req(small, 2).bindingSupport(no).build());
        assertEquals("- -", cpus(dflt), "a default binding is dropped silently");
        assertEquals("CORE:IF-SUPPORTED", dflt.bindtoString());
        assertEquals(1, dflt.notes().size());
        assertTrue(dflt.notes().get(0).contains("taskset is not installed"));
        PlacementException e = assertThrows(PlacementException.class,
                () -> Mapper.map(req(small, 2).bindingSupport(no).binding(BindingPolicy.parse("core")).build()));
        assertTrue(e.getMessage().startsWith("--bind-to core: processes cannot be bound to CPUs on this node (vm):"
                + " taskset is not installed"), e.getMessage());
        assertTrue(e.getMessage().contains(":IF-SUPPORTED"), e.getMessage());
        JobMap soft = Mapper.map(req(small, 2).bindingSupport(no).binding(BindingPolicy.parse("core:if-supported"))
                .build());
        assertEquals("- -", cpus(soft));
    }

    // ---------------------------------------------------------------------------------------------------
    // MPMD, sharing the node

    @Test
    void mpmdRanksRunAcrossApplications() {
        JobMap m = Mapper.map(req(big, 2, 1).mapping(MappingPolicy.parse("core")).build());
        assertEquals(3, m.size());
        assertEquals(List.of(0, 0, 1), m.procs().stream().map(ProcPlacement::appnum).toList());
        assertEquals(List.of(0, 1, 0), m.procs().stream().map(ProcPlacement::appRank).toList());
        assertEquals(List.of(0, 1, 2), m.procs().stream().map(ProcPlacement::localRank).toList());
        assertEquals("0,8 1,9 2,10", cpus(m));
        PlacementException e = assertThrows(PlacementException.class,
                () -> Mapper.map(req(small, 1, 2).build()));
        assertTrue(e.getMessage().contains("satisfy the 2 slots") && e.getMessage().contains("./app1"),
                e.getMessage());
        assertTrue(e.getMessage().contains("1 of them already taken by the job's earlier applications"),
                e.getMessage());
    }

    @Test
    void aSpawnedJobSharesTheNode() {
        JobMap parent = Mapper.map(req(big, 2).mapping(MappingPolicy.parse("core")).build());
        NodeUsage usage = NodeUsage.of(parent.procs(), 2);
        assertEquals("0-1,8-9", usage.busy().toList());
        JobMap child = Mapper.map(req(big, 2).mapping(MappingPolicy.parse("core")).usage(usage).build());
        assertEquals("2,10 3,11", cpus(child), "the parent's cores are not free");
        assertEquals(List.of(2, 3), child.procs().stream().map(ProcPlacement::nodeRank).toList());
        assertEquals(List.of(0, 1), child.procs().stream().map(ProcPlacement::localRank).toList());
        assertEquals(4, child.procsOnNode());

        JobMap full = Mapper.map(req(small, 2).build());
        NodeUsage busy = NodeUsage.of(full.procs(), 2);
        PlacementException e = assertThrows(PlacementException.class,
                () -> Mapper.map(req(small, 1).usage(busy).build()));
        assertTrue(e.getMessage().contains("2 of them already taken (2 by processes already running)"),
                e.getMessage());
        JobMap over = Mapper.map(req(small, 1).usage(busy).mapping(MappingPolicy.parse(":OVERSUBSCRIBE")).build());
        assertEquals("-", cpus(over));
        assertTrue(over.oversubscribed());
    }

    @Test
    void defaultProcessCount() {
        assertEquals(2, Mapper.defaultProcessCount(small, 2, MappingPolicy.DEFAULT));
        assertEquals(1, Mapper.defaultProcessCount(small, 2, MappingPolicy.parse("slot:PE=2")));
        assertEquals(2, Mapper.defaultProcessCount(big, 8, MappingPolicy.parse("slot:PE=4")));
        assertEquals(1, Mapper.defaultProcessCount(small, 2, MappingPolicy.parse("slot:PE=5")));
        assertEquals(2, PlacementRequest.defaultSlots(small));
        assertEquals(8, PlacementRequest.defaultSlots(big));
    }
}
