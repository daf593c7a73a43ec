package org.pmix4j.runtime.sched.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Properties over random pools and random sequences of submissions, releases, cancellations, extensions and
 * the passing of time: the pool is never over-committed, every session fits its request and the pool, the
 * head of the queue never fits unserved, backfill never moves the head's reservation later, and every
 * accepted request is granted once everything ahead of it has ended.
 */
class SchedulingProperties {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final String[] NAMES = {"a", "b", "c", "d", "e"};

    sealed interface Action {
    }

    /** kind 0: slots, 1: whole nodes, 2: listed nodes; mask picks node-list names (bit 5: an unknown one). */
    record Submit(int kind, int count, int mask, int limit) implements Action {
    }

    record Release(int pick) implements Action {
    }

    record Cancel(int pick) implements Action {
    }

    /** More time and/or more resources (whole nodes when {@code nodes}, else slots). */
    record Extend(int pick, int moreSeconds, int more, boolean nodes) implements Action {
    }

    record Advance(int seconds) implements Action {
    }

    @Provide
    Arbitrary<List<Integer>> pools() {
        return Arbitraries.integers().between(1, 8).list().ofMinSize(1).ofMaxSize(5);
    }

    @Provide
    Arbitrary<List<Action>> actions() {
        Arbitrary<Action> submit = Combinators.combine(Arbitraries.integers().between(0, 2),
                Arbitraries.integers().between(-1, 14), Arbitraries.integers().between(0, 63).edgeCases(e -> e.add(0)),
                Arbitraries.integers().between(0, 400)).as((k, c, m, l) -> new Submit(k, c, m, l));
        Arbitrary<Action> release = Arbitraries.integers().between(0, 20).map(Release::new);
        Arbitrary<Action> cancel = Arbitraries.integers().between(0, 20).map(Cancel::new);
        Arbitrary<Action> extend = Combinators.combine(Arbitraries.integers().between(0, 20),
                Arbitraries.integers().between(0, 200), Arbitraries.integers().between(0, 4),
                Arbitraries.of(true, false)).as(Extend::new);
        Arbitrary<Action> advance = Arbitraries.integers().between(1, 300).map(Advance::new);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, submit), net.jqwik.api.Tuple.of(2, release),
                net.jqwik.api.Tuple.of(1, cancel), net.jqwik.api.Tuple.of(1, extend),
                net.jqwik.api.Tuple.of(2, advance)).list().ofMinSize(1).ofMaxSize(80);
    }

    @Property(tries = 500, edgeCases = EdgeCasesMode.NONE)
    void theRulesHoldOverRandomSequences(@ForAll("pools") List<Integer> slots, @ForAll("actions") List<Action> actions) {
        new Run(slots).play(actions);
        // the properties about backfill mean something only if the sequences make it happen
        Statistics.label("backfilled").coverage(c -> c.check(true).count(n -> n >= 10));
    }

    /** A restarted scheduler: the same rules with a session adopted first, and ids above the adopted one. */
    @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
    void theRulesHoldAfterAdoption(@ForAll("pools") List<Integer> slots, @ForAll("actions") List<Action> actions,
                                   @ForAll @net.jqwik.api.constraints.IntRange(min = 1, max = 50) int adoptedId,
                                   @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 400) int limit) {
        Run run = new Run(slots);
        Session adopted = new Session(adoptedId, "alloc." + adoptedId, 999, null,
                List.of(new NodeSlots("a", slots.get(0))), T0.minusSeconds(10),
                limit == 0 ? null : T0.plusSeconds(limit));
        run.record(run.engine.adopt(adopted, T0));
        run.lastId = adoptedId;
        run.play(actions);
    }

    /** One engine driven by one sequence, checked after every step. */
    private static final class Run {
        private final NodePool pool;
        private final SchedulingEngine engine;
        private final RequestCheck check;
        private final Map<Ticket, AllocationRequest> accepted = new HashMap<>();
        private final Set<Ticket> cancelled = new HashSet<>();
        private final Map<Ticket, Session> granted = new HashMap<>();
        private final Set<Integer> expiredOnce = new HashSet<>();
        private final List<Ticket> stepGrants = new ArrayList<>();
        private int lastId;
        private Instant now = T0;

        Run(List<Integer> slots) {
            List<Node> nodes = new ArrayList<>();
            for (int i = 0; i < slots.size(); i++) {
                nodes.add(new Node(NAMES[i], slots.get(i)));
            }
            pool = new NodePool(nodes);
            engine = new SchedulingEngine(pool, Duration.ofSeconds(250));
            check = new RequestCheck(pool);
        }

        void play(List<Action> actions) {
            for (Action a : actions) {
                step(a);
            }
            drain();
        }

        private void step(Action action) {
            if (action instanceof Advance adv) {
                now = now.plusSeconds(adv.seconds());
                record(engine.tick(now));
                checkState();
                return;
            }
            QueueSnapshot before = engine.snapshot(now);
            stepGrants.clear();
            switch (action) {
                case Submit s -> submit(s);
                case Release r -> {
                    List<Session> running = before.running();
                    if (!running.isEmpty()) {
                        record(engine.release(running.get(r.pick() % running.size()).id(), now).orElseThrow());
                    }
                }
                case Cancel c -> {
                    List<QueueSnapshot.Pending> pending = before.pending();
                    if (!pending.isEmpty()) {
                        Ticket t = pending.get(c.pick() % pending.size()).ticket();
                        cancelled.add(t);
                        record(engine.cancel(t, now).orElseThrow());
                    }
                }
                case Extend e -> extend(before, e);
                case Advance adv -> throw new AssertionError();
            }
            checkState();
            QueueSnapshot after = engine.snapshot(now);
            checkHeadNotDelayed(before, after);
            Statistics.label("backfilled").collect(backfilled(after));
        }

        /** Whether this step granted a request behind one still waiting: backfill happened. */
        private boolean backfilled(QueueSnapshot after) {
            return !after.pending().isEmpty() && stepGrants.stream()
                    .anyMatch(t -> t.number() > after.pending().get(0).ticket().number());
        }

        private void submit(Submit s) {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < pool.size(); i++) {
                if ((s.mask() & (1 << i)) != 0) {
                    names.add(NAMES[i]);
                }
            }
            if ((s.mask() & 32) != 0 && s.mask() % 7 == 0) {
                names.add("zz");
            }
            Demand demand = switch (s.kind()) {
                case 0 -> new Demand.Slots(s.count());
                case 1 -> new Demand.WholeNodes(Math.min(s.count(), 6));
                default -> new Demand.ListedNodes();
            };
            AllocationRequest r = new AllocationRequest(1000 + s.kind(), demand, names,
                    s.limit() == 0 ? null : Duration.ofSeconds(s.limit()), null);
            Submission sub = engine.submit(r, now);
            boolean fitsEmptyPool = check.check(r).refusal() == null;
            assertEquals(!fitsEmptyPool, sub.refused(), () -> r + ": " + sub.refusal());
            if (!sub.refused()) {
                accepted.put(sub.ticket(), r);
            }
            record(sub.changes());
        }

        private void extend(QueueSnapshot before, Extend e) {
            List<Session> running = before.running();
            if (running.isEmpty()) {
                return;
            }
            Session s = running.get(e.pick() % running.size());
            int count = e.nodes() ? Math.min(e.more(), 2) : e.more();
            Demand more = count == 0 ? null : e.nodes() ? new Demand.WholeNodes(count) : new Demand.Slots(count);
            Extension ext = new Extension(e.moreSeconds() == 0 ? null : Duration.ofSeconds(e.moreSeconds()), more,
                    List.of());
            ExtendResult result = engine.extend(s.id(), ext, now);
            if (result instanceof ExtendResult.Extended x) {
                assertEquals(s.id(), x.session().id());
                assertEquals(s.start(), x.session().start());
                if (more instanceof Demand.Slots sl) {
                    assertEquals(s.slots() + sl.count(), x.session().slots());
                } else if (more instanceof Demand.WholeNodes w) {
                    assertEquals(s.nodes().size() + w.count(), x.session().nodes().size());
                }
                if (ext.moreTime() != null) {
                    assertEquals(s.end().plus(ext.moreTime()), x.session().end());
                }
                granted.replaceAll((t, old) -> old.id() == s.id() ? x.session() : old);
            } else {
                String reason = ((ExtendResult.Refused) result).reason();
                if (expiredOnce.contains(s.id())) {
                    assertTrue(reason.contains("it is being ended"), reason);
                } else if (ext.moreTime() == null && more == null) {
                    assertTrue(reason.contains("asks for nothing"), reason);
                }
            }
        }

        private void record(Changes c) {
            for (Grant g : c.granted()) {
                AllocationRequest r = accepted.get(g.ticket());
                assertTrue(r != null, () -> "granted a request that was not accepted: " + g);
                assertFalse(cancelled.contains(g.ticket()), () -> "granted a cancelled request: " + g);
                assertTrue(granted.put(g.ticket(), g.session()) == null, () -> "granted twice: " + g);
                stepGrants.add(g.ticket());
                assertTrue(g.session().id() > lastId, "session ids increase and are never reused");
                lastId = g.session().id();
                assertEquals(now, g.session().start());
                checkFits(r, g.session());
            }
            for (Session s : c.expired()) {
                assertTrue(expiredOnce.add(s.id()), () -> "expired twice: " + s);
                assertTrue(s.end() != null && !s.end().isAfter(now), () -> "expired early: " + s + " at " + now);
            }
        }

        /** The session is what the request asked for, on nodes of the pool, within their slots. */
        private void checkFits(AllocationRequest r, Session s) {
            for (NodeSlots ns : s.nodes()) {
                int n = pool.indexOf(ns.node());
                assertTrue(n >= 0 && ns.slots() <= pool.capacity(n), () -> s + " does not fit " + pool);
                assertTrue(r.nodeList().isEmpty() || r.nodeList().contains(ns.node()), () -> s + " outside " + r);
            }
            switch (r.demand()) {
                case Demand.Slots sl -> assertEquals(sl.count(), s.slots());
                case Demand.WholeNodes w -> {
                    assertEquals(w.count(), s.nodes().size());
                    s.nodes().forEach(ns -> assertEquals(pool.capacity(pool.indexOf(ns.node())), ns.slots()));
                }
                case Demand.ListedNodes l -> {
                    assertEquals(new HashSet<>(r.nodeList()), new HashSet<>(s.nodeNames()));
                    s.nodes().forEach(ns -> assertEquals(pool.capacity(pool.indexOf(ns.node())), ns.slots()));
                }
            }
            if (r.timeLimit() != null) {
                assertEquals(s.start().plus(r.timeLimit()), s.end());
            }
        }

        /** No node over-committed, and the head of the queue does not fit what is free (else it would run). */
        private void checkState() {
            QueueSnapshot snap = engine.snapshot(now);
            int[] free = pool.capacities().clone();
            for (Session s : snap.running()) {
                for (NodeSlots ns : s.nodes()) {
                    free[pool.indexOf(ns.node())] -= ns.slots();
                }
            }
            for (int n = 0; n < free.length; n++) {
                int node = n;
                assertTrue(free[n] >= 0, () -> "node " + pool.name(node) + " over-committed: " + snap.running());
            }
            if (!snap.pending().isEmpty()) {
                AllocationRequest head = snap.pending().get(0).request();
                assertFalse(check.check(head).need().fitsIn(free.clone(), pool.capacities()),
                        () -> "the head fits but waits: " + head + " in " + snap);
                assertFalse(snap.pending().get(0).estimatedStart().isBefore(now));
            }
        }

        /** Within one instant, nothing but the head's own start or departure moves its reservation later. */
        private void checkHeadNotDelayed(QueueSnapshot before, QueueSnapshot after) {
            if (before.pending().isEmpty() || after.pending().isEmpty()
                    || !before.pending().get(0).ticket().equals(after.pending().get(0).ticket())) {
                return;
            }
            Instant was = before.pending().get(0).estimatedStart();
            Instant is = after.pending().get(0).estimatedStart();
            assertFalse(is.isAfter(was), () -> "the head's reservation moved from " + was + " to " + is);
        }

        /** Ends everything, repeatedly, until the queue is empty: every accepted request must have started. */
        private void drain() {
            for (int round = 0; round <= accepted.size() + 1; round++) {
                QueueSnapshot snap = engine.snapshot(now);
                if (snap.pending().isEmpty()) {
                    break;
                }
                assertFalse(snap.running().isEmpty(), () -> "requests wait with nothing running: " + snap);
                now = now.plusSeconds(1);
                for (Session s : snap.running()) {
                    record(engine.release(s.id(), now).orElseThrow());
                }
            }
            for (Ticket t : accepted.keySet()) {
                assertTrue(cancelled.contains(t) || granted.containsKey(t), () -> t + " was never granted");
            }
        }
    }
}
