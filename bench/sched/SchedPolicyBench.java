package org.pmix4j.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.TreeSet;
import org.pmix4j.runtime.sched.policy.AllocationRequest;
import org.pmix4j.runtime.sched.policy.Changes;
import org.pmix4j.runtime.sched.policy.Demand;
import org.pmix4j.runtime.sched.policy.Grant;
import org.pmix4j.runtime.sched.policy.Node;
import org.pmix4j.runtime.sched.policy.NodePool;
import org.pmix4j.runtime.sched.policy.QueueSnapshot;
import org.pmix4j.runtime.sched.policy.SchedulingEngine;
import org.pmix4j.runtime.sched.policy.Session;
import org.pmix4j.runtime.sched.policy.Submission;
import org.pmix4j.runtime.sched.policy.Ticket;

/**
 * Drives the scheduling policy engine (org.pmix4j.runtime.sched.policy) with REQUESTS requests of mixed
 * sizes on a pool of NODES nodes of SLOTS slots, in simulated time, and prints per-decision engine time and
 * grant latency. Two workloads: "burst" (all requests queued at time 0, then served as sessions end) and
 * "stream" (Poisson arrivals that keep the pool about 90 % busy). Sessions end before their limit (users
 * overestimate: the run takes 20-100 % of the limit), except a few that are ended at expiry. A decision is one
 * engine call (submit, release, tick); its time is the wall time of the call on one thread with nothing else
 * to do, measured both as the thread's CPU time (ThreadMXBean) and as wall time, which also counts what
 * other processes on the machine take from it. Rates are per second of engine CPU time.
 * Usage: SchedPolicyBench [REQUESTS [NODES [SLOTS [ROUNDS]]]]
 */
public final class SchedPolicyBench {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration DEFAULT_LIMIT = Duration.ofHours(1);

    private record Job(AllocationRequest request, long arrival, long runSeconds) {
    }

    private record Result(String workload, long[] decisionNanos, long[] decisionCpuNanos, long[] latencySeconds,
                          int backfilled, long makespan, long snapshotNanos, int snapshotPending, int maxQueue) {
    }

    public static void main(String[] args) {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int nodes = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int slots = args.length > 2 ? Integer.parseInt(args[2]) : 32;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        List<Node> pool = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            pool.add(new Node(String.format("n%03d", i), slots));
        }
        NodePool nodePool = new NodePool(pool);
        for (String workload : List.of("burst", "stream")) {
            List<Job> jobs = workload(workload, requests, nodePool, new Random(42));
            Result first = null;
            Result last = null;
            for (int r = 0; r < rounds; r++) {
                last = run(workload, jobs, nodePool);
                if (first == null) {
                    first = last;
                }
            }
            print(first, "first run (cold JVM)");
            print(last, "run " + rounds + " (warm)");
        }
    }

    /** Mixed sizes: mostly slot requests of 1-256 slots, whole nodes, some restricted to named nodes. */
    private static List<Job> workload(String kind, int n, NodePool pool, Random rnd) {
        List<Job> jobs = new ArrayList<>(n);
        double arrival = 0;
        double meanWork = 0;
        List<AllocationRequest> requests = new ArrayList<>();
        List<Long> runs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int uid = 1000 + rnd.nextInt(20);
            double pick = rnd.nextDouble();
            AllocationRequest r;
            int size;
            if (pick < 0.60) {
                size = (int) Math.round(Math.pow(2, rnd.nextDouble() * 8));
                r = AllocationRequest.slots(uid, size);
            } else if (pick < 0.85) {
                int k = 1 + rnd.nextInt(16);
                size = k * pool.nodes().get(0).slots();
                r = AllocationRequest.nodes(uid, k);
            } else if (pick < 0.95) {
                List<String> names = namedNodes(pool, 4, rnd);
                size = 1 + rnd.nextInt(4 * pool.nodes().get(0).slots());
                r = AllocationRequest.slots(uid, size).on(names);
            } else {
                List<String> names = namedNodes(pool, 2, rnd);
                size = 2 * pool.nodes().get(0).slots();
                r = AllocationRequest.listedNodes(uid, names);
            }
            long limit = 60 + rnd.nextInt(7141);
            long run;
            if (rnd.nextDouble() < 0.10) {
                run = 600 + rnd.nextInt(3000);
            } else {
                r = r.withTimeLimit(Duration.ofSeconds(limit));
                // 5 % run into their limit and are ended at expiry
                run = rnd.nextDouble() < 0.05 ? limit + 60 : (long) (limit * (0.2 + 0.8 * rnd.nextDouble()));
            }
            requests.add(r.withRequestId("job-" + i));
            runs.add(Math.max(1, run));
            meanWork += (double) size * run / n;
        }
        // stream: arrivals spaced so that the offered load is ~90 % of the pool's slots
        double meanGap = meanWork / (0.9 * pool.totalSlots());
        for (int i = 0; i < n; i++) {
            long at = kind.equals("burst") ? 0 : (long) arrival;
            jobs.add(new Job(requests.get(i), at, runs.get(i)));
            arrival += -Math.log(1 - rnd.nextDouble()) * meanGap;
        }
        return jobs;
    }

    private static List<String> namedNodes(NodePool pool, int k, Random rnd) {
        int start = rnd.nextInt(pool.size() - k + 1);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            names.add(pool.nodes().get(start + i).name());
        }
        return names;
    }

    /** A simulated event: a job arrives, or a session ends (by itself or at expiry). */
    private record Event(long at, int kind, int index) {
        static final int ARRIVE = 0;
        static final int END = 1;
    }

    /** Times engine calls: wall time per call, and the thread's CPU time over all of them. */
    private static final class Meter {
        private final ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long[] nanos = new long[1024];
        long[] cpuNanos = new long[1024];
        int count;

        <T> T time(java.util.function.Supplier<T> call) {
            long c0 = cpu.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            T result = call.get();
            long t = System.nanoTime() - t0;
            long c = cpu.getCurrentThreadCpuTime() - c0;
            if (count == nanos.length) {
                nanos = Arrays.copyOf(nanos, count * 2);
                cpuNanos = Arrays.copyOf(cpuNanos, count * 2);
            }
            cpuNanos[count] = c;
            nanos[count++] = t;
            return result;
        }
    }

    private static Result run(String workload, List<Job> jobs, NodePool pool) {
        SchedulingEngine engine = new SchedulingEngine(pool, DEFAULT_LIMIT);
        Meter meter = new Meter();
        PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.at != b.at ? Long.compare(a.at, b.at)
                : a.kind != b.kind ? Integer.compare(b.kind, a.kind) : Integer.compare(a.index, b.index));
        for (int i = 0; i < jobs.size(); i++) {
            events.add(new Event(jobs.get(i).arrival(), Event.ARRIVE, i));
        }
        Map<Ticket, Integer> jobOf = new HashMap<>();
        TreeSet<Long> waiting = new TreeSet<>();
        long[] grantedAt = new long[jobs.size()];
        int backfilled = 0;
        int maxQueue = 0;
        long snapshotNanos = 0;
        int snapshotPending = -1;
        int arrivals = 0;
        long now = 0;
        while (!events.isEmpty() || engine.nextExpiry().isPresent()) {
            long nextEvent = events.isEmpty() ? Long.MAX_VALUE : events.peek().at();
            long nextExpiry = engine.nextExpiry().map(t -> t.getEpochSecond() - T0.getEpochSecond())
                    .orElse(Long.MAX_VALUE);
            Changes changes;
            if (nextExpiry < nextEvent) {
                now = nextExpiry;
                Instant at = T0.plusSeconds(now);
                changes = meter.time(() -> engine.tick(at));
            } else {
                Event e = events.poll();
                now = e.at();
                Instant at = T0.plusSeconds(now);
                if (e.kind() == Event.ARRIVE) {
                    Submission s = meter.time(() -> engine.submit(jobs.get(e.index()).request(), at));
                    if (s.refused()) {
                        throw new IllegalStateException("refused: " + s.refusal());
                    }
                    jobOf.put(s.ticket(), e.index());
                    arrivals++;
                    waiting.add(s.ticket().number());
                    changes = s.changes();
                } else {
                    Optional<Changes> released = meter.time(() -> engine.release(e.index(), at));
                    changes = released.orElseThrow();
                }
            }
            for (Grant g : changes.granted()) {
                waiting.remove(g.ticket().number());
            }
            for (Grant g : changes.granted()) {
                int job = jobOf.get(g.ticket());
                grantedAt[job] = now;
                if (!waiting.isEmpty() && waiting.first() < g.ticket().number()) {
                    backfilled++;
                }
                events.add(new Event(now + jobs.get(job).runSeconds(), Event.END, g.session().id()));
            }
            for (Session s : changes.expired()) {
                // ended at its limit: the scheduler has the runtime end it, then releases it at once
                events.removeIf(ev -> ev.kind() == Event.END && ev.index() == s.id());
                events.add(new Event(now, Event.END, s.id()));
            }
            maxQueue = Math.max(maxQueue, waiting.size());
            if (arrivals == jobs.size() && snapshotPending < 0) {
                // what `pmix4j queue` costs with the queue as long as it gets in this workload
                Instant at = T0.plusSeconds(now);
                long s0 = System.nanoTime();
                QueueSnapshot snap = engine.snapshot(at);
                snapshotNanos = System.nanoTime() - s0;
                snapshotPending = snap.pending().size();
            }
        }
        if (!waiting.isEmpty()) {
            throw new IllegalStateException(waiting.size() + " requests were never granted");
        }
        long[] latency = new long[jobs.size()];
        for (int i = 0; i < jobs.size(); i++) {
            latency[i] = grantedAt[i] - jobs.get(i).arrival();
        }
        return new Result(workload, Arrays.copyOf(meter.nanos, meter.count), Arrays.copyOf(meter.cpuNanos, meter.count),
                latency, backfilled,
                now, snapshotNanos, snapshotPending, maxQueue);
    }

    private static void print(Result r, String label) {
        long[] wall = r.decisionNanos().clone();
        long[] cpu = r.decisionCpuNanos().clone();
        long[] l = r.latencySeconds().clone();
        Arrays.sort(wall);
        Arrays.sort(cpu);
        Arrays.sort(l);
        long wallTotal = Arrays.stream(wall).sum();
        long cpuTotal = Arrays.stream(cpu).sum();
        System.out.printf("%s\t%s\tdecisions=%d\tengine_ms=%.1f\tengine_cpu_ms=%.1f\tcpu_median_us=%.1f"
                        + "\tcpu_p99_us=%.1f\twall_median_us=%.1f\twall_p99_us=%.1f\tdecisions_per_s=%.0f"
                        + "\tlatency_median_s=%d\tlatency_p99_s=%d\tbackfilled=%d\tmakespan_s=%d\tmax_queue=%d"
                        + "\trequests_per_s=%.0f\tsnapshot_pending=%d\tsnapshot_ms=%.2f%n",
                r.workload(), label, cpu.length, wallTotal / 1e6, cpuTotal / 1e6, pct(cpu, 0.5) / 1e3,
                pct(cpu, 0.99) / 1e3, pct(wall, 0.5) / 1e3, pct(wall, 0.99) / 1e3, cpu.length / (cpuTotal / 1e9),
                pct(l, 0.5), pct(l, 0.99), r.backfilled(), r.makespan(), r.maxQueue(),
                l.length / (cpuTotal / 1e9), r.snapshotPending(), r.snapshotNanos() / 1e6);
    }

    private static long pct(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
    }
}
