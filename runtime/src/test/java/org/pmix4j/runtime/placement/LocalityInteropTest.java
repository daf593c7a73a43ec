package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Checks {@link NodeTopology#localityString} against the real thing: libpmix 4.2.2's
 * {@code PMIx_server_generate_locality_string}, which reads the node through hwloc. hwloc is pointed at the
 * same fake sysfs trees the Java side reads ({@code HWLOC_FSROOT}), and at this machine.
 */
class LocalityInteropTest {
    private static final Path PROBE = Path.of("src/test/c/locality_probe.c");

    @TempDir
    Path dir;

    @Test
    void onePackageTwoCores() {
        Path root = FakeSysfs.onePackageTwoCores(dir.resolve("a")).root();
        compare(root, List.of("0", "1", "0-1"));
    }

    @Test
    void twoPackagesFourCoresTwoThreads() {
        Path root = FakeSysfs.twoPackagesFourCoresTwoThreads(dir.resolve("b")).root();
        compare(root, List.of("0", "8", "0,8", "4", "12", "1", "0-3", "0-3,8-11", "4-7,12-15", "0,4", "1,9,12",
                "0-15", "7", "3,15"));
    }

    @Test
    void anL3AboveThePackages() {
        FakeSysfs f = FakeSysfs.at(dir.resolve("c")).online("0-3").nodesOnline("0").numa(0, "0-3");
        for (int c = 0; c < 4; c++) {
            f.cpu(c, c / 2, c % 2, Integer.toString(c), c < 2 ? "0-1" : "2-3");
            f.cache(c, 0, 1, "Data", Integer.toString(c), c);
            f.cache(c, 1, 3, "Unified", "0-3", 0);
        }
        compare(f.root(), List.of("0", "2", "1-2", "0-3"));
    }

    @Test
    void thisMachine() {
        NodeTopology t = NodeTopology.probe();
        List<String> sets = new ArrayList<>();
        t.allowed().stream().forEach(c -> sets.add(Integer.toString(c)));
        sets.add(t.allowed().toList());
        compare(null, sets, t);
    }

    private void compare(Path root, List<String> cpusets) {
        compare(root, cpusets, NodeTopology.probe(root));
    }

    private void compare(Path root, List<String> cpusets, NodeTopology topology) {
        Path exe = NativeBuild.pmixProgram(PROBE);
        Path tmp = dir.resolve("tmp-" + System.nanoTime());
        try {
            Files.createDirectories(tmp);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(cpusets);
        Run run = Run.command(cmd).env("PROBE_TMPDIR", tmp.toString()).timeout(Duration.ofSeconds(60));
        if (root != null) {
            run.env("HWLOC_FSROOT", root.toAbsolutePath().toString());
            // hwloc's x86 backend would add this machine's cpuid cache data to the fake tree's CPUs
            run.env("HWLOC_COMPONENTS", "-x86");
        }
        Run.Result r = run.go();
        assertEquals(0, r.exitCode(), r.all());
        Map<String, String> expected = new LinkedHashMap<>();
        for (String line : r.stdout().strip().split("\n")) {
            String[] f = line.split("\t");
            expected.put(f[0], f[1]);
        }
        Map<String, String> actual = new LinkedHashMap<>();
        for (String s : cpusets) {
            String loc = topology.localityString(CpuSet.parseList(s));
            actual.put(s, loc == null ? "NULL" : loc);
        }
        assertEquals(expected, actual, "libpmix (left) and NodeTopology (right) for " + (root == null ? "this machine"
                : root) + "\n" + r.stderr());
    }
}
