package org.pmix4j.runtime.sched;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Query;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.sched.policy.AllocationRequest;
import org.pmix4j.runtime.sched.policy.Changes;
import org.pmix4j.runtime.sched.policy.Demand;
import org.pmix4j.runtime.sched.policy.ExtendResult;
import org.pmix4j.runtime.sched.policy.Extension;
import org.pmix4j.runtime.sched.policy.Grant;
import org.pmix4j.runtime.sched.policy.NodeSlots;
import org.pmix4j.runtime.sched.policy.SchedulingEngine;
import org.pmix4j.runtime.sched.policy.Session;
import org.pmix4j.runtime.sched.policy.Submission;
import org.pmix4j.runtime.sched.policy.Ticket;

/**
 * The scheduler's work, on one thread of its own: allocation requests go to the {@link SchedulingEngine}
 * (the policy), its grants are created in the runtime ({@link SessionRuntime}: the {@link RuntimeLink}) and
 * only then answered, sessions past their limit are ended there, and sessions the runtime reports complete go
 * back to the pool.
 * Everything the engine holds is touched on this thread only, so the engine needs no locks and every
 * decision sees the state the one before it left.
 */
final class AllocationDesk implements AutoCloseable {
    private static final Log LOG = Log.of(AllocationDesk.class);

    /** A queued request: who waits for the answer, and what the runtime must be told at the grant. */
    private record Waiting(Requester requester, AllocationAsk ask, int uid, CompletableFuture<List<Info>> reply,
            ScheduledFuture<?> timeout) {
    }

    private final SchedulingEngine engine;
    private final SessionRuntime runtime;
    private final Clock clock;
    private final ScheduledExecutorService thread;
    private final Map<Ticket, Waiting> waiting = new LinkedHashMap<>();
    /**
     * The running sessions that live with the connection of the tool that asked for them (salloc's rule), by
     * id; a session the runtime asked for lives with its parent session instead, and is not here.
     */
    private final Map<Integer, Requester> holders = new HashMap<>();
    private ScheduledFuture<?> nextTick;

    AllocationDesk(SchedulingEngine engine, SessionRuntime runtime, Clock clock) {
        this.engine = engine;
        this.runtime = runtime;
        this.clock = clock;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "pmix4j-sched-desk");
            t.setDaemon(true);
            return t;
        });
    }

    /** PMIx_Allocation_request from {@code r}. */
    CompletionStage<List<Info>> allocate(Requester r, AllocDirective directive, List<Info> info) {
        return onDesk(() -> {
            AllocationAsk ask = AllocationAsk.read(directive, info);
            return switch (directive.code()) {
                case 1 -> submit(r, ask);
                case 2 -> extend(r, ask);
                case 3 -> release(r, ask);
                default -> failed(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "the scheduler serves PMIX_ALLOC_NEW, EXTEND"
                        + " and RELEASE, not " + directive.label());
            };
        });
    }

    private CompletionStage<List<Info>> submit(Requester r, AllocationAsk ask) {
        int uid = r.uid();
        if (ask.userId() != null && ask.userId() != r.uid()) {
            if (!r.trusted()) {
                return failed(PmixStatus.PMIX_ERR_NO_PERMISSIONS, "uid " + r.uid() + " may not ask for an allocation"
                        + " as uid " + ask.userId());
            }
            uid = ask.userId();
        }
        AllocationRequest request;
        try {
            request = AllocationRequest.fromAttributes(uid, ask.numNodes(), ask.numCpus(), ask.nodeList(),
                    ask.timeSeconds(), ask.requestId());
        } catch (IllegalArgumentException e) {
            return failed(PmixStatus.PMIX_ERR_BAD_PARAM, e.getMessage());
        }
        Submission s = engine.submit(request, now());
        if (s.refused()) {
            return failed(PmixStatus.PMIX_ERR_OUT_OF_RESOURCE, "the allocation can never be granted: "
                    + s.refusal().orElseThrow());
        }
        if (!runtime.attached()) {
            // with nothing to run it, the engine forgets the request; what else the submission decided (other
            // requests it let start) is carried out as ever, and so is what forgetting it lets start
            apply(new Changes(s.changes().granted().stream().filter(g -> !g.ticket().equals(s.ticket())).toList(),
                    s.changes().expired()));
            engine.cancel(s.ticket(), now()).ifPresent(this::apply);
            s.grant().flatMap(g -> engine.release(g.session().id(), now())).ifPresent(this::apply);
            return failed(PmixStatus.PMIX_ERR_UNREACH, "no runtime is attached to the scheduler to run the session"
                    + " (start `pmix4j dvm --system-server` on this node)");
        }
        CompletableFuture<List<Info>> reply = new CompletableFuture<>();
        ScheduledFuture<?> timeout = ask.waitSeconds() == null ? null
                : thread.schedule(() -> gaveUp(s.ticket(), ask.waitSeconds()), ask.waitSeconds(), TimeUnit.SECONDS);
        waiting.put(s.ticket(), new Waiting(r, ask, uid, reply, timeout));
        LOG.info("{} from uid {} ({}) queued as {}", request.describe(), uid, r.proc(), s.ticket());
        apply(s.changes());
        return reply;
    }

    /** PMIX_TIMEOUT passed while the request waited: it is withdrawn, leaving nothing behind. */
    private void gaveUp(Ticket ticket, int seconds) {
        Waiting w = waiting.remove(ticket);
        if (w != null) {
            engine.cancel(ticket, now()).ifPresent(this::apply);
            w.reply().completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_TIMEOUT, "the allocation was not"
                    + " granted within the " + seconds + " s the request waits (PMIX_TIMEOUT); it is withdrawn"));
        }
    }

    /** Acts on what the engine decided: grants are created in the runtime, expired sessions ended. */
    private void apply(Changes changes) {
        for (Grant g : changes.granted()) {
            instantiate(g);
        }
        for (Session s : changes.expired()) {
            String why = "its time limit of " + Duration.between(s.start(), s.end()).toSeconds() + " s was reached";
            LOG.info("session {} ends: {}", s.id(), why);
            runtime.terminate(s.id(), why).whenCompleteAsync((ok, err) -> {
                if (err != null) {
                    LOG.warn("the runtime did not end session {}: {}", s.id(), err.getMessage());
                }
                released(s.id());
            }, thread);
        }
        scheduleTick();
    }

    private void instantiate(Grant g) {
        Waiting w = waiting.remove(g.ticket());
        Session s = g.session();
        if (w == null) {
            // nobody waits for it (cannot happen: a request leaves the queue and the waiting list together)
            LOG.warn("session {} was granted to {}, which nobody waits for: released", s.id(), g.ticket());
            engine.release(s.id(), now()).ifPresent(this::apply);
            return;
        }
        if (w.timeout() != null) {
            w.timeout().cancel(false);
        }
        SessionOrder order = order(s, w);
        if (w.ask().requestor() == null) {
            holders.put(s.id(), w.requester());
        }
        runtime.instantiate(order).whenCompleteAsync((ok, err) -> {
            if (err != null) {
                LOG.warn("the runtime refused session {}: {}", s.id(), err.getMessage());
                holders.remove(s.id());
                engine.release(s.id(), now()).ifPresent(this::apply);
                Throwable cause = err.getCause() != null ? err.getCause() : err;
                int status = cause instanceof PmixException pe ? pe.status() : PmixStatus.PMIX_ERR_JOB_ALLOC_FAILED;
                w.reply().completeExceptionally(new PmixException(status, "the runtime could not create session "
                        + s.id() + " (" + PmixStatus.name(status) + "; its log says why): the request is withdrawn"));
                return;
            }
            LOG.info("session {} granted to uid {}: {}", s.id(), s.uid(), s.nodes());
            w.reply().complete(answer(order));
        }, thread);
    }

    private static SessionOrder order(Session s, Waiting w) {
        Integer limit = s.end() == null ? null : (int) Duration.between(s.start(), s.end()).toSeconds();
        return new SessionOrder(s.id(), s.allocationId(), s.requestId(), s.uid(), s.nodeNames(),
                s.nodes().stream().map(NodeSlots::slots).toList(), limit, w.ask().parent(), w.ask().childSeparate());
    }

    /** What a granted request is answered with (docs/sessions.md). */
    private static List<Info> answer(SessionOrder o) {
        List<Info> a = new ArrayList<>(List.of(Attributes.SESSION_ID.info(o.sessionId()),
                Attributes.ALLOC_ID.info(o.allocationId()),
                Attributes.ALLOC_NODE_LIST.info(String.join(",", o.nodes())),
                Attributes.ALLOC_NUM_CPU_LIST.info(String.join(",", o.slots().stream().map(String::valueOf).toList())),
                Attributes.ALLOC_NUM_CPUS.info((long) o.slots().stream().mapToInt(Integer::intValue).sum())));
        if (o.limitSeconds() != null) {
            a.add(Attributes.ALLOC_TIME.info(o.limitSeconds()));
        }
        if (o.requestId() != null) {
            a.add(Attributes.ALLOC_REQ_ID.info(o.requestId()));
        }
        return a;
    }

    private CompletionStage<List<Info>> release(Requester r, AllocationAsk ask) {
        Integer id = ask.namedSession();
        if (id == null && ask.requestId() == null && ask.requestor() != null) {
            return withdrawAllOf(r, ask.requestor());
        }
        if (id == null && ask.requestId() != null) {
            // a request still queued is known by the user's own name for it
            for (Map.Entry<Ticket, Waiting> e : waiting.entrySet()) {
                if (ask.requestId().equals(e.getValue().ask().requestId()) && r.mayActFor(e.getValue().uid())) {
                    withdraw(e.getKey(), "released by its requester");
                    return CompletableFuture.completedFuture(List.of(Attributes.ALLOC_REQ_ID.info(ask.requestId())));
                }
            }
            id = engine.snapshot(now()).running().stream().filter(s -> ask.requestId().equals(s.requestId()))
                    .map(Session::id).findFirst().orElse(null);
        }
        if (id == null) {
            return failed(PmixStatus.PMIX_ERR_BAD_PARAM, "a release names its session: PMIX_SESSION_ID, PMIX_ALLOC_ID"
                    + " or PMIX_ALLOC_REQ_ID");
        }
        PmixException refused = mayNotTouch(r, id, "release");
        if (refused != null) {
            return CompletableFuture.failedFuture(refused);
        }
        int sessionId = id;
        return end(sessionId, "released by uid " + r.uid()).thenApply(v -> List.of(Attributes.SESSION_ID.info(sessionId)));
    }

    /** Why {@code r} may not {@code what} session {@code id} (not running, another user's), or null. */
    private PmixException mayNotTouch(Requester r, int id, String what) {
        Optional<Session> s = engine.session(id);
        if (s.isEmpty()) {
            return new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "session " + id + " is not running");
        }
        if (!r.mayActFor(s.get().uid())) {
            return new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS, "session " + id + " belongs to uid "
                    + s.get().uid() + "; uid " + r.uid() + " may not " + what + " it");
        }
        return null;
    }

    /** Ends a session in the runtime and gives its slots back once it is gone. */
    private CompletionStage<Void> end(int id, String why) {
        LOG.info("session {} ends: {}", id, why);
        return runtime.terminate(id, why).handleAsync((ok, err) -> {
            if (err != null && runtime.attached()) {
                LOG.warn("the runtime did not end session {}: {}", id, err.getMessage());
            }
            released(id);
            return null;
        }, thread);
    }

    /** The runtime's word that a requester it forwarded for is gone: its queued requests go. */
    private CompletionStage<List<Info>> withdrawAllOf(Requester r, org.pmix4j.api.Proc requestor) {
        if (!r.trusted()) {
            return failed(PmixStatus.PMIX_ERR_NO_PERMISSIONS, "only the runtime withdraws the requests of a process"
                    + " of its own (PMIX_REQUESTOR without a session named)");
        }
        for (Ticket t : List.copyOf(waiting.keySet())) {
            Waiting w = waiting.get(t);
            if (w.requester().equals(r) && requestor.equals(w.ask().requestor())) {
                withdraw(t, "its requester " + requestor + " is gone");
            }
        }
        return CompletableFuture.completedFuture(List.of());
    }

    private void withdraw(Ticket t, String why) {
        Waiting w = waiting.remove(t);
        if (w == null) {
            return;
        }
        if (w.timeout() != null) {
            w.timeout().cancel(false);
        }
        engine.cancel(t, now()).ifPresent(this::apply);
        w.reply().completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_JOB_CANCELED, "the allocation request"
                + " was withdrawn: " + why));
    }

    private CompletionStage<List<Info>> extend(Requester r, AllocationAsk ask) {
        Integer id = ask.namedSession();
        if (id == null) {
            return failed(PmixStatus.PMIX_ERR_BAD_PARAM, "an extension names its session: PMIX_SESSION_ID or"
                    + " PMIX_ALLOC_ID");
        }
        PmixException refused = mayNotTouch(r, id, "extend");
        if (refused != null) {
            return CompletableFuture.failedFuture(refused);
        }
        Duration more = ask.timeSeconds() == null ? null : Duration.ofSeconds(ask.timeSeconds());
        Demand demand = ask.numNodes() != null ? new Demand.WholeNodes(ask.numNodes())
                : ask.numCpus() != null ? new Demand.Slots(ask.numCpus()) : null;
        if (more == null && demand == null) {
            return failed(PmixStatus.PMIX_ERR_BAD_PARAM, "an extension asks for more time (PMIX_ALLOC_TIME) or more"
                    + " resources (PMIX_ALLOC_NUM_CPUS, PMIX_ALLOC_NUM_NODES)");
        }
        Extension ext = new Extension(more, demand, AllocationRequest.parseNodeList(ask.nodeList()));
        ExtendResult result = engine.extend(id, ext, now());
        if (result instanceof ExtendResult.Refused no) {
            return failed(PmixStatus.PMIX_ERR_OUT_OF_RESOURCE, "session " + id + " cannot be extended: "
                    + no.reason());
        }
        Session now = ((ExtendResult.Extended) result).session();
        Integer limit = now.end() == null ? null : (int) Duration.between(now.start(), now.end()).toSeconds();
        scheduleTick();
        return runtime.extend(id, limit, demand == null ? null : now.nodeNames(),
                now.nodes().stream().map(NodeSlots::slots).toList()).thenApply(v -> List.of(
                        Attributes.SESSION_ID.info(now.id()), Attributes.ALLOC_NUM_CPUS.info((long) now.slots())));
    }

    /** The runtime says a session ended (PMIX_SESSION_COMPLETE). */
    CompletionStage<Void> completed(int sessionId, List<Info> report) {
        return onDesk(() -> {
            released(sessionId);
            return CompletableFuture.completedFuture(null);
        });
    }

    private void released(int id) {
        holders.remove(id);
        engine.release(id, now()).ifPresent(this::apply);
    }

    /** A tool's connection ended: its queued requests go, and the sessions that live with it end. */
    void requesterGone(Requester r) {
        thread.execute(() -> {
            for (Ticket t : List.copyOf(waiting.keySet())) {
                if (waiting.get(t).requester().equals(r)) {
                    withdraw(t, "its requester " + r.proc() + " disconnected");
                }
            }
            for (Map.Entry<Integer, Requester> e : List.copyOf(holders.entrySet())) {
                if (r.equals(e.getValue())) {
                    end(e.getKey(), "the tool that holds it (" + r.proc() + ") disconnected");
                }
            }
        });
    }

    /** A runtime attached: the sessions it still runs are taken as running (a restarted scheduler). */
    void adopt(List<List<Info>> sessions) {
        thread.execute(() -> {
            for (List<Info> fields : sessions) {
                try {
                    Session s = AdoptedSession.of(fields, now());
                    if (engine.session(s.id()).isEmpty()) {
                        apply(engine.adopt(s, now()));
                        LOG.info("adopted session {} of uid {} that the runtime runs: {}", s.id(), s.uid(), s.nodes());
                    }
                } catch (RuntimeException e) {
                    LOG.warn("cannot adopt a session the runtime runs ({}): {}", fields, e.getMessage());
                }
            }
        });
    }

    /** PMIx_Query: PMIX_QUERY_QUEUE_STATUS, what `pmix4j queue` shows. */
    CompletionStage<List<Info>> query(Requester r, List<Query> queries) {
        for (Query q : queries) {
            if (!q.keys().equals(List.of(Attributes.QUERY_QUEUE_STATUS.key()))) {
                return failed(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "the scheduler answers PMIX_QUERY_QUEUE_STATUS"
                        + " only, not " + q.keys());
            }
        }
        return runtime.sessions().thenApplyAsync(jobs -> QueueStatus.of(engine.snapshot(now()), jobs).infos(), thread);
    }

    private void scheduleTick() {
        Optional<Instant> next = engine.nextExpiry();
        if (nextTick != null) {
            nextTick.cancel(false);
            nextTick = null;
        }
        if (next.isPresent()) {
            long delay = Math.max(0, Duration.between(now(), next.get()).toMillis()) + 1;
            nextTick = thread.schedule(() -> apply(engine.tick(now())), delay, TimeUnit.MILLISECONDS);
        }
    }

    private Instant now() {
        return clock.instant();
    }

    /** Runs {@code work} on the desk's thread; its failure (a PmixException) is the answer. */
    private <T> CompletionStage<T> onDesk(Supplier<CompletionStage<T>> work) {
        return CompletableFuture.supplyAsync(work, thread).thenCompose(s -> s);
    }

    private static <T> CompletionStage<T> failed(int status, String message) {
        return CompletableFuture.failedFuture(new PmixException(status, message));
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
