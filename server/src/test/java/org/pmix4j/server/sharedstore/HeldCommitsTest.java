package org.pmix4j.server.sharedstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.BufferKind;

/**
 * When a commit reaches the shared-memory store: keys new to it wait for the next collective's end (or a
 * client's request for a process's data) and go in then, all of a namespace under one write; a key already
 * in it that changed goes in at once.
 */
class HeldCommitsTest {
    /** A store that records each write: the namespace and, per batch, the rank and its keys. */
    private static final class Recording implements SharedStore {
        final Set<String> spaces = new HashSet<>();
        final List<String> writes = new ArrayList<>();

        @Override
        public Optional<String> unavailable() {
            return Optional.empty();
        }

        @Override
        public Map<String, String> clientEnvironment() {
            return Map.of();
        }

        @Override
        public void addNamespace(String nspace, int localProcs) {
            spaces.add(nspace);
        }

        @Override
        public boolean has(String nspace) {
            return spaces.contains(nspace);
        }

        @Override
        public boolean store(String nspace, List<Batch> batches) {
            StringBuilder w = new StringBuilder(nspace);
            for (Batch b : batches) {
                w.append(' ').append(b.rank()).append(':');
                w.append(String.join(",", b.values().stream().map(Packed::key).toList()));
            }
            writes.add(w.toString());
            return true;
        }

        @Override
        public int attachedClients(String nspace) {
            return 0;
        }

        @Override
        public void removeNamespace(String nspace) {
            spaces.remove(nspace);
        }

        @Override
        public void close() {
        }
    }

    private final Recording store = new Recording();
    private final SharedJobData shared = new SharedJobData(store, new JobStore("here"));

    private static List<KeyValue> keys(String... names) {
        List<KeyValue> kvs = new ArrayList<>();
        for (String n : names) {
            kvs.add(new KeyValue(n, Value.of("v")));
        }
        return kvs;
    }

    private void commit(String nspace, int rank, String... keys) {
        shared.committed(new Proc(nspace, rank), keys(keys), BufferKind.NON_DESCRIBED);
    }

    @Test
    void newKeysWaitForTheNextCollectiveAndThenGoInUnderOneWrite() {
        shared.namespaceRegistered("a", 2);
        commit("a", 0, "ep");
        commit("a", 1, "ep", "port");
        assertTrue(store.writes.isEmpty(), "nothing written at commit: " + store.writes);
        shared.publishHeld();
        assertEquals(List.of("a 0:ep 1:ep,port"), store.writes);
        shared.publishHeld();
        assertEquals(1, store.writes.size(), "nothing held any more");
    }

    @Test
    void aChangedKeyThatIsInTheStoreGoesInAtOnceAndANewOneWithItWaits() {
        shared.namespaceRegistered("a", 2);
        commit("a", 0, "ep");
        shared.publishHeld();
        commit("a", 0, "ep", "more");
        assertEquals(List.of("a 0:ep", "a 0:ep"), store.writes, "the new value of ep at once, alone");
        shared.publishHeld();
        assertEquals("a 0:more", store.writes.get(2));
    }

    @Test
    void aKeyCommittedTwiceBeforeItIsPublishedIsWrittenOnce() {
        shared.namespaceRegistered("a", 1);
        commit("a", 0, "ep");
        commit("a", 0, "ep");
        shared.publishHeld();
        assertEquals(List.of("a 0:ep"), store.writes);
    }

    @Test
    void aRequestForDataPublishesItsNamespaceOnlyAndAGoneNamespaceKeepsNothing() {
        shared.namespaceRegistered("a", 1);
        shared.namespaceRegistered("b", 1);
        commit("a", 0, "x");
        commit("b", 0, "y");
        shared.publishHeld("b");
        assertEquals(List.of("b 0:y"), store.writes);
        shared.namespaceGone("a");
        shared.publishHeld();
        assertEquals(1, store.writes.size(), "a's held key went with it");
    }
}
