package org.pmix4j.runtime.sched.policy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The scheduler's decision core: a FIFO queue with EASY backfill over a pool of nodes with slots. Pure:
 * no threads, no I/O, no clock. Every operation takes the caller's {@code now} and returns what changed
 * (sessions to instantiate, sessions whose limit passed) so the caller can act on it; the same calls with
 * the same times give the same decisions. Not thread-safe: the caller serialises calls (the scheduler's
 * event loop).
 *
 * <p>The rule: the queue is served in order while its head fits; a head that does not fit gets a
 * reservation at the earliest time the running sessions' planned ends free enough for it, and a later
 * request may start at once only if it fits now and does not move that reservation later (see
 * {@link Backfill}). Requests that could never fit the pool are refused at submission, so every queued
 * request eventually starts once the sessions ahead of it end.
 */
public final class SchedulingEngine {
    private final NodePool pool;
    private final Duration defaultLimit;
    private final RequestCheck check;
    private final SlotLedger ledger;
    private final ReservationPlanner planner;
    private final StartEstimator estimator;
    /** Tickets increase with submission, so insertion order is FIFO order; removal by ticket is O(1). */
    private final LinkedHashMap<Ticket, PendingRequest> queue = new LinkedHashMap<>();
    private final TreeMap<Integer, RunningSession> running = new TreeMap<>();
    private final TreeSet<RunningSession> byPlannedEnd = new TreeSet<>(RunningSession.BY_PLANNED_END);
    /** Sessions with a limit whose expiry is not reported yet. */
    private final TreeSet<RunningSession> toExpire = new TreeSet<>(RunningSession.BY_END);
    private long nextTicket = 1;
    private int nextSessionId = 1;
    private Instant latest = Instant.MIN;

    /**
     * @param pool         the nodes to schedule
     * @param defaultLimit what backfill assumes a session without a time limit takes (it is never ended for
     *                     time; a session that outlives it is assumed to end any moment)
     */
    public SchedulingEngine(NodePool pool, Duration defaultLimit) {
        this.pool = Objects.requireNonNull(pool, "pool");
        if (defaultLimit.toSeconds() < 1) {
            throw new IllegalArgumentException("the default time limit must be at least 1 s, not " + defaultLimit);
        }
        this.defaultLimit = defaultLimit;
        this.check = new RequestCheck(pool);
        this.ledger = new SlotLedger(pool);
        this.planner = new ReservationPlanner(pool);
        this.estimator = new StartEstimator(pool, defaultLimit);
    }

    public NodePool pool() {
        return pool;
    }

    /**
     * Queues a request, or refuses it at once when it could never fit the pool. The request starts at once
     * (its grant is in the returned changes) when it is first in the queue and fits, or when backfill lets it.
     */
    public Submission submit(AllocationRequest request, Instant now) {
        now = advance(now);
        Ticket ticket = new Ticket(nextTicket++);
        RequestCheck.Result checked = check.check(request);
        if (checked.refusal() != null) {
            return new Submission(ticket, Optional.of(checked.refusal()), changes(List.of(), now));
        }
        queue.put(ticket, new PendingRequest(ticket, request, checked.need(), now));
        return new Submission(ticket, Optional.empty(), schedule(now));
    }

    /**
     * Withdraws a queued request (its requester gave up or went away). Nothing of it remains: the head's
     * reservation is recomputed from the queue on every decision, so a withdrawn head leaves no reservation
     * behind, and what it blocked may start in the returned changes. Empty when the ticket is not queued
     * (never was, was refused, granted or already cancelled); when it was granted, the session exists and the
     * caller releases it if its requester is gone.
     */
    public Optional<Changes> cancel(Ticket ticket, Instant now) {
        now = advance(now);
        if (queue.remove(ticket) == null) {
            return Optional.empty();
        }
        return Optional.of(schedule(now));
    }

    /**
     * Returns a running session's resources (it ended, was cancelled, or was ended at expiry) and starts what
     * they let start. Empty when no such session runs.
     */
    public Optional<Changes> release(int sessionId, Instant now) {
        now = advance(now);
        RunningSession s = running.remove(sessionId);
        if (s == null) {
            return Optional.empty();
        }
        byPlannedEnd.remove(s);
        forgetExpiry(s);
        ledger.give(s.holding);
        return Optional.of(schedule(now));
    }

    /**
     * Reports sessions whose limit has passed (each once; the caller ends them, then releases them) and
     * starts whatever may start. Call it at {@link #nextExpiry()} or periodically.
     */
    public Changes tick(Instant now) {
        return schedule(advance(now));
    }

    /** The earliest limit of a running session not yet reported expired: when to call {@link #tick} next. */
    public Optional<Instant> nextExpiry() {
        return toExpire.isEmpty() ? Optional.empty() : Optional.of(toExpire.first().end);
    }

    /**
     * Gives a running session more time and/or more resources now, all or nothing. More time is granted
     * only if it delays no reservation; more resources only if they are free now and not needed by the head
     * of the queue's reservation.
     */
    public ExtendResult extend(int sessionId, Extension extension, Instant now) {
        now = advance(now);
        RunningSession s = running.get(sessionId);
        if (s == null) {
            return refusal(sessionId, "it is not running");
        }
        if (s.expiryReported) {
            // the caller was told to end it and is doing so: more time or resources now would race that
            return refusal(sessionId, "its time limit passed at " + s.end + "; it is being ended");
        }
        if (extension.moreTime() == null && extension.more() == null) {
            return refusal(sessionId, "the extension asks for nothing: give more time, nodes or slots");
        }
        Need more = null;
        if (extension.more() != null) {
            RequestCheck.Result checked = check.compile(extension.more(), extension.nodeList());
            if (checked.refusal() != null) {
                return refusal(sessionId, "the extension " + checked.refusal());
            }
            more = checked.need();
            if (!ledger.fitsNow(more)) {
                return refusal(sessionId, switch (more.kind()) {
                    case SLOTS -> "the extension asks for " + extension.more() + " more; not that many are free now";
                    case WHOLE_NODES -> "the extension asks for " + extension.more()
                            + " more; not that many are entirely free now";
                    case LISTED_NODES -> "the extension asks for nodes " + String.join(",", extension.nodeList())
                            + "; they are not entirely free now";
                });
            }
        }
        Duration moreTime = extension.moreTime();
        if (moreTime != null && s.end == null) {
            return refusal(sessionId, "it has no time limit to extend");
        }
        if (moreTime != null && moreTime.toSeconds() < 1) {
            return refusal(sessionId, "the extension asks for " + moreTime.toSeconds() + " s more; give at least 1 s");
        }
        Optional<PendingRequest> head = head();
        Instant end = s.end;
        Instant plannedEnd = s.plannedEnd;
        String refused = moreTime == null ? null : lengthen(s, moreTime, head);
        if (refused == null && more != null) {
            refused = widen(s, more, head);
        }
        if (refused != null) {
            change(s, () -> restore(s, end, plannedEnd));
            return refusal(sessionId, refused);
        }
        return new ExtendResult.Extended(s.view(pool));
    }

    /** Moves the session's end later; why not when that delays the head's reservation (left to undo). */
    private String lengthen(RunningSession s, Duration moreTime, Optional<PendingRequest> head) {
        Instant before = head.map(h -> reservation(h).start()).orElse(null);
        Instant later = s.end.plus(moreTime);
        change(s, () -> {
            s.end = later;
            s.plannedEnd = later;
        });
        Instant after = head.map(h -> reservation(h).start()).orElse(null);
        if (after != null && after.isAfter(before)) {
            return "more time would delay " + describe(head.get()) + " from " + before + " to " + after;
        }
        return null;
    }

    /**
     * Adds free resources to the session, by the backfill rule as of its (possibly lengthened) end; why not
     * when the head's reservation needs them.
     */
    private String widen(RunningSession s, Need more, Optional<PendingRequest> head) {
        Placement added;
        if (head.isEmpty()) {
            added = Placer.place(more, ledger.freeView(), ledger.capacity());
            ledger.take(added);
        } else {
            added = new Backfill(ledger, head.get().need(), reservation(head.get())).tryStart(more, s.plannedEnd);
            if (added == null) {
                return "the free resources it asks for are needed by " + describe(head.get())
                        + ", reserved to start at " + reservation(head.get()).start();
            }
        }
        change(s, () -> s.holding = s.holding.plus(added, pool.size()));
        return null;
    }

    private static void restore(RunningSession s, Instant end, Instant plannedEnd) {
        s.end = end;
        s.plannedEnd = plannedEnd;
    }

    private static ExtendResult refusal(int sessionId, String why) {
        return new ExtendResult.Refused("cannot extend session " + sessionId + ": " + why);
    }

    /** A queued request as a refusal names it: "request #5 (uid 1000: 8 slots for 600 s)". */
    private static String describe(PendingRequest p) {
        return p.ticket() + " (uid " + p.request().uid() + ": " + p.request().describe() + ")";
    }

    /**
     * Takes over a session that already runs (a restarted scheduler learns what the runtime still runs): its
     * resources are held from now on and new session ids continue above its id. Adopted sessions are facts,
     * so they may delay the queue's reservations.
     *
     * @throws IllegalArgumentException when the session's id already runs, it names a node not in the pool,
     *                                  or its slots are not free (the pool no longer matches the runtime)
     */
    public Changes adopt(Session session, Instant now) {
        now = advance(now);
        if (running.containsKey(session.id())) {
            throw new IllegalArgumentException("cannot adopt session " + session.id() + ": a session with that id runs");
        }
        int[] perNode = new int[pool.size()];
        for (NodeSlots ns : session.nodes()) {
            int n = pool.indexOf(ns.node());
            if (n < 0) {
                throw new IllegalArgumentException("cannot adopt session " + session.id() + ": node " + ns.node()
                        + " is not in the pool (" + pool.describe() + ")");
            }
            perNode[n] += ns.slots();
            if (perNode[n] > ledger.free(n)) {
                throw new IllegalArgumentException("cannot adopt session " + session.id() + ": it holds "
                        + perNode[n] + " slots on " + ns.node() + ", which has " + ledger.free(n) + " free");
            }
        }
        Placement holding = Placement.of(perNode);
        ledger.take(holding);
        index(new RunningSession(session.id(), session.allocationId(), session.uid(), session.requestId(),
                session.start(), session.end(), defaultLimit, holding));
        nextSessionId = Math.max(nextSessionId, session.id() + 1);
        return schedule(now);
    }

    /** Pending requests in order with their estimated starts, and running sessions by id. */
    public QueueSnapshot snapshot(Instant now) {
        now = advance(now);
        List<PendingRequest> pending = new ArrayList<>(queue.values());
        Instant[] starts = estimator.estimate(pending, ledger, byPlannedEnd, now);
        List<QueueSnapshot.Pending> views = new ArrayList<>(pending.size());
        for (int i = 0; i < pending.size(); i++) {
            views.add(pending.get(i).view(i + 1, starts[i]));
        }
        return new QueueSnapshot(now, views, running.values().stream().map(s -> s.view(pool)).toList());
    }

    public Optional<Session> session(int sessionId) {
        return Optional.ofNullable(running.get(sessionId)).map(s -> s.view(pool));
    }

    public boolean isQueued(Ticket ticket) {
        return queue.containsKey(ticket);
    }

    /**
     * The engine's time never goes back: a caller's clock stepping backwards must not un-expire a session
     * or start one before another ended.
     */
    private Instant advance(Instant now) {
        Objects.requireNonNull(now, "now");
        if (now.isAfter(latest)) {
            latest = now;
        }
        return latest;
    }

    /** One decision pass: the head while it fits, then EASY backfill behind a blocked head. */
    private Changes schedule(Instant now) {
        List<Grant> grants = new ArrayList<>();
        Iterator<PendingRequest> it = queue.values().iterator();
        PendingRequest head = null;
        while (it.hasNext()) {
            PendingRequest p = it.next();
            if (!ledger.fitsNow(p.need())) {
                head = p;
                break;
            }
            Placement placement = Placer.place(p.need(), ledger.freeView(), ledger.capacity());
            ledger.take(placement);
            it.remove();
            grants.add(launch(p, placement, now));
        }
        if (head != null && it.hasNext() && ledger.freeSlots() > 0) {
            Backfill backfill = new Backfill(ledger, head.need(), reservation(head));
            while (it.hasNext() && !backfill.exhausted()) {
                PendingRequest p = it.next();
                Placement placement = backfill.tryStart(p.need(), now.plus(p.limitOr(defaultLimit)));
                if (placement != null) {
                    it.remove();
                    grants.add(launch(p, placement, now));
                }
            }
        }
        return changes(grants, now);
    }

    /** The head's reservation as things stand at {@link #latest}. */
    private Reservation reservation(PendingRequest head) {
        return planner.plan(head.need(), ledger, byPlannedEnd, latest);
    }

    /** The first queued request, the one a reservation is for when it is blocked. */
    private Optional<PendingRequest> head() {
        return queue.isEmpty() ? Optional.empty() : Optional.of(queue.values().iterator().next());
    }

    private Grant launch(PendingRequest p, Placement placement, Instant now) {
        int id = nextSessionId++;
        Duration limit = p.request().timeLimit();
        RunningSession s = new RunningSession(id, "alloc." + id, p.request().uid(), p.request().requestId(), now,
                limit == null ? null : now.plus(limit), defaultLimit, placement);
        index(s);
        return new Grant(p.ticket(), s.view(pool));
    }

    private void index(RunningSession s) {
        running.put(s.id, s);
        byPlannedEnd.add(s);
        if (s.end != null) {
            toExpire.add(s);
        }
    }

    /** Takes the session out of the expiry order (which only holds sessions with a limit: it sorts by end). */
    private void forgetExpiry(RunningSession s) {
        if (s.end != null) {
            toExpire.remove(s);
        }
    }

    /** Re-indexes a session around a change of its end or holding (the sorted sets key on them). */
    private void change(RunningSession s, Runnable mutation) {
        byPlannedEnd.remove(s);
        forgetExpiry(s);
        mutation.run();
        byPlannedEnd.add(s);
        if (s.end != null && !s.expiryReported) {
            toExpire.add(s);
        }
    }

    private Changes changes(List<Grant> grants, Instant now) {
        List<Session> expired = new ArrayList<>();
        while (!toExpire.isEmpty() && !toExpire.first().end.isAfter(now)) {
            RunningSession s = toExpire.pollFirst();
            s.expiryReported = true;
            expired.add(s.view(pool));
        }
        return grants.isEmpty() && expired.isEmpty() ? Changes.NONE : new Changes(grants, expired);
    }

}
