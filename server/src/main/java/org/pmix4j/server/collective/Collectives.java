package org.pmix4j.server.collective;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;

/**
 * The collective engine: fence, connect, disconnect, group construct and destruct all run here, the way
 * libpmix's server runs its collectives. Every local participant ({@link Participation}) must call; when
 * the last one has, the collective completes here if all participants are processes of this server,
 * otherwise its {@link Operation#callHost host upcall} is made once for the whole local set — the one
 * place where participants on other nodes are reached. A participant that leaves before the end does not
 * hang the rest: when the others are all in, they are answered PMIX_ERR_PARTIAL_SUCCESS (or the host is
 * told, in PMIX_LOCAL_COLLECTIVE_STATUS), as libpmix does; a process that left before a collective began is
 * not waited for either ({@link #departed()}). PMIX_TIMEOUT of any caller bounds the wait. Loop thread only.
 */
public final class Collectives implements ServerCore.PeerListener {
    private static final Log LOG = Log.of(Collectives.class);

    /** What identifies one collective: the operation and the process set (or group id). */
    public record Key(String kind, Object id) {
        // equals and hashCode by hand: a record's own are bootstrapped through method handles at their first
        // call (13 classes generated, ~8 ms of a fresh launcher's server thread), which is a job's first fence
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(k.kind, kind) && Objects.equals(k.id, id);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(kind) * 31 + Objects.hashCode(id);
        }
    }

    /**
     * What a kind of collective does: whether it needs the host once its local participants are in, how it
     * calls the host and reads the answer, and how it answers each participant.
     *
     * @param <A> what the host's upcall completes with
     */
    public interface Operation<A> {
        /** A participant called, with these directives (before the engine looks at completion). */
        default void arrived(Collective c, Proc caller, List<Info> directives) {
        }

        /** Whether the host must carry the collective; asked once every local participant is in. */
        default boolean needsHost(Collective c) {
            return !c.allLocal();
        }

        /** The directives the host's upcall gets; by default {@link Collectives#hostDirectives}{@code (c, true)}. */
        default List<Info> hostDirectives(Collective c) {
            return Collectives.hostDirectives(c, true);
        }

        /** Makes the host's upcall for the local set. */
        CompletionStage<A> callHost(Collective c, List<Info> directives);

        /** The outcome once the host answered successfully; a {@link PmixException} gives its status. */
        default int hostAnswered(Collective c, A answer) {
            return PmixStatus.PMIX_SUCCESS;
        }

        /** Answers one participant with the outcome. */
        void reply(Collective c, Proc participant, Request req, int status);

        /** The collective is over (after the replies). */
        default void ended(Collective c, int status) {
        }
    }

    private final Locality locality;
    private final Timers timers;
    private final Executor loop;
    private final Map<Key, Collective> active = new HashMap<>();
    /** Local clients that left: a collective created later does not wait for them (until they call again). */
    private final Set<Proc> departed = new LinkedHashSet<>();

    /**
     * @param locality which processes run here
     * @param timers the loop's timers, for PMIX_TIMEOUT
     * @param loop where the host's answers are handled (the server's event loop)
     */
    public Collectives(Locality locality, Timers timers, Executor loop) {
        this.locality = locality;
        this.timers = timers;
        this.loop = loop;
    }

    /** Sorted and without duplicates: the order in which the callers name the processes does not matter. */
    public static List<Proc> canonical(List<Proc> procs) {
        return List.copyOf(new TreeSet<>(procs));
    }

    /** The collective with this key, if one is in progress. */
    public Collective find(Key key) {
        return active.get(key);
    }

    /** The local clients that left and have not called since. */
    public Set<Proc> departed() {
        return Collections.unmodifiableSet(departed);
    }

    /**
     * Adds the caller of {@code req} to the collective {@code key} over {@code procs} (created, with the
     * operation {@code op} makes, when it is the first caller; later callers' process lists are not looked
     * at, as in libpmix). Fails with PMIX_ERR_BAD_PARAM when the caller is not a local participant or calls
     * twice, and with the dictionary's error when PMIX_TIMEOUT is not a number of seconds; the caller is then
     * not counted in.
     */
    public Collective join(Key key, List<Proc> procs, Request req, List<Info> directives,
            Supplier<? extends Operation<?>> op) {
        Proc me = req.peer().proc();
        int timeout = Attributes.TIMEOUT.find(directives).orElse(0);
        Collective c = active.get(key);
        if (c == null) {
            Participation p = Participation.of(procs, locality);
            if (!p.expected().contains(me)) {
                throw notParticipant(me, key, procs);
            }
            c = new Collective(key, procs, p, op.get());
            departed.remove(me);
            for (Proc d : departed) {
                if (p.expected().contains(d)) {
                    c.lost.add(d);
                }
            }
            active.put(key, c);
        } else if (!c.expected().contains(me)) {
            throw notParticipant(me, key, c.procs());
        } else if (c.arrived.containsKey(me)) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, me + " called " + key.kind() + " over "
                    + c.procs() + " twice");
        }
        departed.remove(me);
        c.arrived.put(me, req);
        c.offerDirectives(directives);
        c.operation.arrived(c, me, directives);
        if (timeout > 0 && c.cancelTimer == null) {
            Collective col = c;
            c.cancelTimer = timers.after(timeout, () -> {
                LOG.debug("{} timed out after {} s", col, timeout);
                finish(col, PmixStatus.PMIX_ERR_TIMEOUT);
            });
        }
        progress(c);
        return c;
    }

    private static PmixException notParticipant(Proc me, Key key, List<Proc> procs) {
        return new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, me + " called " + key.kind() + " over " + procs
                + " but is not one of its local participants");
    }

    /** Ends the collective: every caller still waiting gets the outcome. Does nothing the second time. */
    public void finish(Collective c, int status) {
        if (c.finished) {
            return;
        }
        c.finished = true;
        active.remove(c.key, c);
        if (c.cancelTimer != null) {
            c.cancelTimer.run();
        }
        for (Map.Entry<Proc, Request> e : List.copyOf(c.arrived.entrySet())) {
            Request r = e.getValue();
            if (!r.isAnswered()) {
                try {
                    c.operation.reply(c, e.getKey(), r, status);
                } catch (RuntimeException ex) {
                    LOG.error("answering {} of {} failed", e.getKey(), c, ex);
                    if (!r.isAnswered()) {
                        r.replyStatus(PmixStatus.PMIX_ERROR);
                    }
                }
            }
        }
        c.operation.ended(c, status);
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
        try {
            if (c.operation.needsHost(c)) {
                askHost(c, c.operation);
            } else {
                finish(c, localStatus(c));
            }
        } catch (PmixException e) {
            finish(c, e.status());
        } catch (RuntimeException e) {
            LOG.error("{} failed", c, e);
            finish(c, PmixStatus.PMIX_ERROR);
        }
    }

    /** The one path to the other servers: the operation's host upcall, made once for the local set. */
    private <A> void askHost(Collective c, Operation<A> op) {
        c.hostCalled = true;
        op.callHost(c, op.hostDirectives(c)).whenCompleteAsync((answer, err) -> {
            if (err != null) {
                finish(c, ServerCore.statusOf(err));
                return;
            }
            int status;
            try {
                status = op.hostAnswered(c, answer);
            } catch (PmixException e) {
                status = e.status();
            } catch (RuntimeException e) {
                LOG.error("reading the host's answer to {} failed", c, e);
                status = PmixStatus.PMIX_ERROR;
            }
            finish(c, status);
        }, loop);
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

    /**
     * A local client's connection closed. As in libpmix, the collectives in progress stop waiting for it
     * whether or not it finalized (it can no longer call them); only one that closed without PMIx_Finalize
     * is also left out of the collectives that start later, since a finalized process ended normally and may
     * initialize again.
     */
    @Override
    public void lost(Peer peer, String why) {
        if (!peer.isClient()) {
            return;
        }
        if (peer.isFinalized()) {
            leave(peer.proc());
        } else {
            departed(peer.proc());
        }
    }

    @Override
    public void clientGone(Proc proc) {
        departed(proc);
    }

    /** A local client left: the collectives in progress stop waiting for it, and later ones do not start to. */
    public void departed(Proc proc) {
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
