package org.pmix4j.server.security;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.pmix4j.api.internal.Log;

/**
 * Learns from the kernel who is at the other end of a TCP connection: the socket's owner, asked of the
 * kernel socket by socket ({@link SocketLookup}, netlink) where it can be, else from the socket tables; the
 * holding process and its gid from /proc. Works on its own thread, so that the server's loop never reads
 * /proc; and in batches: connections that arrive while a lookup runs are all answered by the next round (a
 * thousand processes connecting at once cost a few readings of the tables, not a thousand).
 */
public final class IdentityResolver implements AutoCloseable {
    private static final Log LOG = Log.of(IdentityResolver.class);

    /**
     * How many more times a socket of this node that was not found is looked for. The kernel writes its
     * table bucket by bucket while sockets come and go, so one reading can miss a live socket; seen with
     * a thousand clients connecting at once.
     */
    private static final int LOOKS = 5;

    private record Pending(InetSocketAddress peer, InetSocketAddress server, LongSupplier pidHint, long claimedPid,
            CompletableFuture<KernelIdentity> answer, int looks) {
        Pending again() {
            return new Pending(peer, server, pidHint, claimedPid, answer, looks + 1);
        }
    }

    private final SocketTable table;
    /** makes {@link #lookup}, on the resolver's thread */
    private final Supplier<SocketLookup> lookupMaker;
    /** asks for one socket at a time; none when this JVM or kernel cannot, or once it failed */
    private SocketLookup lookup;
    private final SocketHolders holders;
    private final LocalAddresses addresses = new LocalAddresses();
    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile boolean closed;

    public IdentityResolver(Path proc) {
        this(proc, () -> null);
    }

    /**
     * {@code lookupMaker} makes the lookup the sockets are asked of first, then the tables (it may make none:
     * the tables only). It is called on the resolver's thread as it starts: the netlink lookup's set-up (the
     * shared downcall handles, when nothing made them before) costs a fresh JVM tens of milliseconds, which
     * the server's start then does not wait for.
     */
    IdentityResolver(Path proc, Supplier<SocketLookup> lookupMaker) {
        this.table = new SocketTable(proc.resolve("net"));
        this.lookupMaker = lookupMaker;
        this.holders = new SocketHolders(proc);
        this.thread = Thread.ofPlatform().daemon().name("pmix4j-peer-identity").unstarted(this::run);
        thread.start();
    }

    public static IdentityResolver forThisNode() {
        return new IdentityResolver(Path.of("/proc"), () -> SocketLookups.forThisNode().orElse(null));
    }

    /**
     * The identity of the peer at {@code peer} connected to this server's {@code server} end; completes on
     * the resolver's thread.
     */
    public CompletableFuture<KernelIdentity> resolve(InetSocketAddress peer, InetSocketAddress server) {
        return resolve(peer, server, () -> -1);
    }

    /**
     * As {@link #resolve(InetSocketAddress, InetSocketAddress)}, looking first in the process {@code pidHint}
     * names (the one the host started, when it said; -1 if not), which spares a search of /proc. It is asked
     * when the lookup runs: a host that says the pid just after the process connected is still in time.
     */
    public CompletableFuture<KernelIdentity> resolve(InetSocketAddress peer, InetSocketAddress server,
            LongSupplier pidHint) {
        return resolve(peer, server, pidHint, -1);
    }

    /**
     * As {@link #resolve(InetSocketAddress, InetSocketAddress, LongSupplier)}, looking next in the process
     * {@code claimedPid} (what the peer says its pid is, -1 if it said nothing), when the socket's owner owns
     * it: the claim spares a search of every process of that user, and the kernel still says who holds the
     * socket (see {@link SocketHolders#find(Set, Set, Set, Set)}).
     */
    public CompletableFuture<KernelIdentity> resolve(InetSocketAddress peer, InetSocketAddress server,
            LongSupplier pidHint, long claimedPid) {
        CompletableFuture<KernelIdentity> answer = new CompletableFuture<>();
        if (closed) {
            answer.completeExceptionally(new IOException("the server is closing"));
        } else {
            queue.add(new Pending(peer, server, pidHint, claimedPid, answer, 1));
        }
        return answer;
    }

    private void run() {
        try {
            lookup = lookupMaker.get();
            serve();
        } finally {
            if (lookup != null) {
                lookup.close(); // here, on the thread that uses it, never under a lookup in progress
            }
        }
    }

    private void serve() {
        while (!closed) {
            List<Pending> batch = new ArrayList<>();
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                break;
            }
            queue.drainTo(batch);
            try {
                answer(batch);
            } catch (IOException | RuntimeException e) {
                LOG.warn("cannot read the kernel's socket tables: {}", e.toString());
                for (Pending p : batch) {
                    p.answer.completeExceptionally(e);
                }
            }
        }
    }

    private void answer(List<Pending> batch) throws IOException {
        Set<Integer> ports = new HashSet<>();
        Map<InetSocketAddress, InetSocketAddress> sought = new HashMap<>();
        for (Pending p : batch) {
            ports.add(p.peer.getPort());
            sought.put(p.peer, p.server);
        }
        // the batch's own requests, by identity (a record's hashCode is bootstrapped at its first call)
        Map<Pending, KernelSocket> matched = new IdentityHashMap<>();
        lookEach(batch, matched, sought);
        boolean tables = lookup == null || batch.stream()
                .anyMatch(p -> !matched.containsKey(p) && addresses.isLocal(p.peer.getAddress()));
        if (tables && matched.size() < batch.size()) {
            // read only as far as the batch's sockets; after the kernel's own lookups, only for a socket of
            // this node that it did not find (an end of another node is in no table of this one)
            match(batch, table.read("tcp", ports, sought), matched);
        }
        if (tables && matched.size() < batch.size()) {
            // IPv6 connections, and IPv4 ones accepted by an IPv6 socket, are in the other table
            for (Pending p : matched.keySet()) {
                sought.remove(p.peer);
            }
            match(batch, table.read("tcp6", ports, sought), matched);
        }
        Set<Long> inodes = new HashSet<>();
        Set<Integer> uids = new HashSet<>();
        Set<Long> hints = new HashSet<>();
        Set<Long> claims = new HashSet<>();
        for (Pending p : batch) {
            KernelSocket s = matched.get(p);
            if (s != null) {
                inodes.add(s.inode());
                uids.add(s.uid());
                long hint = p.pidHint.getAsLong();
                if (hint > 0) {
                    hints.add(hint);
                }
                if (p.claimedPid > 0) {
                    claims.add(p.claimedPid);
                }
            }
        }
        Map<Long, Long> pids = inodes.isEmpty() ? Map.of() : holders.find(inodes, uids, hints, claims);
        for (Pending p : batch) {
            KernelSocket s = matched.get(p);
            if (s == null) {
                // only an address of another host makes a peer remote: one of ours that the table missed
                // is looked for again, and at last refused as not found, never taken for a remote peer
                if (!addresses.isLocal(p.peer.getAddress())) {
                    p.answer.complete(KernelIdentity.remote());
                } else if (p.looks < LOOKS) {
                    queue.add(p.again());
                } else {
                    p.answer.complete(KernelIdentity.notFound());
                }
                continue;
            }
            Long pid = pids.get(s.inode());
            int gid = pid == null ? -1 : holders.effectiveGid(pid);
            if (gid == -1 && p.looks < LOOKS) {
                // the holder was not found: a process that ended or handed its socket on while /proc was
                // read; looked for again in the next batch before the connection is refused
                queue.add(p.again());
                continue;
            }
            p.answer.complete(new KernelIdentity(true, s.uid(), gid, gid == -1 ? -1 : pid));
        }
    }

    /**
     * Asks the kernel for each socket of the batch in turn. What it finds leaves {@code sought}; what it does
     * not (an end of another node, a socket that already went) is left to the tables, which decide as before.
     * A lookup that fails is not asked again: the tables serve from then on.
     */
    private void lookEach(List<Pending> batch, Map<Pending, KernelSocket> matched,
            Map<InetSocketAddress, InetSocketAddress> sought) {
        if (lookup == null) {
            return;
        }
        for (Pending p : batch) {
            Optional<KernelSocket> s;
            try {
                s = lookup.find(p.peer, p.server);
            } catch (IOException | RuntimeException e) {
                LOG.info("peer identities from /proc/net/tcp from now on: {}", e.getMessage());
                lookup.close();
                lookup = null;
                return;
            }
            if (s.isPresent() && s.get().isHeld()) {
                matched.put(p, s.get());
                sought.remove(p.peer);
            }
        }
    }

    private static void match(List<Pending> batch, List<KernelSocket> sockets, Map<Pending, KernelSocket> matched) {
        Map<InetSocketAddress, List<KernelSocket>> byLocalEnd = new HashMap<>();
        for (KernelSocket s : sockets) {
            byLocalEnd.computeIfAbsent(s.local(), k -> new ArrayList<>(1)).add(s);
        }
        for (Pending p : batch) {
            if (!matched.containsKey(p)) {
                KernelSocket s = peerSocket(byLocalEnd.getOrDefault(p.peer, List.of()), p);
                if (s != null) {
                    matched.put(p, s);
                }
            }
        }
    }

    /**
     * The peer's own end of the connection: the socket whose local end is the peer's address and whose
     * remote end is ours. One no process holds any more (inode 0) is reported as the kernel's uid 0, so it
     * is never taken: such a peer has already gone.
     */
    private static KernelSocket peerSocket(List<KernelSocket> atPeersEnd, Pending p) {
        for (KernelSocket s : atPeersEnd) {
            if (s.isHeld() && s.remote().equals(p.server)) {
                return s;
            }
        }
        return null;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        Pending p;
        while ((p = queue.poll()) != null) {
            p.answer.completeExceptionally(new IOException("the server is closing"));
        }
    }
}
