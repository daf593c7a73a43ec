package org.pmix4j.server.cleanup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;

/**
 * The {@link EpilogRegistry} that also carries the epilogs out, when libpmix does: a process's when it
 * terminates (its connection is gone, or the host deregisters it), a job's when the host deregisters the
 * namespace (after those of its processes that are left), and whatever is still registered when the server
 * finalizes ({@link #drain()}). The files are removed on threads of their own, never on the server's loop;
 * finalizing waits for them, so a host that exits right after finalizing (as {@code pmix4j run} does) does
 * not cut a cleanup short.
 */
public final class ExecutingEpilogRegistry extends EpilogRegistry implements ServerCore.PeerListener {
    private static final Log LOG = Log.of(ExecutingEpilogRegistry.class);
    /** How long finalizing waits for cleanups under way. */
    private static final Duration FINISH_LIMIT = Duration.ofSeconds(30);

    private final Set<Thread> running = ConcurrentHashMap.newKeySet();

    private void carryOut(String name, List<Map.Entry<Proc, Epilog>> epilogs) {
        if (epilogs.isEmpty()) {
            return;
        }
        for (Map.Entry<Proc, Epilog> e : epilogs) {
            LOG.debug("cleanup for {}: {}", e.getKey(), e.getValue());
        }
        Thread t = Thread.ofVirtual().name("pmix4j-cleanup-" + name).unstarted(() -> {
            try {
                epilogs.forEach(e -> runQuietly(e.getKey(), e.getValue()));
            } finally {
                running.remove(Thread.currentThread());
            }
        });
        running.add(t);
        t.start();
    }

    /** One epilog; a failure (an I/O error while listing a directory …) costs that epilog alone. */
    private static void runQuietly(Proc scope, Epilog e) {
        try {
            EpilogRunner.run(e);
        } catch (RuntimeException ex) {
            LOG.debug("cleanup for {} stopped: {}", scope, ex.toString());
        }
    }

    @Override
    public void lost(Peer peer, String why) {
        if (peer.isClient()) {
            take(peer.proc()).ifPresent(e -> carryOut(peer.proc().toString(), List.of(Map.entry(peer.proc(), e))));
        }
    }

    @Override
    public void clientGone(Proc proc) {
        take(proc).ifPresent(e -> carryOut(proc.toString(), List.of(Map.entry(proc, e))));
    }

    @Override
    public void namespaceGone(String nspace) {
        // in order: the processes' first, then the job's, like libpmix
        List<Map.Entry<Proc, Epilog>> all = new ArrayList<>(takeProcesses(nspace).entrySet());
        Proc job = Proc.wildcard(nspace);
        take(job).ifPresent(e -> all.add(Map.entry(job, e)));
        carryOut(nspace, all);
    }

    /**
     * Takes everything still registered (on the loop: the server finalizes); the task returned carries it
     * out on the calling thread — processes' epilogs first, then jobs' — and waits for the cleanups already
     * under way, as PMIx_server_finalize does before it returns.
     */
    public Runnable drain() {
        List<Map.Entry<Proc, Epilog>> left = new ArrayList<>(takeAll().entrySet());
        left.sort((a, b) -> Boolean.compare(a.getKey().rank() == Rank.WILDCARD, b.getKey().rank() == Rank.WILDCARD));
        return () -> {
            for (Map.Entry<Proc, Epilog> e : left) {
                LOG.debug("cleanup at finalize for {}: {}", e.getKey(), e.getValue());
                runQuietly(e.getKey(), e.getValue());
            }
            long end = System.nanoTime() + FINISH_LIMIT.toNanos();
            for (Thread t : List.copyOf(running)) {
                long wait = end - System.nanoTime();
                try {
                    if (wait <= 0 || !t.join(Duration.ofNanos(wait))) {
                        LOG.warn("finalize: a cleanup ({}) is still running after {} s; not waiting for it",
                                t.getName(), FINISH_LIMIT.toSeconds());
                        return;
                    }
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        };
    }
}
