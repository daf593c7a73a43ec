package org.pmix4j.server.it.modex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Proc;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Put, Commit, Fence and Get across two nodes, with real libpmix 4.2.2 clients: two pmix4j servers whose
 * hosts move only the opaque blobs the servers give them ({@link TwoNodes}). Job "mx" has ranks 0 and 1 on
 * nodeA and 2 and 3 on nodeB; {@code modex_nodes.c} runs the checks on the client side and the tests check
 * what the hosts were asked.
 */
class ModexTwoNodesTest {
    @TempDir
    Path tmp;

    private static Path exe;
    private TwoNodes nodes;

    @BeforeAll
    static void build() {
        exe = NativeBuild.pmixProgram(Path.of("src/test/c/modex_nodes.c"));
    }

    @BeforeEach
    void start() throws Exception {
        nodes = new TwoNodes(tmp);
    }

    @AfterEach
    void stop() {
        nodes.close();
    }

    private static void assertAllPassed(List<Run.Result> results) {
        StringBuilder all = new StringBuilder();
        for (int r = 0; r < results.size(); r++) {
            all.append("=== rank ").append(r).append(": ").append(results.get(r).all());
        }
        for (int r = 0; r < results.size(); r++) {
            Run.Result res = results.get(r);
            assertEquals(0, res.exitCode(), "rank " + r + " failed\n" + all);
            assertTrue(res.stdout().contains("DONE " + r + " 0"), "rank " + r + " did not finish\n" + all);
        }
    }

    /**
     * The direct-modex upcalls for keys the target did share with remote readers. A Get of a key the
     * remote target never shared (k.local, node-only) goes to the host every time, as with libpmix: the
     * server cannot know that the key will not appear later.
     */
    private List<TwoNodes.Call> dmodexForSharedKeys() {
        return nodes.calls("dmodex").stream().filter(c -> !"k.local".equals(c.requiredKey())).toList();
    }

    /** dmodex upcalls for shared keys by (node that asked, target rank). */
    private Map<String, Long> dmodexByNodeAndTarget() {
        return dmodexForSharedKeys().stream().collect(Collectors.groupingBy(
                c -> TwoNodes.NODES[c.node()] + "->" + c.procs().get(0).rank(), Collectors.counting()));
    }

    @Test
    void collectingFenceMovesEveryonesRemoteDataAndGetsNeedNoFurtherUpcall() {
        nodes.job("mx", 0, 0, 1, 1);
        List<Run.Result> results = nodes.run("mx", exe, "collect");
        assertAllPassed(results);

        // one fence upcall per node, each with its own non-empty contribution, the collect flag passed on
        List<TwoNodes.Call> fences = nodes.calls("fence").stream().filter(TwoNodes.Call::collect).toList();
        assertEquals(2, fences.size(), "collecting fence upcalls: " + fences);
        assertEquals(Set.of(0, 1), fences.stream().map(TwoNodes.Call::node).collect(Collectors.toSet()));
        for (TwoNodes.Call f : fences) {
            assertEquals(List.of(Proc.wildcard("mx")), f.procs(), "fence participants");
            assertTrue(f.bytes() > 0, "a collecting fence hands the host this node's data: " + f);
        }
        // the barriers (no collect) need no data moved
        for (TwoNodes.Call f : nodes.calls("fence")) {
            if (!f.collect()) {
                assertEquals(0, f.bytes(), "a fence without PMIX_COLLECT_DATA moves no data: " + f);
            }
        }
        // every key read after the collecting fence was already at the server: no direct modex for them;
        // the only direct modex is PMIX_GET_REFRESH_CACHE's (nodeA fetching rank 2 again), and the
        // PMIX_OPTIONAL and PMIX_IMMEDIATE probes before the fence asked nobody
        List<TwoNodes.Call> dmodex = dmodexForSharedKeys();
        assertEquals(1, dmodex.size(), "direct modex upcalls: " + dmodex);
        assertEquals(0, dmodex.get(0).node());
        assertEquals(new Proc("mx", 2), dmodex.get(0).procs().get(0));
        assertTrue(results.get(0).stdout().contains("OK 0 refreshed get 2 k.global SUCCESS"), results.get(0).all());
    }

    @Test
    void withoutCollectionTheFirstGetOfAPeerFetchesItAndLaterGetsAreServedFromTheStore() {
        nodes.job("mx", 0, 0, 1, 1);
        assertAllPassed(nodes.run("mx", exe, "nocollect"));
        for (TwoNodes.Call f : nodes.calls("fence")) {
            assertEquals(0, f.bytes(), "no data moves in a fence without PMIX_COLLECT_DATA: " + f);
        }
        // the first rank of each node fetched each remote peer once; the second rank of the node, reading
        // the same peers after a barrier, was answered from what the server stored
        assertEquals(Map.of("nodeA->2", 1L, "nodeA->3", 1L, "nodeB->0", 1L, "nodeB->1", 1L), dmodexByNodeAndTarget(),
                "direct modex upcalls: " + dmodexForSharedKeys());
    }

    @Test
    void withoutAnyFenceDirectModexWaitsForTheTargetsCommit() {
        nodes.job("mx", 0, 0, 1, 1);
        assertAllPassed(nodes.run("mx", exe, "nofence"));
        Map<String, Long> dm = dmodexByNodeAndTarget();
        assertEquals(Set.of("nodeA->2", "nodeA->3", "nodeB->0", "nodeB->1"), dm.keySet(), "direct modex: " + dm);
        // both local ranks may ask before the first answer is in (then the server asks once per request)
        dm.values().forEach(n -> assertTrue(n <= 2, "direct modex upcalls: " + dm));
        // the upcall names the key the client wants, so that a host can wait for it
        assertTrue(nodes.calls("dmodex").stream().allMatch(c -> c.requiredKey() != null),
                "PMIX_REQUIRED_KEY in every direct modex: " + nodes.calls("dmodex"));
    }

    @Test
    void getAndFenceHonourTheirTimeoutWhenAPeerNeverCommits() {
        nodes.job("mx", 0, 0, 1, 1);
        assertAllPassed(nodes.run("mx", exe, "timeout"));
    }

    @Test
    void fencesOverSubsetsWithinAndAcrossNodes() {
        nodes.job("mx", 0, 0, 1, 1);
        assertAllPassed(nodes.run("mx", exe, "subset"));
        Map<List<Proc>, Long> byProcs = new HashMap<>();
        for (TwoNodes.Call f : nodes.calls("fence")) {
            byProcs.merge(f.procs(), 1L, Long::sum);
        }
        // {0,3} spans the nodes: both servers ask their host; {0,1} lives on nodeA: no upcall at all
        assertEquals(2L, byProcs.get(List.of(new Proc("mx", 0), new Proc("mx", 3))), "fence upcalls: " + byProcs);
        assertTrue(!byProcs.containsKey(List.of(new Proc("mx", 0), new Proc("mx", 1))), "fence upcalls: " + byProcs);
    }

    @Test
    void aCollectingFenceOverTwoJobsOnBothNodes() throws Exception {
        nodes.job("mxa", 0, 1);
        nodes.job("mxb", 1, 0, 1);
        var a = java.util.concurrent.CompletableFuture.supplyAsync(() -> nodes.run("mxa", exe, "multins", "mxb"));
        List<Run.Result> b = nodes.run("mxb", exe, "multins", "mxa");
        assertAllPassed(a.get());
        assertAllPassed(b);
        List<TwoNodes.Call> fences = nodes.calls("fence").stream().filter(TwoNodes.Call::collect).toList();
        assertEquals(2, fences.size(), "one collecting fence upcall per node: " + fences);
        assertEquals(List.of(Proc.wildcard("mxa"), Proc.wildcard("mxb")), fences.get(0).procs());
    }

    @Test
    void aJobSplitTheOtherWayRoundAlsoExchanges() {
        // rank 0 alone on nodeB, ranks 1..3 on nodeA: node order and rank order differ in the blobs
        nodes.job("mx", 1, 0, 0, 0);
        assertAllPassed(nodes.run("mx", exe, "collect"));
    }
}
