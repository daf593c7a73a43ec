package org.pmix4j.server.sharedstore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.pmix4j.api.internal.Log;

/**
 * The ds21 store of one server: a directory ({@code pmix_dstor_ds21_<pid>}) holding one store session (the
 * namespaces of the server's own user, which is the only one offered the store): the initial segments that
 * list the namespaces, and per namespace a lock segment (made at registration, sized for its local processes)
 * and the meta and data segments (made at its first write). Loaded by {@link SharedStores} on a JVM of 22 or
 * newer only.
 */
final class Ds21Store implements SharedStore {
    private static final Log LOG = Log.of(Ds21Store.class);
    /** How long a write waits for readers to let go before it leaves the data to the server alone. */
    private static final Duration PATIENCE = Duration.ofSeconds(2);
    /** The wait after a write gave up, until one succeeds again: a stopped reader stalls the loop once. */
    private static final Duration SHORT_PATIENCE = Duration.ofMillis(20);

    private final java.util.function.Supplier<Path> makeDirectory;
    private final StoreSizes sizes;
    /** The directory and its initial segments while the store holds a namespace (as libpmix's session). */
    private Path dir;
    private NamespaceDirectory directory;
    private final Map<String, Space> spaces = new LinkedHashMap<>();
    private int added;
    private Duration patience = PATIENCE;

    /** What the store keeps of one namespace. */
    private static final class Space {
        final int index;
        final LockSegment lock;
        NamespaceData data; // from the first write

        Space(int index, LockSegment lock) {
            this.index = index;
            this.lock = lock;
        }
    }

    /**
     * A store whose directory ({@code pmix_dstor_ds21_<pid>}) {@code makeDirectory} makes when the first
     * namespace comes; it goes again with the last one, as libpmix's store session does, so a runtime that
     * outlives its jobs keeps nothing of them.
     */
    Ds21Store(java.util.function.Supplier<Path> makeDirectory, StoreSizes sizes) {
        this.makeDirectory = makeDirectory;
        this.sizes = sizes;
    }

    @Override
    public Optional<String> unavailable() {
        return Optional.empty();
    }

    @Override
    public Map<String, String> clientEnvironment() {
        Map<String, String> env = new LinkedHashMap<>();
        if (dir == null) {
            return env; // no namespace here: nothing to attach to
        }
        env.put("PMIX_DSTORE_21_BASE_PATH", dir.toString());
        // clients map the sizes their own environment gives: say them, so both sides agree
        env.putAll(sizes.environment());
        return env;
    }

    @Override
    public void addNamespace(String nspace, int localProcs) throws IOException {
        if (spaces.containsKey(nspace)) {
            throw new IOException("namespace " + nspace + " is already in the store");
        }
        SafeName.check(nspace);
        if (directory == null) {
            try {
                dir = makeDirectory.get();
            } catch (RuntimeException e) {
                throw new IOException("no directory for the store: " + e.getMessage(), e);
            }
            try {
                directory = new NamespaceDirectory(dir, sizes.initial());
            } catch (IOException | RuntimeException e) {
                removeDirectory();
                throw e;
            }
        }
        try {
            spaces.put(nspace, new Space(added++, LockSegment.create(dir.resolve("smlockseg-" + nspace), localProcs)));
        } finally {
            if (spaces.isEmpty()) {
                release();
            }
        }
    }

    @Override
    public boolean has(String nspace) {
        return spaces.containsKey(nspace);
    }

    @Override
    public boolean store(String nspace, List<Batch> batches) throws IOException {
        Space space = spaces.get(nspace);
        if (space == null) {
            return false;
        }
        List<LockSegment> locks = new ArrayList<>(spaces.size());
        spaces.values().forEach(s -> locks.add(s.lock));
        boolean written = WriteLock.run(locks, SharedMutexes.deadline(patience), () -> {
            if (space.data == null) {
                NamespaceDirectory.Entry entry = directory.add(nspace, 0, space.index);
                space.data = new NamespaceData(dir, nspace, sizes.meta(), sizes.data(), entry);
            }
            for (Batch b : batches) {
                List<NamespaceData.Record> records = new ArrayList<>(b.values().size());
                for (Packed p : b.values()) {
                    records.add(new NamespaceData.Record(p.key(), p.value()));
                }
                List<String> skipped = space.data.store(b.rank(), records);
                if (!skipped.isEmpty()) {
                    LOG.warn("shared-memory store of {}: {} of rank {} too large for a data segment of {} bytes;"
                            + " clients ask the server for them", nspace, skipped, Integer.toUnsignedString(b.rank()),
                            sizes.data());
                }
            }
        });
        patience = written ? PATIENCE : SHORT_PATIENCE;
        return written;
    }

    @Override
    public int attachedClients(String nspace) {
        Space s = spaces.get(nspace);
        return s == null ? 0 : s.lock.claimed();
    }

    @Override
    public void removeNamespace(String nspace) {
        Space s = spaces.remove(nspace);
        if (s == null) {
            return;
        }
        if (s.data != null) {
            s.data.delete();
        }
        s.lock.delete();
        if (spaces.isEmpty()) {
            release();
        }
    }

    @Override
    public void close() {
        for (String ns : List.copyOf(spaces.keySet())) {
            removeNamespace(ns);
        }
        release();
    }

    /** Unmaps the initial segments and removes the directory (no namespace is left). */
    private void release() {
        if (directory != null) {
            directory.close();
            directory = null;
        }
        removeDirectory();
        dir = null;
    }

    private void removeDirectory() {
        if (dir == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.debug("removing {}: {}", dir, e.toString());
        }
    }

    /** Namespace names become file names: nothing that leaves the directory. */
    private static final class SafeName {
        static void check(String nspace) throws IOException {
            if (nspace.isEmpty() || nspace.contains("/") || nspace.equals(".") || nspace.equals("..")
                    || nspace.indexOf('\0') >= 0) {
                throw new IOException("namespace '" + nspace + "' cannot name a file of the store");
            }
        }
    }
}
