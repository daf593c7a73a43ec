package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The shape of the daemon tree: parents and children agree, subtrees are what the parents say, and routing
 * by {@link DaemonTree#nextHop} alone takes a message from any daemon to any other along the tree's one
 * path (up to the common ancestor, then down), so in at most twice the tree's depth.
 */
class DaemonTreeTest {

    @Example
    void radixTwoOfSeven() {
        DaemonTree t = new DaemonTree(7, 2);
        assertEquals(-1, t.parent(0));
        assertEquals(List.of(1, 2), t.children(0));
        assertEquals(List.of(3, 4), t.children(1));
        assertEquals(List.of(5, 6), t.children(2));
        assertEquals(List.of(), t.children(3));
        assertEquals(1, t.parent(4));
        assertEquals(2, t.parent(5));
        assertTrue(t.inSubtree(1, 4));
        assertFalse(t.inSubtree(1, 5));
        assertTrue(t.inSubtree(0, 6));
        assertTrue(t.inSubtree(2, 2));
        assertFalse(t.inSubtree(3, 1), "an ancestor is not in its descendant's subtree");
        assertEquals(1, t.nextHop(0, 4));
        assertEquals(2, t.nextHop(0, 6));
        assertEquals(1, t.nextHop(3, 5), "up first");
        assertEquals(0, t.nextHop(1, 5));
        assertEquals(2, t.nextHop(0, 5));
        assertEquals(5, t.nextHop(2, 5));
        assertEquals(4, t.nextHop(4, 4));
    }

    @Example
    void radixOneIsAChain() {
        DaemonTree t = new DaemonTree(4, 1);
        assertEquals(List.of(1), t.children(0));
        assertEquals(List.of(3), t.children(2));
        assertEquals(List.of(), t.children(3));
        assertEquals(2, t.parent(3));
        assertEquals(1, t.nextHop(0, 3));
        assertEquals(2, t.nextHop(3, 0));
        assertEquals(depth(t), 3);
    }

    @Example
    void oneDaemonAlone() {
        DaemonTree t = new DaemonTree(1, 3);
        assertEquals(List.of(), t.children(0));
        assertEquals(-1, t.parent(0));
        assertEquals(0, t.nextHop(0, 0));
    }

    @Example
    void anEmptyTreeOrARadixBelowOneIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DaemonTree(0, 2));
        assertTrue(e.getMessage().contains("0 daemons"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new DaemonTree(3, 0));
        assertTrue(e.getMessage().contains("radix 0"), e.getMessage());
    }

    @Property(tries = 200, seed = "1501")
    void childrenAndParentsAgree(@ForAll @IntRange(min = 1, max = 200) int count,
            @ForAll @IntRange(min = 1, max = 12) int radix) {
        DaemonTree t = new DaemonTree(count, radix);
        List<Integer> seen = new ArrayList<>();
        for (int id = 0; id < count; id++) {
            List<Integer> children = t.children(id);
            assertTrue(children.size() <= radix, () -> "more children than the radix: " + t);
            for (int c : children) {
                assertEquals(id, t.parent(c), () -> "the parent of a child, in " + t);
                assertTrue(c > id && c < count);
                seen.add(c);
            }
            if (id > 0) {
                int p = t.parent(id);
                assertTrue(p >= 0 && p < id, "daemon " + id + "'s parent " + p + " in " + t);
                assertTrue(t.children(p).contains(id));
            }
        }
        // every daemon but 0 is someone's child, exactly once
        assertEquals(IntStream.range(1, count).boxed().toList(), seen.stream().sorted().toList());
    }

    @Property(tries = 100, seed = "1502")
    void subtreesAreWhatTheAncestorsSay(@ForAll @IntRange(min = 1, max = 60) int count,
            @ForAll @IntRange(min = 1, max = 6) int radix) {
        DaemonTree t = new DaemonTree(count, radix);
        for (int root = 0; root < count; root++) {
            for (int id = 0; id < count; id++) {
                assertEquals(ancestors(t, id).contains(root), t.inSubtree(root, id),
                        "daemon " + id + " under " + root + " in " + t);
            }
        }
        for (int id = 0; id < count; id++) {
            assertTrue(t.inSubtree(0, id), "every daemon is under daemon 0");
        }
    }

    @Property(tries = 50, seed = "1503")
    void nextHopReachesAnyDaemonInAtMostTwiceTheDepth(@ForAll @IntRange(min = 1, max = 60) int count,
            @ForAll @IntRange(min = 1, max = 8) int radix) {
        DaemonTree t = new DaemonTree(count, radix);
        int bound = 2 * depth(t);
        for (int from = 0; from < count; from++) {
            for (int to = 0; to < count; to++) {
                int at = from;
                int hops = 0;
                while (at != to) {
                    int next = t.nextHop(at, to);
                    assertTrue(next == t.parent(at) || t.children(at).contains(next),
                            "a hop goes to a neighbour in the tree: " + at + " -> " + next + " in " + t);
                    at = next;
                    hops++;
                    if (hops > bound) {
                        throw new AssertionError("from " + from + " to " + to + " takes more than " + bound
                                + " hops in " + t);
                    }
                }
                assertEquals(to, t.nextHop(to, to));
            }
        }
    }

    @Property(tries = 60, seed = "1504")
    void aRadixOfAtLeastCountMinusOneIsFlat(@ForAll @IntRange(min = 1, max = 80) int count,
            @ForAll @IntRange(min = 0, max = 50) int extra) {
        DaemonTree t = new DaemonTree(count, Math.max(1, count - 1 + extra));
        assertEquals(IntStream.range(1, count).boxed().toList(), t.children(0));
        for (int id = 1; id < count; id++) {
            assertEquals(0, t.parent(id));
            assertEquals(List.of(), t.children(id));
            for (int to = 0; to < count; to++) {
                assertEquals(to == id ? id : 0, t.nextHop(id, to), "a leaf sends everything up");
                assertEquals(to, t.nextHop(0, to), "daemon 0 reaches each directly");
            }
        }
        assertTrue(depth(t) <= 1);
    }

    private static List<Integer> ancestors(DaemonTree t, int id) {
        List<Integer> out = new ArrayList<>();
        for (int d = id; d >= 0; d = t.parent(d)) {
            out.add(d);
        }
        return out;
    }

    /** The number of edges on the longest path from daemon 0 down. */
    private static int depth(DaemonTree t) {
        int most = 0;
        for (int id = 0; id < t.count(); id++) {
            most = Math.max(most, ancestors(t, id).size() - 1);
        }
        return most;
    }
}
