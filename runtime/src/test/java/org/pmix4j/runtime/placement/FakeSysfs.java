package org.pmix4j.runtime.placement;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes fake {@code /sys} and {@code /proc} trees for {@link NodeTopology#probe(Path)}, with both the list
 * files pmix4j reads and the mask files hwloc reads, so that hwloc (through libpmix, {@code HWLOC_FSROOT})
 * can be pointed at the same tree.
 */
final class FakeSysfs {
    private final Path root;

    private FakeSysfs(Path root) {
        this.root = root;
    }

    static FakeSysfs at(Path root) {
        return new FakeSysfs(root);
    }

    Path root() {
        return root;
    }

    /** One CPU with its package and core. */
    FakeSysfs cpu(int cpu, int packageId, int coreId, String threadSiblings, String packageCpus) {
        Path t = cpuDir(cpu).resolve("topology");
        write(cpuDir(cpu).resolve("online"), "1");
        write(t.resolve("physical_package_id"), Integer.toString(packageId));
        write(t.resolve("core_id"), Integer.toString(coreId));
        write(t.resolve("die_id"), "0");
        listAndMask(t, "thread_siblings", threadSiblings);
        listAndMask(t, "core_cpus", threadSiblings);
        listAndMask(t, "core_siblings", packageCpus);
        listAndMask(t, "package_cpus", packageCpus);
        return this;
    }

    /** One cache of a CPU ({@code type} Data, Instruction or Unified). */
    FakeSysfs cache(int cpu, int index, int level, String type, String shared, int id) {
        Path c = cpuDir(cpu).resolve("cache/index" + index);
        write(c.resolve("level"), Integer.toString(level));
        write(c.resolve("type"), type);
        write(c.resolve("id"), Integer.toString(id));
        write(c.resolve("size"), level == 3 ? "32768K" : "48K");
        write(c.resolve("coherency_line_size"), "64");
        write(c.resolve("ways_of_associativity"), "8");
        write(c.resolve("number_of_sets"), "64");
        write(c.resolve("physical_line_partition"), "1");
        listAndMask(c, "shared_cpu", shared);
        return this;
    }

    FakeSysfs numa(int node, String cpus) {
        Path n = root.resolve("sys/devices/system/node/node" + node);
        write(n.resolve("cpulist"), cpus);
        write(n.resolve("cpumap"), mask(cpus));
        write(n.resolve("meminfo"), "Node " + node + " MemTotal:       1048576 kB\n");
        return this;
    }

    FakeSysfs online(String cpus) {
        Path c = root.resolve("sys/devices/system/cpu");
        write(c.resolve("online"), cpus);
        write(c.resolve("possible"), cpus);
        write(c.resolve("present"), cpus);
        return this;
    }

    FakeSysfs nodesOnline(String nodes) {
        Path n = root.resolve("sys/devices/system/node");
        write(n.resolve("online"), nodes);
        write(n.resolve("possible"), nodes);
        write(n.resolve("has_cpu"), nodes);
        write(n.resolve("has_memory"), nodes);
        return this;
    }

    /** This process's affinity as /proc/self/status states it. */
    FakeSysfs allowed(String cpus) {
        write(root.resolve("proc/self/status"), "Name:\tjava\nCpus_allowed:\t" + mask(cpus) + "\nCpus_allowed_list:\t"
                + cpus + "\nMems_allowed_list:\t0\n");
        return this;
    }

    FakeSysfs file(String relative, String text) {
        write(root.resolve(relative), text);
        return this;
    }

    /** The VM this project runs on: one package of two single-threaded cores, private L1/L2, shared L3. */
    static FakeSysfs onePackageTwoCores(Path root) {
        FakeSysfs f = at(root).online("0-1").nodesOnline("0").numa(0, "0-1");
        for (int c = 0; c < 2; c++) {
            f.cpu(c, 0, c, Integer.toString(c), "0-1");
            f.cache(c, 0, 1, "Data", Integer.toString(c), c);
            f.cache(c, 1, 1, "Instruction", Integer.toString(c), c);
            f.cache(c, 2, 2, "Unified", Integer.toString(c), c);
            f.cache(c, 3, 3, "Unified", "0-1", 0);
        }
        return f;
    }

    /**
     * Two packages of four cores with two hardware threads each, numbered as on Intel machines: CPUs 0-3
     * are package 0's first threads, 4-7 package 1's, 8-11 package 0's second threads, 12-15 package 1's.
     * Each core has its L1d/L1i/L2, each package an L3 and a NUMA node.
     */
    static FakeSysfs twoPackagesFourCoresTwoThreads(Path root) {
        FakeSysfs f = at(root).online("0-15").nodesOnline("0-1").numa(0, "0-3,8-11").numa(1, "4-7,12-15");
        for (int cpu = 0; cpu < 16; cpu++) {
            int pkg = (cpu / 4) % 2;
            int core = cpu % 4;
            int first = pkg * 4 + core;
            String siblings = first + "," + (first + 8);
            String pkgCpus = pkg == 0 ? "0-3,8-11" : "4-7,12-15";
            f.cpu(cpu, pkg, core, siblings, pkgCpus);
            f.cache(cpu, 0, 1, "Data", siblings, first);
            f.cache(cpu, 1, 1, "Instruction", siblings, first);
            f.cache(cpu, 2, 2, "Unified", siblings, first);
            f.cache(cpu, 3, 3, "Unified", pkgCpus, pkg);
        }
        return f;
    }

    private Path cpuDir(int cpu) {
        return root.resolve("sys/devices/system/cpu/cpu" + cpu);
    }

    private void listAndMask(Path dir, String name, String cpus) {
        write(dir.resolve(name + "_list"), cpus);
        write(dir.resolve(name.equals("shared_cpu") ? "shared_cpu_map" : name), mask(cpus));
    }

    /** The kernel's mask form: 32-bit hex words, most significant first, comma-separated. */
    static String mask(String cpus) {
        BigInteger v = BigInteger.ZERO;
        for (int c : CpuSet.parseList(cpus).stream().toArray()) {
            v = v.setBit(c);
        }
        String hex = v.toString(16);
        int words = Math.max(1, (hex.length() + 7) / 8);
        hex = "0".repeat(words * 8 - hex.length()) + hex;
        StringBuilder sb = new StringBuilder();
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                sb.append(',');
            }
            sb.append(hex, w * 8, w * 8 + 8);
        }
        return sb.toString();
    }

    private static void write(Path p, String text) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text.endsWith("\n") ? text : text + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
