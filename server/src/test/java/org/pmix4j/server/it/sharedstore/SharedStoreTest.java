package org.pmix4j.server.it.sharedstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * The shared-memory store (libpmix's gds "ds21" layout) with real libpmix 4.2.2 clients: they choose it, read
 * their job's data and their local peers' committed data from it without asking the server (its count of GET
 * requests stays 0 where a server without the store answers one per Get), fall back to the server when they
 * opt out or cannot attach, and are not wedged by a client that died or stopped holding its lock.
 */
class SharedStoreTest {
    private static Path reader;
    private static Path lockHolder;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() {
        reader = NativeBuild.pmixProgram(Path.of("src/test/c/shared_reader.c"));
        lockHolder = NativeBuild.pmixProgram(Path.of("src/test/c/ds21_lock_holder.c"), "-lpthread");
    }

    private PmixServer start(Map<String, String> serverEnv) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("PMIX_MCA_gds");
        env.putAll(serverEnv);
        return PmixServer.start(null, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())), env);
    }

    private static void register(PmixServer server, String ns, int procs, int localSlots) {
        String host = server.config().hostname();
        StringBuilder ranks = new StringBuilder();
        for (int r = 0; r < procs; r++) {
            ranks.append(r == 0 ? "" : ",").append(r);
        }
        server.registerNspace(ns, localSlots, List.of(Attributes.JOB_SIZE.info(procs), Attributes.NODE_MAP.info(host),
                Attributes.PROC_MAP.info(ranks.toString()))).join();
    }

    /** Runs {@code procs} readers of {@code ns}, rank r with {@code extraEnv.apply(r)} added; returns their output. */
    private static List<Run.Result> runReaders(PmixServer server, String ns, int procs,
            java.util.function.IntFunction<Map<String, String>> extraEnv) {
        var sys = new com.sun.security.auth.module.UnixSystem();
        List<CompletableFuture<Run.Result>> runs = new ArrayList<>();
        for (int r = 0; r < procs; r++) {
            Proc p = new Proc(ns, r);
            server.registerClient(p, (int) sys.getUid(), (int) sys.getGid()).join();
            Map<String, String> env = new HashMap<>(server.setupFork(p));
            env.putAll(extraEnv.apply(r));
            CompletableFuture<Run.Result> f = new CompletableFuture<>();
            // a thread each: on 2 cores the common pool would run the clients one after the other
            Thread.ofPlatform().daemon().start(() -> f.complete(Run.command(reader.toString()).env(env).go()));
            runs.add(f);
        }
        List<Run.Result> out = new ArrayList<>();
        for (CompletableFuture<Run.Result> f : runs) {
            out.add(f.join());
        }
        for (Run.Result r : out) {
            assertEquals(0, r.exitCode(), "rank " + out.indexOf(r) + ": " + r.all() + "\nall ranks: " + out);
        }
        return out;
    }

    /** The namespace's lock segment, where its clients claim their slots. */
    private static Path lockSegment(PmixServer server, String ns) {
        return Path.of(server.setupFork(new Proc(ns, 0)).get("PMIX_DSTORE_21_BASE_PATH")).resolve("smlockseg-" + ns);
    }

    private static long gets(PmixServer server) {
        return server.requestCounts().join().getOrDefault("GET", 0L);
    }

    @Test
    void librarysClientsReadJobDataAndPeersDataFromSharedMemory() {
        try (PmixServer server = start(Map.of())) {
            register(server, "shm", 4, 4);
            Map<String, String> env = server.setupFork(new Proc("shm", 0));
            assertEquals("ds21,hash", env.get("PMIX_GDS_MODULE"));
            Path store = Path.of(env.get("PMIX_DSTORE_21_BASE_PATH"));
            assertTrue(store.startsWith(tmp), store.toString());
            assertTrue(Files.isRegularFile(store.resolve("smlockseg-shm")), "lock segment made at registration");

            List<Run.Result> out = runReaders(server, "shm", 4, r -> Map.of());
            out.forEach(r -> assertTrue(r.stdout().contains("gds ds21,hash peers 3"), r.all()));
            assertEquals(4, server.sharedStoreClients("shm").join(), "every client attached");
            // 4 clients x 3 peers x 4 keys, and the job-level keys: all read from shared memory
            assertEquals(0, gets(server), "GET requests the clients had to send: " + server.requestCounts().join());
            assertTrue(Files.isRegularFile(store.resolve("smdataseg-shm-0")));

            server.deregisterNspace("shm").join();
            assertFalse(Files.exists(store.resolve("smdataseg-shm-0")), "the namespace's segments go with it");
            assertFalse(Files.exists(store.resolve("smlockseg-shm")));
            assertFalse(Files.exists(store), "the directory goes with the last namespace, as libpmix's store session");
        }
        assertFalse(Files.exists(tmp.resolve("pmix_dstor_ds21_" + ProcessHandle.current().pid())),
                "the store's directory goes with the server");
    }

    @Test
    void keysCommittedSinceTheLastFenceAreReadWithoutOneAndAChangedKeyIsNeverReadOld() {
        // a commit's keys are in shared memory once it is acknowledged, a changed one in place of its older
        // value; a peer that looks for a key not committed yet asks the server, which waits for the commit
        try (PmixServer server = start(Map.of())) {
            register(server, "late", 4, 4);
            List<Run.Result> out = runReaders(server, "late", 4, r -> Map.of("SR_UNFENCED", "1"));
            out.forEach(r -> assertTrue(r.stdout().contains("gds ds21,hash peers 3"), r.all()));
            assertEquals(4, server.sharedStoreClients("late").join(), "every client attached");
        }
    }

    @Test
    void dataThatOutgrowsADataSegmentGoesOnInTheNextAndIsReadFromThere() {
        // one-page data segments (the server hands its sizes to its clients), and a job level of two 2.5 KB
        // values besides the usual: records and chains continue in later segments, linked by extension slots
        try (PmixServer server = start(Map.of("NS_DATA_SEG_SIZE", "4096"))) {
            String host = server.config().hostname();
            server.registerNspace("grow", 4, List.of(Attributes.JOB_SIZE.info(4), Attributes.NODE_MAP.info(host),
                    Attributes.PROC_MAP.info("0,1,2,3"), org.pmix4j.api.Info.of("test.filler.a", "a".repeat(2500)),
                    org.pmix4j.api.Info.of("test.filler.b", "b".repeat(2500)))).join();
            Map<String, String> env = server.setupFork(new Proc("grow", 0));
            assertEquals("4096", env.get("NS_DATA_SEG_SIZE"));
            Path store = Path.of(env.get("PMIX_DSTORE_21_BASE_PATH"));

            List<Run.Result> out = runReaders(server, "grow", 4, r -> Map.of());
            out.forEach(r -> assertTrue(r.stdout().contains("gds ds21,hash peers 3"), r.all()));
            assertTrue(Files.isRegularFile(store.resolve("smdataseg-grow-1")), "no second data segment was needed");
            assertEquals(0, gets(server), "GET requests the clients had to send: " + server.requestCounts().join());
        }
    }

    @Test
    void withoutTheStoreEveryPeerGetIsARequest() {
        try (PmixServer server = start(Map.of("PMIX_MCA_gds", "hash"))) {
            register(server, "hashonly", 4, 4);
            Map<String, String> env = server.setupFork(new Proc("hashonly", 0));
            assertEquals("hash", env.get("PMIX_GDS_MODULE"));
            assertFalse(env.containsKey("PMIX_DSTORE_21_BASE_PATH"));
            List<Run.Result> out = runReaders(server, "hashonly", 4, r -> Map.of());
            out.forEach(r -> assertTrue(r.stdout().contains("gds hash peers 3"), r.all()));
            // the peers' committed keys were not collected by the fence: each comes from the server
            assertTrue(gets(server) >= 4 * 3, "GET requests: " + server.requestCounts().join());
        }
    }

    @Test
    void clientsThatOptOutOrFindNoSlotUseTheServersStoreAndEveryoneReadsEveryone() {
        try (PmixServer server = start(Map.of())) {
            // 3 slots for 4 processes: one client finds none free; rank 0 opts out as a user would
            register(server, "mixed", 4, 3);
            List<Run.Result> out = runReaders(server, "mixed", 4,
                    r -> r == 0 ? Map.of("PMIX_MCA_gds", "hash") : Map.of());
            assertEquals(3, server.sharedStoreClients("mixed").join(), "ranks 1-3 attached: " + out);
            // rank 0's data is the server's alone: its peers ask for it
            assertTrue(gets(server) > 0);
        }
    }

    @Test
    void aClientThatDiedHoldingItsLockDoesNotWedgeTheOthers() throws Exception {
        try (PmixServer server = start(Map.of())) {
            register(server, "dead", 2, 3);
            Path lock = lockSegment(server, "dead");
            Run.Result holder = Run.command(lockHolder.toString(), lock.toString(), "die").go();
            assertEquals(0, holder.exitCode(), holder.all());
            assertTrue(holder.stdout().startsWith("LOCKED 0"), holder.all());

            runReaders(server, "dead", 2, r -> Map.of());
            // the server took the dead client's lock over and wrote: the readers asked it nothing
            assertEquals(0, gets(server), "GET requests: " + server.requestCounts().join());
        }
    }

    @Test
    void aClientStoppedHoldingItsLockCostsAWaitAndTheDataComesFromTheServer() throws Exception {
        try (PmixServer server = start(Map.of())) {
            register(server, "stuck", 2, 3);
            Path lock = lockSegment(server, "stuck");
            Process holder = new ProcessBuilder(lockHolder.toString(), lock.toString(), "hold")
                    .redirectErrorStream(true).start();
            try {
                var lines = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
                assertTrue(lines.readLine().startsWith("LOCKED"));

                runReaders(server, "stuck", 2, r -> Map.of());
                // the writes gave up (nothing in shared memory): each client asked the server for both of its
                // peer's committed keys (the reply brings the peer's job data along, which it then has)
                assertTrue(gets(server) >= 2 * 2, "GET requests: " + server.requestCounts().join());
            } finally {
                holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
