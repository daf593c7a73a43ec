package org.pmix4j.runtime.placement;

import java.util.BitSet;
import java.util.stream.IntStream;

/**
 * An immutable set of processing units (hardware threads), named by the operating system's CPU numbers —
 * the numbers {@code taskset}, {@code /proc/self/status} and hwloc cpusets use.
 *
 * <p>Its text form is the "list" syntax of Linux and hwloc ({@code 0-3,8}), which is also the form PRRTE
 * registers as {@code PMIX_CPUSET}.
 */
public final class CpuSet {
    /** The empty set. */
    public static final CpuSet EMPTY = new CpuSet(new BitSet());

    private final BitSet bits;

    private CpuSet(BitSet bits) {
        this.bits = bits;
    }

    /** The set of the given CPU numbers. */
    public static CpuSet of(int... cpus) {
        BitSet b = new BitSet();
        for (int c : cpus) {
            if (c < 0) {
                throw new IllegalArgumentException("CPU numbers are not negative: " + c);
            }
            b.set(c);
        }
        return new CpuSet(b);
    }

    /** CPUs {@code from} to {@code to}, both included. */
    public static CpuSet range(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, to + 1);
        return new CpuSet(b);
    }

    /**
     * Parses the list syntax: comma-separated CPU numbers and ranges ({@code 0-3,8,10-11}); blanks around
     * items are ignored and an empty text is the empty set.
     *
     * @throws IllegalArgumentException naming the text when it is not a CPU list
     */
    public static CpuSet parseList(String text) {
        BitSet b = new BitSet();
        String t = text.strip();
        if (t.isEmpty()) {
            return EMPTY;
        }
        for (String item : t.split(",", -1)) {
            String s = item.strip();
            int dash = s.indexOf('-');
            try {
                if (dash < 0) {
                    b.set(nonNegative(s));
                } else {
                    int lo = nonNegative(s.substring(0, dash));
                    int hi = nonNegative(s.substring(dash + 1));
                    if (hi < lo) {
                        throw new IllegalArgumentException("range goes down");
                    }
                    b.set(lo, hi + 1);
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + text + "' is not a CPU list (like 0-3,8): bad item '"
                        + s + "'", e);
            }
        }
        return new CpuSet(b);
    }

    /**
     * Parses the kernel's hexadecimal mask syntax ({@code 00000000,0000ff0f}: 32-bit words, most
     * significant first), the form of sysfs files such as {@code topology/core_cpus}.
     */
    public static CpuSet parseMask(String text) {
        String[] words = text.strip().split(",");
        BitSet b = new BitSet();
        int base = 0;
        for (int w = words.length - 1; w >= 0; w--) {
            String word = words[w].strip();
            if (word.isEmpty()) {
                throw new IllegalArgumentException("'" + text + "' is not a CPU mask");
            }
            long v;
            try {
                v = Long.parseLong(word, 16);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "' is not a CPU mask", e);
            }
            for (int i = 0; i < 4 * word.length(); i++) {
                if ((v >>> i & 1L) != 0) {
                    b.set(base + i);
                }
            }
            base += 4 * word.length();
        }
        return new CpuSet(b);
    }

    private static int nonNegative(String s) {
        int v = Integer.parseInt(s.strip());
        if (v < 0) {
            throw new NumberFormatException(s);
        }
        return v;
    }

    public int size() {
        return bits.cardinality();
    }

    public boolean isEmpty() {
        return bits.isEmpty();
    }

    public boolean contains(int cpu) {
        return cpu >= 0 && bits.get(cpu);
    }

    public boolean containsAll(CpuSet other) {
        BitSet b = (BitSet) other.bits.clone();
        b.andNot(bits);
        return b.isEmpty();
    }

    public boolean intersects(CpuSet other) {
        return bits.intersects(other.bits);
    }

    public CpuSet and(CpuSet other) {
        BitSet b = (BitSet) bits.clone();
        b.and(other.bits);
        return new CpuSet(b);
    }

    public CpuSet or(CpuSet other) {
        BitSet b = (BitSet) bits.clone();
        b.or(other.bits);
        return new CpuSet(b);
    }

    public CpuSet andNot(CpuSet other) {
        BitSet b = (BitSet) bits.clone();
        b.andNot(other.bits);
        return new CpuSet(b);
    }

    /** The lowest CPU number, or -1 for the empty set. */
    public int first() {
        return bits.nextSetBit(0);
    }

    /** The CPU numbers in ascending order. */
    public IntStream stream() {
        return bits.stream();
    }

    /** The list syntax, as hwloc writes it ({@code 0-3,8}); the empty set is {@code ""}. */
    public String toList() {
        return ranges(bits.stream().toArray());
    }

    /** Sorted, distinct numbers as comma-separated runs ({@code 0-2,5}): hwloc's list syntax. */
    public static String ranges(int[] sorted) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < sorted.length) {
            int j = i;
            while (j + 1 < sorted.length && sorted[j + 1] == sorted[j] + 1) {
                j++;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(sorted[i]);
            if (j > i) {
                sb.append('-').append(sorted[j]);
            }
            i = j + 1;
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuSet c && c.bits.equals(bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }

    @Override
    public String toString() {
        return toList();
    }
}
