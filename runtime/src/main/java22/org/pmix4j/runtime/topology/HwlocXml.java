package org.pmix4j.runtime.topology;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * This node's hardware topology as hwloc 2's XML, made by the hwloc library installed with Open MPI
 * (libhwloc.so.15, through java.lang.foreign): what mpirun hands its processes (PMIX_HWLOC_XML_V2) so that
 * each does not discover the topology again from /sys. Loaded by {@link NodeTopology} on a JDK 22+ only.
 */
@SuppressWarnings("restricted") // downcalls are restricted methods: the JVM runs with --enable-native-access
final class HwlocXml implements Supplier<String> {
    private static final String LIBRARY = NodeTopology.LIBRARY;
    /** hwloc's API version of its 2.x series: the XML format Open MPI 4.1 with hwloc 2 reads. */
    private static final int API_2 = 0x20000;

    @Override
    public String get() {
        Linker linker = Linker.nativeLinker();
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup hwloc = SymbolLookup.libraryLookup(LIBRARY, arena);
            MethodHandle version = handle(linker, hwloc, "hwloc_get_api_version", FunctionDescriptor.of(JAVA_INT));
            MethodHandle init = handle(linker, hwloc, "hwloc_topology_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            MethodHandle load = handle(linker, hwloc, "hwloc_topology_load", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            MethodHandle export = handle(linker, hwloc, "hwloc_topology_export_xmlbuffer",
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
            MethodHandle free = handle(linker, hwloc, "hwloc_free_xmlbuffer", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
            MethodHandle destroy = handle(linker, hwloc, "hwloc_topology_destroy", FunctionDescriptor.ofVoid(ADDRESS));
            int api = (int) version.invokeExact();
            if ((api & 0xff0000) != API_2) {
                throw new IllegalStateException(LIBRARY + " has API version 0x" + Integer.toHexString(api) + ", not 2.x");
            }
            MemorySegment topologyOut = arena.allocate(ADDRESS);
            check("hwloc_topology_init", (int) init.invokeExact(topologyOut));
            MemorySegment topology = topologyOut.get(ADDRESS, 0);
            try {
                check("hwloc_topology_load", (int) load.invokeExact(topology));
                MemorySegment bufferOut = arena.allocate(ADDRESS);
                MemorySegment lengthOut = arena.allocate(JAVA_INT);
                check("hwloc_topology_export_xmlbuffer", (int) export.invokeExact(topology, bufferOut, lengthOut, 0L));
                MemorySegment buffer = bufferOut.get(ADDRESS, 0);
                try {
                    int length = lengthOut.get(JAVA_INT, 0); // with its terminating NUL
                    byte[] bytes = buffer.reinterpret(length).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                    return new String(bytes, 0, Math.max(0, length - 1), StandardCharsets.UTF_8);
                } finally {
                    free.invokeExact(topology, buffer);
                }
            } finally {
                destroy.invokeExact(topology);
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t.toString(), t);
        }
    }

    private static MethodHandle handle(Linker linker, SymbolLookup lib, String name, FunctionDescriptor d) {
        return linker.downcallHandle(lib.find(name).orElseThrow(
                () -> new IllegalStateException(LIBRARY + " has no " + name)), d);
    }

    private static void check(String call, int rc) {
        if (rc != 0) {
            throw new IllegalStateException(call + " returned " + rc);
        }
    }
}
