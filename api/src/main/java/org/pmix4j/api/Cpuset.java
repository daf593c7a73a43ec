package org.pmix4j.api;

import java.util.BitSet;

/**
 * PMIX_PROC_CPUSET: the processing units a process may run on, in hwloc's list syntax ({@code 0-3,8}).
 * {@code null} means "not bound" and travels differently from the empty set.
 *
 * @param list the processing units, e.g. {@code 0-3,8}; {@code null} when not bound
 */
public record Cpuset(String list) implements Value {
    /** Not bound: any processing unit. */
    public static final Cpuset UNBOUND = new Cpuset(null);

    /**
     * The cpuset of these bits, in list form.
     *
     * @param bits the processing units
     * @return the cpuset
     */
    public static Cpuset of(BitSet bits) {
        StringBuilder sb = new StringBuilder();
        int i = bits.nextSetBit(0);
        while (i >= 0) {
            int end = bits.nextClearBit(i) - 1;
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(i);
            if (end > i) {
                sb.append('-').append(end);
            }
            i = bits.nextSetBit(end + 1);
        }
        return new Cpuset(sb.toString());
    }

    /**
     * The bits of the list; empty when unbound. Throws on text that is not a list of ranges.
     *
     * @return the processing units
     * @throws IllegalArgumentException when the list is not a list of ranges
     */
    public BitSet bits() {
        BitSet b = new BitSet();
        if (list == null || list.isBlank()) {
            return b;
        }
        for (String part : list.split(",")) {
            String p = part.trim();
            int dash = p.indexOf('-');
            try {
                if (dash < 0) {
                    b.set(Integer.parseInt(p));
                } else {
                    b.set(Integer.parseInt(p.substring(0, dash)), Integer.parseInt(p.substring(dash + 1)) + 1);
                }
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new IllegalArgumentException("'" + list + "' is not a cpu list (like 0-3,8)");
            }
        }
        return b;
    }

    @Override
    public DataType type() {
        return DataType.PROC_CPUSET;
    }
}
