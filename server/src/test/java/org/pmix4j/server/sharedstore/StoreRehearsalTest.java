package org.pmix4j.server.sharedstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.server.store.SessionDirs;

/**
 * The rehearsal a server runs when it trains an AOT cache (PmixServer.AOT_TRAINING_VARIABLE): the store's
 * writer runs (the store makes its directory, which it does only for a namespace it holds) and leaves no
 * namespace behind.
 */
class StoreRehearsalTest {
    @TempDir
    Path tmp;

    /** The real store, telling what each write returned. */
    private static final class Written implements SharedStore {
        private final SharedStore real;
        private final List<Boolean> results = new ArrayList<>();

        Written(SharedStore real) {
            this.real = real;
        }

        @Override
        public Optional<String> unavailable() {
            return real.unavailable();
        }

        @Override
        public Map<String, String> clientEnvironment() {
            return real.clientEnvironment();
        }

        @Override
        public void addNamespace(String nspace, int localProcs) throws IOException {
            real.addNamespace(nspace, localProcs);
        }

        @Override
        public boolean has(String nspace) {
            return real.has(nspace);
        }

        @Override
        public boolean store(String nspace, List<Batch> batches) throws IOException {
            boolean r = real.store(nspace, batches);
            results.add(r);
            return r;
        }

        @Override
        public int attachedClients(String nspace) {
            return real.attachedClients(nspace);
        }

        @Override
        public void removeNamespace(String nspace) {
            real.removeNamespace(nspace);
        }

        @Override
        public void close() {
            real.close();
        }
    }

    @Test
    void theWriterRunsOnceAndTheRehearsalsNamespaceIsGone() throws IOException {
        List<String> made = new ArrayList<>();
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("PMIX_MCA_gds");
        SharedStore store = SharedStores.open(name -> {
            made.add(name);
            try {
                return Files.createDirectories(tmp.resolve(name));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, env);
        assertEquals(Optional.empty(), store.unavailable(), "this JVM runs the store");
        Written written = new Written(store);
        try (SharedJobData shared = new SharedJobData(written, new JobStore("node", SessionDirs.NONE))) {
            shared.rehearse();
            assertTrue(made.stream().anyMatch(n -> n.startsWith("pmix_dstor_ds21_")), "the store was made: " + made);
            assertEquals(List.of(true), written.results, "one write, under the store's lock");
            assertFalse(shared.serves("pmix4j-rehearsal-" + ProcessHandle.current().pid()), "the namespace is gone");
            try (Stream<Path> s = Files.walk(tmp)) {
                List<String> left = s.map(p -> p.getFileName().toString()).filter(n -> n.contains("rehearsal")).toList();
                assertEquals(List.of(), left, "no segment of the rehearsal's namespace is left");
            }
        }
    }
}
