package org.pmix4j.runtime.cluster;

import java.io.ByteArrayOutputStream;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * Collectives across nodes (the servers' fence upcall) as an allgather along the daemon tree. Each daemon
 * waits for its own server's contribution, when its node holds participants, and for one from each child
 * whose subtree holds any; it sends the concatenation up; daemon 0, once complete, sends the whole to every
 * daemon, and those whose server is waiting hand it over. Servers call for a given set of participants in
 * the same order everywhere, so the n-th call over a set is the same collective on every node: its name is
 * the set and n.
 */
public final class TreeCollectives {
    /** Which daemons' nodes hold processes among {@code procs}; {@code null} for a job that is unknown here. */
    public interface Locator extends Function<List<Proc>, Set<Integer>> {
    }

    private final DaemonRouter router;
    private final Locator locator;
    /**
     * What daemon 0 makes of a complete collective's data, by kind (the concatenation, unless a kind says
     * otherwise: a group's context id is made there, once).
     */
    private final Map<String, java.util.function.UnaryOperator<byte[]>> finishers = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<String, Integer> calls = new HashMap<>();
    private final Map<String, Pending> pending = new HashMap<>();

    /** A collective in progress at this daemon. */
    private static final class Pending {
        final List<Proc> procs;
        final Set<Integer> expected = new HashSet<>();
        final ByteArrayOutputStream data = new ByteArrayOutputStream();
        CompletableFuture<byte[]> local;

        Pending(List<Proc> procs) {
            this.procs = procs;
        }
    }

    TreeCollectives(DaemonRouter router, Locator locator) {
        this.router = router;
        this.locator = locator;
    }

    /**
     * This node's server takes part with {@code data}: completes with every participating server's data
     * concatenated, or fails when a participating node is lost or the participants are not known.
     */
    public synchronized CompletableFuture<byte[]> contribute(List<Proc> procs, byte[] data) {
        return contribute("fence", procs, data);
    }

    /**
     * As {@link #contribute(List, byte[])} for a collective of another {@code kind} ("connect",
     * "disconnect"), which never pairs with a fence over the same processes.
     */
    public synchronized CompletableFuture<byte[]> contribute(String kind, List<Proc> procs, byte[] data) {
        String signature = kind + ":" + signature(procs);
        int n = calls.merge(signature, 1, Integer::sum);
        String name = n + "@" + signature;
        CompletableFuture<byte[]> done = new CompletableFuture<>();
        Pending p = open(name, procs);
        if (p == null) {
            done.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND,
                    "a collective over processes of a job no node knows: " + procs));
            return done;
        }
        p.local = done;
        arrived(name, p, router.self(), data);
        return done;
    }

    /** On daemon 0: collectives of {@code kind} complete with {@code finisher} applied to their data. */
    public void finishAtRoot(String kind, java.util.function.UnaryOperator<byte[]> finisher) {
        finishers.put(kind, finisher);
    }

    /** A child's subtree contributed. */
    synchronized void up(int child, DaemonMessage.FenceUp m) {
        Pending p = open(m.collective(), m.procs());
        if (p == null) {
            // every daemon waiting on it fails, not only daemon 0
            router.toEvery(new DaemonMessage.FenceDown(m.collective(), PmixStatus.PMIX_ERR_NOT_FOUND, new byte[0]));
            return;
        }
        arrived(m.collective(), p, child, m.data());
    }

    /** Daemon 0 finished a collective: the waiting server here, if any, gets its result. */
    void down(DaemonMessage.FenceDown m) {
        Pending p;
        synchronized (this) {
            p = pending.remove(m.collective());
        }
        if (p == null || p.local == null) {
            return;
        }
        if (m.status() == PmixStatus.PMIX_SUCCESS) {
            p.local.complete(m.data());
        } else {
            p.local.completeExceptionally(new PmixException(m.status(), "the collective over " + p.procs
                    + " failed across the nodes"));
        }
    }

    /** A node was lost: every collective in progress fails (its job is being stopped). */
    void nodeLost(String why) {
        Map<String, Pending> all;
        synchronized (this) {
            all = new HashMap<>(pending);
            pending.clear();
        }
        for (Pending p : all.values()) {
            if (p.local != null) {
                p.local.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_UNREACH, why));
            }
        }
    }

    private Pending open(String name, List<Proc> procs) {
        Pending p = pending.get(name);
        if (p != null) {
            return p;
        }
        Set<Integer> nodes = locator.apply(procs);
        if (nodes == null) {
            return null;
        }
        p = new Pending(procs);
        int self = router.self();
        if (nodes.contains(self)) {
            p.expected.add(self);
        }
        for (int c : router.tree().children(self)) {
            for (int n : nodes) {
                if (router.tree().inSubtree(c, n)) {
                    p.expected.add(c);
                    break;
                }
            }
        }
        pending.put(name, p);
        return p;
    }

    private void arrived(String name, Pending p, int from, byte[] data) {
        if (!p.expected.remove(from)) {
            return;
        }
        p.data.writeBytes(data);
        if (!p.expected.isEmpty()) {
            return;
        }
        if (router.self() == 0) {
            // the name is "<n>@<kind>:<signature>"
            String kind = name.substring(name.indexOf('@') + 1, name.indexOf(':'));
            byte[] all = finishers.getOrDefault(kind, d -> d).apply(p.data.toByteArray());
            router.toEvery(new DaemonMessage.FenceDown(name, PmixStatus.PMIX_SUCCESS, all));
        } else {
            router.send(router.tree().parent(router.self()), new DaemonMessage.FenceUp(name, p.procs,
                    p.data.toByteArray()));
        }
    }

    private static String signature(List<Proc> procs) {
        StringBuilder sb = new StringBuilder();
        procs.stream().map(p -> p.nspace() + ":" + p.rank()).sorted().forEach(s -> sb.append(s).append(';'));
        return sb.toString();
    }
}
