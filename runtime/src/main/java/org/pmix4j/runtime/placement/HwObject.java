package org.pmix4j.runtime.placement;

/**
 * One hardware object of this node: a package, NUMA node, cache, core or hardware thread.
 *
 * @param level   what kind of object it is
 * @param logical its logical index: its position among the objects of its level in the order hwloc numbers
 *                them (depth-first through the topology tree, siblings by their first CPU). Locality strings
 *                and PRRTE's binding reports use these numbers.
 * @param os      the operating system's number for it (the CPU number of a hardware thread, the NUMA node
 *                number, the physical package id …), or -1 when the system has none
 * @param cpus    the CPUs it contains that this process may use
 */
public record HwObject(HwLevel level, int logical, int os, CpuSet cpus) {
    // equals and hashCode by hand: a record's own are bootstrapped through method handles at their first call
    // (~7 ms and six generated classes in a fresh JVM, which no AOT cache keeps), on the launcher's main thread
    // as it maps its first job
    @Override
    public boolean equals(Object o) {
        return o instanceof HwObject h && h.level == level && h.logical == logical && h.os == os && h.cpus.equals(cpus);
    }

    @Override
    public int hashCode() {
        return ((level.ordinal() * 31 + logical) * 31 + os) * 31 + cpus.hashCode();
    }

    @Override
    public String toString() {
        return level.directive() + "[L" + logical + (os >= 0 ? ",P" + os : "") + "]{" + cpus + "}";
    }
}
