package org.pmix4j.api;

import java.util.Arrays;
import java.util.Objects;

/**
 * PMIX_TOPO: an hwloc topology as libpmix sends it: the XML export and the raw bytes of hwloc's three
 * support structures (discovery, cpubind, membind), whose sizes depend on the hwloc version
 * ({@link #HWLOC_2_9_SUPPORT_BYTES} for the hwloc 2.9 of Debian 12). {@code xml == null} is a NULL topology
 * and has no support bytes.
 *
 * @param xml     hwloc's XML export, or {@code null} for a NULL topology
 * @param support the raw support structures, none for a NULL topology
 */
public record Topology(String xml, byte[] support) implements Value {
    /** 6 discovery + 11 cpubind + 15 membind flags in hwloc 2.9. */
    public static final int HWLOC_2_9_SUPPORT_BYTES = 32;

    /** Checks that a NULL topology has no support bytes and any other has them. */
    public Topology {
        if (xml == null && support != null && support.length > 0) {
            throw new IllegalArgumentException("a NULL topology has no support bytes");
        }
        if (xml != null) {
            Objects.requireNonNull(support, "support");
        }
    }

    @Override
    public DataType type() {
        return DataType.TOPO;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Topology t && Objects.equals(t.xml, xml) && Arrays.equals(t.support, support);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(xml) * 31 + Arrays.hashCode(support);
    }

    @Override
    public String toString() {
        return xml == null ? "Topology[NULL]" : "Topology[" + xml.length() + " chars of XML]";
    }
}
