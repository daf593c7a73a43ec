package org.pmix4j.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * This node's physical memory, as a job's registration gives it ({@code PMIX_AVAIL_PHYS_MEMORY}, bytes).
 *
 * <p>The figure is {@code MemTotal} of {@code /proc/meminfo}, not {@code MemAvailable}: PRRTE registers
 * hwloc's total memory of the machine object, which hwloc reads from the same {@code MemTotal} lines (of
 * each NUMA node, summed), and the Standard's "total available physical memory on this node" is the
 * node's size, not what happens to be free when the job starts. It does not change while we run, so it
 * is read once.
 */
final class NodeMemory {
    private static final Path MEMINFO = Path.of("/proc/meminfo");
    private static volatile OptionalLong total;

    private NodeMemory() {
    }

    /** The node's memory in bytes; empty when {@code /proc/meminfo} cannot be read (then none is registered). */
    static OptionalLong total() {
        OptionalLong t = total;
        if (t == null) {
            try {
                t = totalIn(Files.readString(MEMINFO));
            } catch (IOException e) {
                t = OptionalLong.empty();
            }
            total = t;
        }
        return t;
    }

    /** The {@code MemTotal} of a {@code /proc/meminfo} text, in bytes (the file gives kibibytes); empty if none. */
    static OptionalLong totalIn(String meminfo) {
        for (String line : meminfo.split("\n")) {
            if (line.startsWith("MemTotal:")) {
                String[] words = line.substring("MemTotal:".length()).trim().split("\\s+");
                try {
                    long kib = Long.parseLong(words[0]);
                    // the kernel writes every figure in kB (kibibytes); anything else is not a meminfo we know
                    boolean inKib = words.length == 2 && words[1].equals("kB");
                    return kib > 0 && inKib ? OptionalLong.of(kib * 1024) : OptionalLong.empty();
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty();
    }
}
