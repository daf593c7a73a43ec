package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeTopologyTest {
    @TempDir
    Path dir;

    @Test
    void onePackageOfTwoCores() {
        NodeTopology t = NodeTopology.probe(FakeSysfs.onePackageTwoCores(dir).root());
        assertEquals(List.of(HwLevel.PACKAGE, HwLevel.L3CACHE, HwLevel.L2CACHE, HwLevel.L1CACHE, HwLevel.CORE,
                HwLevel.HWTHREAD), t.depthOrder());
        assertEquals("0-1", t.allowed().toList());
        assertEquals(1, t.objects(HwLevel.PACKAGE).size());
        assertEquals(2, t.objects(HwLevel.CORE).size());
        assertEquals(1, t.objects(HwLevel.L3CACHE).size());
        assertEquals(2, t.objects(HwLevel.L1CACHE).size(), "instruction caches are not objects, as in hwloc");
        assertEquals(1, t.objects(HwLevel.NUMA).size());
        assertTrue(t.degradation().isEmpty());
        assertEquals("SK0:L30:L20:L10:CR0:HT0:NM0", t.localityString(CpuSet.of(0)));
        assertEquals("SK0:L30:L21:L11:CR1:HT1:NM0", t.localityString(CpuSet.of(1)));
        assertEquals("SK0:L30:L20-1:L10-1:CR0-1:HT0-1:NM0", t.localityString(CpuSet.of(0, 1)));
        assertNull(t.localityString(null), "an unbound process has no locality");
        assertEquals("package[0][core:L0]", t.describeBinding(CpuSet.of(0), false));
        assertEquals("package[0][core:L0-1]", t.describeBinding(CpuSet.of(0, 1), false));
        assertEquals("package[0][hwt:L1]", t.describeBinding(CpuSet.of(1), true));
        assertEquals("1 package, 2 cores, 2 hardware threads", t.summary());
    }

    @Test
    void twoPackagesWithHyperthreadsAreNumberedInTreeOrder() {
        NodeTopology t = NodeTopology.probe(FakeSysfs.twoPackagesFourCoresTwoThreads(dir).root());
        assertEquals(2, t.objects(HwLevel.PACKAGE).size());
        assertEquals(8, t.objects(HwLevel.CORE).size());
        assertEquals(16, t.objects(HwLevel.HWTHREAD).size());
        assertEquals(2, t.objects(HwLevel.NUMA).size());
        // CPU 8 is core 0's second thread: hwloc numbers it right after CPU 0
        assertEquals(1, t.container(HwLevel.HWTHREAD, 8).logical());
        assertEquals(2, t.container(HwLevel.HWTHREAD, 1).logical());
        assertEquals(8, t.container(HwLevel.HWTHREAD, 4).logical());
        assertEquals(4, t.container(HwLevel.CORE, 12).logical());
        assertEquals("0-3,8-11", t.objects(HwLevel.PACKAGE).get(0).cpus().toList());
        // the strings libpmix 4.2.2 + hwloc 2.9 print for this tree (LocalityInteropTest checks them live)
        assertEquals("SK0:L30:L20:L10:CR0:HT1:NM0", t.localityString(CpuSet.of(8)));
        assertEquals("SK0:L30:L20:L10:CR0:HT0-1:NM0", t.localityString(CpuSet.of(0, 8)));
        assertEquals("SK1:L31:L24:L14:CR4:HT8:NM1", t.localityString(CpuSet.of(4)));
        assertEquals("SK0:L30:L20-3:L10-3:CR0-3:HT0,2,4,6:NM0", t.localityString(CpuSet.parseList("0-3")));
        assertEquals("SK0-1:L30-1:L20,4:L10,4:CR0,4:HT0,8:NM0-1", t.localityString(CpuSet.of(0, 4)));
        assertEquals("SK0-1:L30-1:L20-7:L10-7:CR0-7:HT0-15:NM0-1", t.localityString(CpuSet.parseList("0-15")));
        assertEquals("package[0][core:L0]", t.describeBinding(CpuSet.of(0, 8), false));
        assertEquals("package[0][hwt:L0-1]", t.describeBinding(CpuSet.of(0, 8), true));
        assertEquals("package[0][core:L0] package[1][core:L4]", t.describeBinding(CpuSet.of(0, 4), false));
        assertEquals("package[0][core:L0-3] package[1][core:L4-7]", t.describeBinding(CpuSet.parseList("0-15"), false));
        assertEquals("package[0][core:L0,2]", t.describeBinding(CpuSet.of(0, 2), false));
    }

    @Test
    void onlyTheCpusThisProcessMayUseCountAndAreRenumbered() {
        FakeSysfs.twoPackagesFourCoresTwoThreads(dir).allowed("1,3,5,9");
        NodeTopology t = NodeTopology.probe(dir);
        assertEquals("1,3,5,9", t.allowed().toList());
        assertEquals(2, t.objects(HwLevel.PACKAGE).size());
        assertEquals(3, t.objects(HwLevel.CORE).size(), "cores without an allowed CPU are gone");
        assertEquals("1,9", t.objects(HwLevel.CORE).get(0).cpus().toList());
        assertEquals("3", t.objects(HwLevel.CORE).get(1).cpus().toList());
        assertEquals("5", t.objects(HwLevel.CORE).get(2).cpus().toList());
        assertEquals("1,3,9", t.objects(HwLevel.PACKAGE).get(0).cpus().toList());
        assertEquals("SK0:L30:L20:L10:CR0:HT1:NM0", t.localityString(CpuSet.of(9)));
        assertEquals("SK1:L31:L22:L12:CR2:HT3:NM1", t.localityString(CpuSet.of(5)));
    }

    @Test
    void aContainerWithoutTopologyFilesFallsBackToItsAffinity() throws Exception {
        FakeSysfs.at(dir).online("0-7").allowed("2-3");
        for (int c = 0; c < 8; c++) {
            Files.createDirectories(dir.resolve("sys/devices/system/cpu/cpu" + c));
        }
        NodeTopology t = NodeTopology.probe(dir);
        assertTrue(t.degradation().isPresent());
        assertTrue(t.degradation().get().contains("no topology files"), t.degradation().get());
        assertTrue(t.cpuNumbersKnown());
        assertEquals("2-3", t.allowed().toList());
        assertEquals(2, t.objects(HwLevel.CORE).size());
        assertEquals(1, t.objects(HwLevel.PACKAGE).size());
        assertEquals(List.of(HwLevel.PACKAGE, HwLevel.CORE, HwLevel.HWTHREAD), t.depthOrder());
        assertEquals("SK0:CR1:HT1:NM0", t.localityString(CpuSet.of(3)));
        assertEquals("package[0][core:L0-1]", t.describeBinding(CpuSet.of(2, 3), false));
    }

    @Test
    void nothingReadableFallsBackToTheProcessorCount() {
        NodeTopology t = NodeTopology.probe(dir);
        int n = Runtime.getRuntime().availableProcessors();
        assertEquals(n, t.objects(HwLevel.CORE).size());
        assertFalse(t.cpuNumbersKnown(), "invented CPU numbers cannot be bound to");
        assertTrue(t.degradation().get().contains("availableProcessors"), t.degradation().get());
    }

    @Test
    void oddSysfsWithoutCachesNodesOrListFiles() {
        // masks only, package id -1 (some hypervisors), no cache or node directories, a garbled online file
        FakeSysfs f = FakeSysfs.at(dir).file("sys/devices/system/cpu/online", "garbage");
        for (int c = 0; c < 4; c++) {
            f.file("sys/devices/system/cpu/cpu" + c + "/topology/physical_package_id", "-1");
            f.file("sys/devices/system/cpu/cpu" + c + "/topology/core_id", Integer.toString(c / 2));
            f.file("sys/devices/system/cpu/cpu" + c + "/topology/thread_siblings", c < 2 ? "3" : "c");
        }
        NodeTopology t = NodeTopology.probe(dir);
        assertTrue(t.degradation().isEmpty(), t.degradation().toString());
        assertEquals(List.of(HwLevel.PACKAGE, HwLevel.CORE, HwLevel.HWTHREAD), t.depthOrder());
        assertEquals(2, t.objects(HwLevel.CORE).size());
        assertEquals(1, t.objects(HwLevel.NUMA).size(), "hwloc always has one NUMA node");
        assertEquals("SK0:CR1:HT2-3:NM0", t.localityString(CpuSet.of(2, 3)));
    }

    @Test
    void aCacheThatCrossesTheTreeIsLeftOut() {
        FakeSysfs f = FakeSysfs.at(dir).online("0-3");
        for (int c = 0; c < 4; c++) {
            f.cpu(c, c / 2, c % 2, Integer.toString(c), c < 2 ? "0-1" : "2-3");
            // an "L2" shared by CPUs 1 and 2 straddles the two packages
            f.cache(c, 0, 2, "Unified", c == 1 || c == 2 ? "1-2" : Integer.toString(c), c);
        }
        NodeTopology t = NodeTopology.probe(dir);
        assertFalse(t.has(HwLevel.L2CACHE));
        assertEquals(2, t.objects(HwLevel.PACKAGE).size());
    }

    @Test
    void anL3SharedByTwoPackagesSitsAboveThem() {
        FakeSysfs f = FakeSysfs.at(dir).online("0-3");
        for (int c = 0; c < 4; c++) {
            f.cpu(c, c / 2, c % 2, Integer.toString(c), c < 2 ? "0-1" : "2-3");
            f.cache(c, 0, 3, "Unified", "0-3", 0);
        }
        NodeTopology t = NodeTopology.probe(dir);
        assertEquals(List.of(HwLevel.L3CACHE, HwLevel.PACKAGE, HwLevel.CORE, HwLevel.HWTHREAD), t.depthOrder());
        assertEquals("L30:SK1:CR2:HT2:NM0", t.localityString(CpuSet.of(2)));
    }

    @Test
    void thisMachine() throws Exception {
        NodeTopology t = NodeTopology.probe();
        String status = Files.readString(Path.of("/proc/self/status"));
        String allowed = status.lines().filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
                .split(":")[1].strip();
        assertEquals(CpuSet.parseList(allowed), t.allowed());
        assertTrue(t.has(HwLevel.CORE));
        assertTrue(t.cpuNumbersKnown());
        assertEquals(t.allowed().size(), t.objects(HwLevel.HWTHREAD).size());
    }
}
