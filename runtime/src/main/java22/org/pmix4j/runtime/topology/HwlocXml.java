package org.pmix4j.runtime.topology;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.pmix4j.server.foreign.CFunction;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * This node's hardware topology as hwloc 2's XML, made by the hwloc library installed with Open MPI
 * (libhwloc.so.15, through java.lang.foreign and {@link CFunction}'s one shared shape): what mpirun hands its
 * processes (PMIX_HWLOC_XML_V2) so that each does not discover the topology again from /sys. Loaded by {@link
 * NodeTopology} on a JDK 22+ only.
 */
@SuppressWarnings("restricted") // opening a library and reading the buffer it returned are restricted methods
final class HwlocXml implements Supplier<String> {
    private static final String LIBRARY = NodeTopology.LIBRARY;
    /** hwloc's API version of its 2.x series: the XML format Open MPI 4.1 with hwloc 2 reads. */
    private static final int API_2 = 0x20000;

    @Override
    public String get() {
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup hwloc = SymbolLookup.libraryLookup(LIBRARY, arena);
            CFunction version = CFunction.in(hwloc, LIBRARY, "hwloc_get_api_version");
            CFunction init = CFunction.in(hwloc, LIBRARY, "hwloc_topology_init");
            CFunction load = CFunction.in(hwloc, LIBRARY, "hwloc_topology_load");
            CFunction export = CFunction.in(hwloc, LIBRARY, "hwloc_topology_export_xmlbuffer");
            CFunction free = CFunction.in(hwloc, LIBRARY, "hwloc_free_xmlbuffer");
            CFunction destroy = CFunction.in(hwloc, LIBRARY, "hwloc_topology_destroy");
            int api = (int) version.call();
            if ((api & 0xff0000) != API_2) {
                throw new IllegalStateException(LIBRARY + " has API version 0x" + Integer.toHexString(api) + ", not 2.x");
            }
            MemorySegment topologyOut = arena.allocate(ADDRESS);
            check(init, init.call(topologyOut.address()));
            long topology = topologyOut.get(ADDRESS, 0).address();
            try {
                check(load, load.call(topology));
                MemorySegment bufferOut = arena.allocate(ADDRESS);
                MemorySegment lengthOut = arena.allocate(JAVA_INT);
                check(export, export.call(topology, bufferOut.address(), lengthOut.address(), 0L));
                MemorySegment buffer = bufferOut.get(ADDRESS, 0);
                try {
                    int length = lengthOut.get(JAVA_INT, 0); // with its terminating NUL
                    byte[] bytes = buffer.reinterpret(length).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                    return new String(bytes, 0, Math.max(0, length - 1), StandardCharsets.UTF_8);
                } finally {
                    free.call(topology, buffer.address());
                }
            } finally {
                destroy.call(topology);
            }
        }
    }

    /** hwloc's calls return an int, 0 on success. */
    private static void check(CFunction call, long result) {
        int rc = (int) result;
        if (rc != 0) {
            throw new IllegalStateException(call.name() + " returned " + rc);
        }
    }
}
