package org.pmix4j.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.client.tool.PmixTool;

/**
 * The scheduler's throughput and grant latency, end to end (bench/sched.sh): a tool of the node's
 * {@code pmix4j sched} puts COUNT allocation requests of mixed sizes in its queue at once (PMIx_Allocation_request,
 * PMIX_ALLOC_NEW: 1 to 16 slots, time limits of 1 to 60 minutes, sizes drawn with a fixed seed) and releases
 * each session as soon as it is granted (PMIX_ALLOC_RELEASE), so that every grant is a queue decision, a
 * session created in the DVM and, on release, ended there. Reports each request's grant latency (submit to
 * grant: its wait in the queue included) as median and 99th percentile, the requests granted per second,
 * and, first, the latency of one request to an idle scheduler (median of 20).
 *
 * <p>Usage: {@code SchedulerThroughput COUNT SYSTEM_TMPDIR}
 */
public final class SchedulerThroughput {
    private static final int[] SIZES = {1, 1, 1, 2, 2, 4, 4, 8, 16};

    private SchedulerThroughput() {
    }

    public static void main(String[] args) throws Exception {
        int count = Integer.parseInt(args[0]);
        try (PmixTool tool = PmixTool.init(Attributes.CONNECT_TO_SCHEDULER.info(true),
                Attributes.SYSTEM_TMPDIR.info(args[1]))) {
            List<Long> idle = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                long t0 = System.nanoTime();
                List<Info> granted = tool.allocationRequest(AllocDirective.NEW, ask(1, 60));
                idle.add(System.nanoTime() - t0);
                release(tool, granted).join();
            }
            Collections.sort(idle);
            System.out.printf("idle: one request granted in %.2f ms (median of 20)%n", idle.get(10) / 1e6);

            Random random = new Random(42);
            ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
            List<CompletableFuture<Void>> all = new ArrayList<>();
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                int slots = SIZES[random.nextInt(SIZES.length)];
                int seconds = 60 * (1 + random.nextInt(60));
                long t0 = System.nanoTime();
                all.add(tool.allocationRequestAsync(AllocDirective.NEW, ask(slots, seconds)).toCompletableFuture()
                        .thenCompose(granted -> {
                            latencies.add(System.nanoTime() - t0);
                            return release(tool, granted);
                        }));
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
            double seconds = (System.nanoTime() - start) / 1e9;
            List<Long> sorted = new ArrayList<>(latencies);
            Collections.sort(sorted);
            System.out.printf("queued: %d requests granted and released in %.2f s: %.0f requests/s; grant latency"
                    + " median %.1f ms, p99 %.1f ms%n", count, seconds, count / seconds,
                    sorted.get(sorted.size() / 2) / 1e6, sorted.get((int) (sorted.size() * 0.99)) / 1e6);
        }
    }

    private static List<Info> ask(int slots, int seconds) {
        return List.of(Attributes.ALLOC_NUM_CPUS.info((long) slots), Attributes.ALLOC_TIME.info(seconds));
    }

    private static CompletableFuture<Void> release(PmixTool tool, List<Info> granted) {
        int id = Attributes.SESSION_ID.find(granted).orElseThrow();
        return tool.allocationRequestAsync(AllocDirective.RELEASE, List.of(Attributes.SESSION_ID.info(id)))
                .toCompletableFuture().thenApply(r -> null);
    }
}
