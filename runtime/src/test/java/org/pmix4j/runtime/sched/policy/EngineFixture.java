package org.pmix4j.runtime.sched.policy;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** An engine on a small pool with a simulated clock in seconds, recording the order of grants. */
final class EngineFixture {
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    static final int UID = 1000;

    final SchedulingEngine engine;
    final List<Grant> grants = new ArrayList<>();
    final List<Session> expired = new ArrayList<>();

    EngineFixture(String hosts) {
        this(hosts, Duration.ofHours(1));
    }

    /** {@code hosts} as {@code --host} gives it: "a:4,b:4". */
    EngineFixture(String hosts, Duration defaultLimit) {
        List<Node> nodes = Arrays.stream(hosts.split(","))
                .map(h -> new Node(h.split(":")[0], Integer.parseInt(h.split(":")[1]))).toList();
        engine = new SchedulingEngine(new NodePool(nodes), defaultLimit);
    }

    static Instant at(long seconds) {
        return T0.plusSeconds(seconds);
    }

    static AllocationRequest slots(int n, long seconds) {
        return AllocationRequest.slots(UID, n).withTimeLimit(Duration.ofSeconds(seconds));
    }

    static AllocationRequest nodes(int n, long seconds) {
        return AllocationRequest.nodes(UID, n).withTimeLimit(Duration.ofSeconds(seconds));
    }

    Submission submit(AllocationRequest r, long second) {
        Submission s = engine.submit(r, at(second));
        record(s.changes());
        return s;
    }

    /** Submits a request that must be accepted, granted or not. */
    Ticket queue(AllocationRequest r, long second) {
        Submission s = submit(r, second);
        assertTrue(s.refusal().isEmpty(), () -> "refused: " + s.refusal());
        return s.ticket();
    }

    Changes release(int sessionId, long second) {
        Changes c = engine.release(sessionId, at(second)).orElseThrow();
        record(c);
        return c;
    }

    Changes tick(long second) {
        Changes c = engine.tick(at(second));
        record(c);
        return c;
    }

    Changes cancel(Ticket t, long second) {
        Changes c = engine.cancel(t, at(second)).orElseThrow();
        record(c);
        return c;
    }

    private void record(Changes c) {
        grants.addAll(c.granted());
        expired.addAll(c.expired());
    }

    /** The tickets in the order they were granted. */
    List<Ticket> grantOrder() {
        return grants.stream().map(Grant::ticket).toList();
    }

    Session sessionOf(Ticket t) {
        return grants.stream().filter(g -> g.ticket().equals(t)).findFirst().orElseThrow().session();
    }

    boolean granted(Ticket t) {
        return grants.stream().anyMatch(g -> g.ticket().equals(t));
    }
}
