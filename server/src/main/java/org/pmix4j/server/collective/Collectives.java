package org.pmix4j.server.collective;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.server.core.LocalClient;
import org.pmix4j.server.core.Namespace;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The collective operations other than the fence — connect, disconnect, group construct and destruct —
 * run the way libpmix's server runs them: every local participant must call; when the last one has, the
 * operation completes here if all participants are processes of this server, otherwise the host is asked
 * once for the whole local set. A participant that leaves before the end does not hang the rest: when
 * the others are all in, they are answered PMIX_ERR_PARTIAL_SUCCESS (or the host is told, in
 * PMIX_LOCAL_COLLECTIVE_STATUS), as libpmix does. PMIX_TIMEOUT bounds the wait.
 *
 * <p>Local participants: for {@code {nspace, WILDCARD}} the ranks the job data places on this node and
 * the clients the host registered; for a single rank, that rank when it is one of those. A namespace this
 * server does not know has no local participants. Loop thread only.
 */
public final class Collectives implements ServerCore.PeerListener {
    private static final Logger LOG = LoggerFactory.getLogger(Collectives.class);

    /** What identifies one collective: the operation and the process set (or group id). */
    public record Key(String kind, Object id) {
    }

    /** What a kind of collective does once its local participants are in, and how it answers them. */
    public interface Operation {
        /**
         * Every local participant has called (or left). Complete the collective with
         * {@link Collectives#finish}, now or when the host answers.
         */
        void ready(Collective c);

        /** Answers one participant with the outcome. */
        void reply(Collective c, Proc participant, Request req, int status);

        /** The collective is over (after the replies). */
        default void ended(Collective c, int status) {
        }
    }

    private final ServerCore server;
    private final Map<Key, Collective> active = new HashMap<>();
    /** Local clients whose connection was lost: a collective created later must not wait for them. */
    private final Set<Proc> departed = new LinkedHashSet<>();

    public Collectives(ServerCore server) {
        this.server = server;
    }

    /** Sorted and without duplicates: the order in which the callers name the processes does not matter. */
    public static List<Proc> canonical(List<Proc> procs) {
        return List.copyOf(new TreeSet<>(procs));
    }

    /** The collective with this key, if one is in progress. */
    public Collective find(Key key) {
        return active.get(key);
    }

    /**
     * Adds the caller of {@code req} to the collective {@code key} over {@code procs} (created, with the
     * operation {@code op} makes, when it is the first caller; later callers' process lists are not looked
     * at, as in libpmix). Fails with PMIX_ERR_BAD_PARAM when the caller is not a local participant or calls
     * twice.
     */
    public Collective join(Key key, List<Proc> procs, Request req, List<Info> directives,
            Supplier<Operation> op) {
        Proc me = req.peer().proc();
        departed.remove(me);
        Collective c = active.get(key);
        if (c == null) {
            Participation p = participation(procs);
            if (!p.expected.contains(me)) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, me + " called " + key.kind() + " over "
                        + procs + " but is not one of its local participants");
            }
            c = new Collective(key, procs, p.expected, p.allLocal, op.get());
            for (Proc d : departed) {
                if (p.expected.contains(d)) {
                    c.lost.add(d);
                }
            }
            active.put(key, c);
        } else if (!c.expected().contains(me)) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, me + " called " + key.kind() + " over "
                    + c.procs() + " but is not one of its local participants");
        } else if (c.arrived.containsKey(me)) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, me + " called " + key.kind() + " over "
                    + c.procs() + " twice");
        }
        c.arrived.put(me, req);
        c.offerDirectives(directives);
        long timeout = timeoutSeconds(directives);
        if (timeout > 0 && c.timer == null) {
            Collective col = c;
            c.timer = server.loop().schedule(timeout, TimeUnit.SECONDS, () -> {
                LOG.debug("{} timed out after {} s", col, timeout);
                finish(col, PmixStatus.PMIX_ERR_TIMEOUT);
            });
        }
        progress(c);
        return c;
    }

    /** Ends the collective: every caller still waiting gets the outcome. Does nothing the second time. */
    public void finish(Collective c, int status) {
        if (c.finished) {
            return;
        }
        c.finished = true;
        active.remove(c.key, c);
        if (c.timer != null) {
            c.timer.cancel();
        }
        for (Map.Entry<Proc, Request> e : List.copyOf(c.arrived.entrySet())) {
            if (!e.getValue().isAnswered()) {
                try {
                    c.operation.reply(c, e.getKey(), e.getValue(), status);
                } catch (RuntimeException ex) {
                    LOG.error("answering {} of {} failed", e.getKey(), c, ex);
                    if (!e.getValue().isAnswered()) {
                        e.getValue().replyStatus(PmixStatus.PMIX_ERROR);
                    }
                }
            }
        }
        c.operation.ended(c, status);
    }

    /**
     * The usual way to go on once everybody is in: complete here when all participants are local, else
     * hand the directives (plus PMIX_SORTED_PROC_ARRAY and PMIX_LOCAL_COLLECTIVE_STATUS, as libpmix adds)
     * to {@code host} and complete with what it answers.
     */
    public void completeLocallyOrAsk(Collective c, Function<List<Info>, CompletionStage<?>> host) {
        if (c.allLocal()) {
            finish(c, localStatus(c));
            return;
        }
        c.hostCalled();
        host.apply(hostDirectives(c, true)).whenCompleteAsync((ok, err) -> finish(c,
                err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err)), server.loop());
    }

    /**
     * What the host's upcall gets: the first caller's directives, then (when {@code sorted}) the flag
     * PMIX_SORTED_PROC_ARRAY and the local outcome in PMIX_LOCAL_COLLECTIVE_STATUS, as libpmix appends them.
     */
    public static List<Info> hostDirectives(Collective c, boolean sorted) {
        List<Info> directives = new ArrayList<>(c.directives());
        if (sorted) {
            directives.add(Attributes.SORTED_PROC_ARRAY.info(true));
        }
        directives.add(Attributes.LOCAL_COLLECTIVE_STATUS.info(localStatus(c)));
        return directives;
    }

    /** The server this runs in. */
    public ServerCore server() {
        return server;
    }

    /** SUCCESS, or what libpmix reports when local participants were lost. */
    public static int localStatus(Collective c) {
        if (c.lost.isEmpty()) {
            return PmixStatus.PMIX_SUCCESS;
        }
        return c.arrived.isEmpty() ? PmixStatus.PMIX_ERR_LOST_CONNECTION : PmixStatus.PMIX_ERR_PARTIAL_SUCCESS;
    }

    private void progress(Collective c) {
        if (c.finished || c.hostCalled || !c.locallyComplete()) {
            return;
        }
        if (c.arrived.isEmpty()) {
            // every local participant is gone: nobody is left to answer
            finish(c, PmixStatus.PMIX_ERR_LOST_CONNECTION);
            return;
        }
        c.operation.ready(c);
    }

    // ---- participants ----------------------------------------------------------------------------------

    private record Participation(Set<Proc> expected, boolean allLocal) {
    }

    private Participation participation(List<Proc> procs) {
        JobStore jobs = server.service(JobStore.class);
        Set<Proc> expected = new LinkedHashSet<>();
        boolean allLocal = true;
        for (Proc p : procs) {
            JobData job = jobs.get(p.nspace()).orElse(null);
            Namespace ns = server.namespace(p.nspace());
            Set<Integer> local = new TreeSet<>();
            if (job != null) {
                for (int r : job.localRanks()) {
                    local.add(r);
                }
            }
            if (ns != null) {
                for (LocalClient lc : ns.clients()) {
                    local.add(lc.proc().rank());
                }
            }
            if (p.rank() == Rank.WILDCARD) {
                for (int r : local) {
                    expected.add(new Proc(p.nspace(), r));
                }
                allLocal &= job != null && job.hasData() && local.size() >= job.jobSize();
            } else if (local.contains(p.rank())) {
                expected.add(p);
            } else {
                allLocal = false;
            }
        }
        return new Participation(expected, allLocal);
    }

    private static long timeoutSeconds(List<Info> directives) {
        for (Info i : directives) {
            if (i.key().equals(Attributes.TIMEOUT.key())) {
                return switch (i.value()) {
                    case Value.Int v -> v.value();
                    case Value.Int32 v -> v.value();
                    case Value.UInt32 v -> Integer.toUnsignedLong(v.value());
                    case Value.UInt v -> Integer.toUnsignedLong(v.value());
                    case Value.Int64 v -> v.value();
                    case Value.UInt64 v -> v.value();
                    case Value.Size v -> v.value();
                    case Value.UInt16 v -> v.value();
                    default -> 0;
                };
            }
        }
        return 0;
    }

    // ---- participants that leave -------------------------------------------------------------------------

    private void leave(Proc p) {
        for (Collective c : List.copyOf(active.values())) {
            if (c.expected().contains(p) && !c.lost.contains(p)) {
                c.lost.add(p);
                c.arrived.remove(p);
                LOG.debug("{} left {}", p, c);
                progress(c);
            }
        }
    }

    @Override
    public void lost(Peer peer, String why) {
        if (peer.isClient()) {
            departed.add(peer.proc());
            leave(peer.proc());
        }
    }

    @Override
    public void clientGone(Proc proc) {
        departed.add(proc);
        leave(proc);
    }

    @Override
    public void namespaceGone(String nspace) {
        departed.removeIf(p -> p.nspace().equals(nspace));
        Set<Proc> gone = new LinkedHashSet<>();
        for (Collective c : active.values()) {
            for (Proc p : c.expected()) {
                if (p.nspace().equals(nspace)) {
                    gone.add(p);
                }
            }
        }
        gone.forEach(this::leave);
    }
}
