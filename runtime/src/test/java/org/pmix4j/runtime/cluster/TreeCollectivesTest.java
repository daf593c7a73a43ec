package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * The allgather along the tree over loopback links: the processes of job "job" run on the daemon of their
 * rank modulo the tree's size, and each daemon's collectives hear the tree's FenceUp and FenceDown.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TreeCollectivesTest {
    private static final long SILENCE_MS = 10_000;

    /** The tree's collectives, one per daemon, wired to the routers. */
    private static List<TreeCollectives> collectives(LoopbackTree t) {
        int n = t.tree.count();
        TreeCollectives.Locator locator = procs -> {
            Set<Integer> out = new HashSet<>();
            for (Proc p : procs) {
                if (!p.nspace().equals("job")) {
                    return null;
                }
                out.add(p.rank() % n);
            }
            return out;
        };
        List<TreeCollectives> out = new ArrayList<>();
        for (int d = 0; d < n; d++) {
            TreeCollectives c = new TreeCollectives(t.routers.get(d), locator);
            out.add(c);
            t.handlers.set(d, (origin, m) -> {
                switch (m) {
                    case DaemonMessage.FenceUp up -> c.up(origin, up);
                    case DaemonMessage.FenceDown down -> c.down(down);
                    default -> { }
                }
            });
        }
        return out;
    }

    private static List<Proc> job(int... ranks) {
        return Arrays.stream(ranks).mapToObj(r -> new Proc("job", r)).toList();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(CompletableFuture<byte[]> f) throws Exception {
        return new String(f.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
    }

    /** {@code all} is the blobs concatenated in some order, each once. */
    private static void assertConcatenationOf(String all, String... blobs) {
        int length = 0;
        for (String b : blobs) {
            assertTrue(all.contains(b), all + " lacks " + b);
            length += b.length();
        }
        assertEquals(length, all.length(), all + " is not just " + List.of(blobs));
    }

    @Test
    void participatingDaemonsAllGetEveryContributionAndARelayContributesNothing() throws Exception {
        try (LoopbackTree t = new LoopbackTree(3, 1, SILENCE_MS)) {
            List<TreeCollectives> c = collectives(t);
            // ranks 0 and 2: daemons 0 and 2; daemon 1 between them holds none
            List<Proc> procs = job(2, 0);
            CompletableFuture<byte[]> two = c.get(2).contribute(procs, bytes("<two>"));
            CompletableFuture<byte[]> zero = c.get(0).contribute(job(0, 2), bytes("<zero>"));
            String all = text(zero);
            assertConcatenationOf(all, "<zero>", "<two>");
            assertEquals(all, text(two), "every contributor completes with the same bytes");
            // daemon 1 relayed FenceUp and FenceDown only; its inbox may file them in either order (each is filed
            // after its handler ran, on the thread of the link it came by, and relaying the one can bring the other)
            java.util.Set<Class<?>> relayed = new java.util.HashSet<>(
                    List.of(t.next(1).message().getClass(), t.next(1).message().getClass()));
            assertEquals(java.util.Set.of(DaemonMessage.FenceUp.class, DaemonMessage.FenceDown.class), relayed);
        }
    }

    @Test
    void everyDaemonOfALargerTreeTakesPart() throws Exception {
        try (LoopbackTree t = new LoopbackTree(5, 2, SILENCE_MS)) {
            List<TreeCollectives> c = collectives(t);
            List<Proc> procs = job(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
            List<CompletableFuture<byte[]>> done = new ArrayList<>();
            for (int d = 4; d >= 0; d--) {
                done.add(c.get(d).contribute(procs, bytes("[" + d + "]")));
            }
            String all = text(done.get(0));
            assertConcatenationOf(all, "[0]", "[1]", "[2]", "[3]", "[4]");
            for (CompletableFuture<byte[]> f : done) {
                assertEquals(all, text(f));
            }
        }
    }

    /** Only the leaves hold processes: daemon 0 and the middle of the tree relay. */
    @Test
    void onlyDaemonsWithParticipantsContribute() throws Exception {
        try (LoopbackTree t = new LoopbackTree(5, 2, SILENCE_MS)) {
            List<TreeCollectives> c = collectives(t);
            List<Proc> procs = job(3, 4, 8);
            CompletableFuture<byte[]> three = c.get(3).contribute(procs, bytes("(3)"));
            CompletableFuture<byte[]> four = c.get(4).contribute(procs, bytes("(4)"));
            String all = text(three);
            assertConcatenationOf(all, "(3)", "(4)");
            assertEquals(all, text(four));
        }
    }

    @Test
    void theNthCallOverASetPairsWithTheNthElsewhere() throws Exception {
        try (LoopbackTree t = new LoopbackTree(3, 1, SILENCE_MS)) {
            List<TreeCollectives> c = collectives(t);
            List<Proc> procs = job(0, 2);
            // daemon 2 is two collectives ahead before daemon 0 makes its first call
            CompletableFuture<byte[]> twoFirst = c.get(2).contribute(procs, bytes("c1"));
            CompletableFuture<byte[]> twoSecond = c.get(2).contribute(procs, bytes("c2"));
            // another set in between does not count as a call over this one
            CompletableFuture<byte[]> other = c.get(2).contribute(job(2), bytes("alone"));
            assertEquals("alone", text(other));
            CompletableFuture<byte[]> zeroFirst = c.get(0).contribute(procs, bytes("a1"));
            CompletableFuture<byte[]> zeroSecond = c.get(0).contribute(job(2, 0), bytes("a2"));
            String first = text(zeroFirst);
            String second = text(zeroSecond);
            assertConcatenationOf(first, "a1", "c1");
            assertConcatenationOf(second, "a2", "c2");
            assertEquals(first, text(twoFirst));
            assertEquals(second, text(twoSecond));
        }
    }

    /** A connect over the same processes is a collective of its own: it never pairs with a fence. */
    @Test
    void collectivesOfAnotherKindPairOnlyAmongThemselves() throws Exception {
        try (LoopbackTree t = new LoopbackTree(3, 1, SILENCE_MS)) {
            List<TreeCollectives> c = collectives(t);
            List<Proc> procs = job(0, 2);
            CompletableFuture<byte[]> twoConnect = c.get(2).contribute("connect", procs, bytes("C2"));
            CompletableFuture<byte[]> twoFence = c.get(2).contribute(procs, bytes("F2"));
            CompletableFuture<byte[]> zeroFence = c.get(0).contribute(procs, bytes("F0"));
            CompletableFuture<byte[]> zeroConnect = c.get(0).contribute("connect", procs, bytes("C0"));
            String fence = text(zeroFence);
            String connect = text(zeroConnect);
            assertConcatenationOf(fence, "F0", "F2");
            assertConcatenationOf(connect, "C0", "C2");
            assertEquals(fence, text(twoFence));
            assertEquals(connect, text(twoConnect));
        }
    }

    @Test
    void aCollectiveOverAnUnknownJobFailsAtOnce() throws Exception {
        try (LoopbackTree t = new LoopbackTree(2, 1, SILENCE_MS)) {
            List<TreeCollectives> c = collectives(t);
            CompletableFuture<byte[]> f = c.get(1).contribute(List.of(new Proc("other", 0)), bytes("x"));
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
            PmixException pe = assertInstanceOf(PmixException.class, e.getCause());
            assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, pe.status());
            assertTrue(pe.getMessage().contains("other"), pe.getMessage());
        }
    }

    @Test
    void aLostNodeFailsTheCollectivesInProgress() throws Exception {
        try (LoopbackTree t = new LoopbackTree(3, 1, SILENCE_MS)) {
            List<TreeCollectives> c = collectives(t);
            CompletableFuture<byte[]> zero = c.get(0).contribute(job(0, 2), bytes("a"));
            c.get(0).nodeLost("the daemon on h2 was lost");
            ExecutionException e = assertThrows(ExecutionException.class, () -> zero.get(10, TimeUnit.SECONDS));
            PmixException pe = assertInstanceOf(PmixException.class, e.getCause());
            assertEquals(PmixStatus.PMIX_ERR_UNREACH, pe.status());
            assertTrue(pe.getMessage().endsWith("the daemon on h2 was lost"), pe.getMessage());
        }
    }

    @Test
    void aSingleDaemonCompletesWithItsOwnData() throws Exception {
        try (LoopbackTree t = new LoopbackTree(1, 2, SILENCE_MS)) {
            List<TreeCollectives> c = collectives(t);
            assertArrayEquals(bytes("solo"), c.get(0).contribute(job(0, 1), bytes("solo")).get(10, TimeUnit.SECONDS));
        }
    }
}
