package org.pmix4j.server.sharedstore;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.pmix4j.server.foreign.ForeignCalls;

/**
 * Opens the shared-memory store a server offers, or says why it offers none: the server's environment
 * leaves ds21 out ({@code PMIX_MCA_gds}, as libpmix's server reads it), asks for the layout pmix4j does not
 * write ({@code SM_USE_LINEAR_SEARCH}), the JVM is older than 22 (the store's locks are glibc mutexes reached
 * through java.lang.foreign, whose implementation is compiled for 22 and loaded only there), or the store's
 * files cannot be made.
 */
public final class SharedStores {
    private static final String IMPLEMENTATION = "org.pmix4j.server.sharedstore.Ds21Store";
    /** The store's glibc mutexes: their static set-up links every C call the store makes. */
    private static final String MUTEXES = "org.pmix4j.server.sharedstore.SharedMutexes";

    private SharedStores() {
    }

    /**
     * The store, in the directory {@code makeDirectory} creates of a name (one the server's session
     * directories track, so that it goes with them) while it holds a namespace.
     */
    public static SharedStore open(Function<String, Path> makeDirectory, Map<String, String> env) {
        Optional<String> refused = refusal(env);
        if (refused.isPresent()) {
            return new Off(refused.get());
        }
        StoreSizes sizes;
        try {
            sizes = StoreSizes.from(env);
        } catch (IllegalArgumentException e) {
            return new Off(e.getMessage());
        }
        // libpmix's name, with the server's pid; made with the first namespace
        String name = "pmix_dstor_ds21_" + ProcessHandle.current().pid();
        Supplier<Path> dir = () -> makeDirectory.apply(name);
        ForeignCalls.Loaded<SharedStore> store = ForeignCalls.load(IMPLEMENTATION,
                new Class<?>[] {Supplier.class, StoreSizes.class}, dir, sizes);
        return store.part().orElseGet(() -> new Off("the shared-memory store " + store.whyNot()));
    }

    /**
     * Makes the store's calls into the C library now, on a thread of its own: a cold JVM takes 100-250 ms to
     * link them (generated code that no AOT cache keeps), which a node daemon would otherwise spend on the
     * first job's registration, after its launch message came. Nothing happens where the store is not used.
     */
    public static void prepare(Map<String, String> env) {
        if (refusal(env).isPresent()) {
            return;
        }
        Thread.ofPlatform().daemon().name("pmix4j-store-prepare").start(() -> {
            try {
                Class.forName(MUTEXES, true, SharedStores.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                // no store in this build or on this system: open() says why when a server asks
            }
        });
    }

    private static Optional<String> refusal(Map<String, String> env) {
        String gds = env.get("PMIX_MCA_gds");
        if (gds != null && !gds.isBlank()) {
            String list = gds.trim();
            boolean excluding = list.startsWith("^");
            List<String> names = Arrays.stream((excluding ? list.substring(1) : list).split(","))
                    .map(String::trim).toList();
            if (excluding == names.contains(SharedStore.MODULE)) {
                return Optional.of("PMIX_MCA_gds=" + gds + " leaves " + SharedStore.MODULE + " out");
            }
        }
        if (env.get("SM_USE_LINEAR_SEARCH") != null) {
            return Optional.of("SM_USE_LINEAR_SEARCH asks for the store's linear layout, which pmix4j does not write");
        }
        int feature = Runtime.version().feature();
        if (!ForeignCalls.available()) {
            return Optional.of("the shared-memory store needs a JDK 22 or newer (this is " + feature + ")");
        }
        return Optional.empty();
    }

    /** No store: every client uses the server's own ("hash"). */
    record Off(String reason) implements SharedStore {
        @Override
        public Optional<String> unavailable() {
            return Optional.of(reason);
        }

        @Override
        public Map<String, String> clientEnvironment() {
            return Map.of();
        }

        @Override
        public void addNamespace(String nspace, int localProcs) {
        }

        @Override
        public boolean has(String nspace) {
            return false;
        }

        @Override
        public boolean store(String nspace, List<Batch> batches) {
            return false;
        }

        @Override
        public int attachedClients(String nspace) {
            return 0;
        }

        @Override
        public void removeNamespace(String nspace) {
        }

        @Override
        public void close() {
        }
    }
}
