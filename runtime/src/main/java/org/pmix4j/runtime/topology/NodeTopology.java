package org.pmix4j.runtime.topology;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.foreign.ForeignCalls;

/**
 * This node's topology as hwloc 2 XML, for PMIX_HWLOC_XML_V2: Open MPI 4.1 asks for it in MPI_Init and,
 * without it, each process discovers the topology itself (about 150 files of /sys and hwloc's plugins: some
 * 10 ms of CPU per process, which at 64 processes on a few cores is a visible part of start-up). Made once per
 * JVM, off the caller's thread, by the installed hwloc library through java.lang.foreign (JDK 22+), or read
 * from the user's cache where an earlier run on this node kept it ({@link TopologyCache}); absent when that is
 * not possible (the library missing, an older JDK), and then processes discover it themselves as they would
 * anyway.
 */
public final class NodeTopology {
    private static final Log LOG = Log.of(NodeTopology.class);
    private static final String IMPLEMENTATION = "org.pmix4j.runtime.topology.HwlocXml";
    /** The library HwlocXml loads (hwloc 2, as Open MPI 4.1 on Debian has it). */
    static final String LIBRARY = "libhwloc.so.15";
    /** How long a job registration waits for the topology; past that the job goes without it. */
    private static final long WAIT_MILLIS = 2000;
    private static final CompletableFuture<Optional<String>> XML = new CompletableFuture<>();
    private static final java.util.concurrent.atomic.AtomicBoolean STARTED = new java.util.concurrent.atomic.AtomicBoolean();

    private NodeTopology() {
    }

    /** Starts making the XML (at most once), so that the first job does not wait for it. */
    public static void prepare() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread.ofPlatform().daemon().name("pmix4j-topology").start(() -> XML.complete(make()));
    }

    /** The XML, waiting for it (2 s at most); empty when it cannot be made. */
    public static Optional<String> xml() {
        prepare();
        try {
            return XML.get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.debug("the node's topology is not ready after {} ms: the job goes without it", WAIT_MILLIS);
            return Optional.empty();
        } catch (ExecutionException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static Optional<String> make() {
        if (!ForeignCalls.available()) {
            return Optional.empty();
        }
        Optional<TopologyCache> cache = TopologyCache.forThisUser(System.getenv());
        Optional<String> key = cache.isPresent() ? TopologyCache.keyForThisProcess(LIBRARY) : Optional.empty();
        if (key.isPresent()) {
            Optional<String> kept = cache.get().read(key.get());
            if (kept.isPresent()) {
                return kept;
            }
        }
        ForeignCalls.Loaded<Supplier<String>> hwloc = ForeignCalls.load(IMPLEMENTATION);
        if (hwloc.part().isEmpty()) {
            LOG.debug("no topology for the processes: hwloc's reader {}", hwloc.whyNot());
            return Optional.empty();
        }
        try {
            String xml = hwloc.part().get().get();
            if (!xml.startsWith("<?xml")) {
                return Optional.empty();
            }
            key.ifPresent(k -> cache.get().write(k, xml));
            return Optional.of(xml);
        } catch (LinkageError | RuntimeException e) {
            LOG.debug("no topology for the processes: {}", e.toString());
            return Optional.empty();
        }
    }
}
