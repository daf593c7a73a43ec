package org.pmix4j.runtime.data;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Persistence;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

/**
 * The datastore of the Standard's publish/lookup chapter (Chap_API_Publish), in memory: what the runtime's
 * host answers the {@code publish}, {@code lookup} and {@code unpublish} upcalls with.
 *
 * <p><b>Publish.</b> The infos of a publish are data, except those whose key starts with {@code pmix.},
 * which are directives: PMIX_RANGE (who may read it; default SESSION), PMIX_PERSISTENCE (how long it is
 * kept; default APP), PMIX_EVENT_CUSTOM_RANGE (the processes of a CUSTOM range), PMIX_ACCESS_PERMISSIONS
 * (PMIX_ACCESS_USERIDS / PMIX_ACCESS_GRPIDS allowed to read it), and the publisher's PMIX_USERID /
 * PMIX_GRPID that the server adds. A key already published on the same range by another process (same
 * namespace, node or session, as the range says) is refused with PMIX_ERR_DUPLICATE_KEY and nothing of the
 * request is stored; the publisher itself replaces its own value.
 *
 * <p><b>Ranges.</b> RM: the host only; LOCAL: processes on the publisher's node; NAMESPACE: its job;
 * SESSION: its session; GLOBAL: everyone; CUSTOM: the listed processes (WILDCARD ranks allowed);
 * PROC_LOCAL: the publisher alone. Nodes and sessions come from the {@link Membership}.
 *
 * <p><b>Lookup.</b> A key is found when the requester is within the publisher's range, the publisher is
 * within the range the lookup asks for (PMIX_RANGE, default SESSION, the Standard's retrieval rules), and
 * the access permissions, if any, admit the requester's PMIX_USERID / PMIX_GRPID. Of several matches the one
 * of the narrowest range wins, then the newest. Data published with PMIX_PERSIST_FIRST_READ is removed by the
 * lookup that returns it. With PMIX_WAIT (the number of keys to wait for; 0, a flag or no value: all of
 * them) a lookup that cannot be satisfied yet waits — without holding a thread — until publishes satisfy it,
 * or PMIX_TIMEOUT seconds pass (then PMIX_ERR_TIMEOUT).
 *
 * <p><b>Unpublish</b> removes the requester's own data under the keys (all of it when no key is given),
 * limited to one range when PMIX_RANGE is given: PMIX_ERR_NO_PERMISSIONS for a key only others published,
 * PMIX_ERR_NOT_FOUND for a key nobody did.
 *
 * <p><b>Persistence</b> is carried out when the runtime reports the end of a process
 * ({@link #processTerminated}: its PROC data), a job ({@link #namespaceTerminated}: its APP and PROC data)
 * or a session ({@link #sessionTerminated}: all the data of its jobs). INDEF data stays until unpublished.
 *
 * <p>Thread-safe; the futures complete on the calling thread or, for waiting lookups, on the thread of the
 * publish that satisfies them (or the timer's).
 */
public final class DataServer {
    /** The host's own name: the only reader of RM-range data and the publisher RM lookups look for. */
    private final Proc host;
    private final Membership membership;
    private final Object lock = new Object();
    /** Published data by key; each list in publication order. */
    private final Map<String, List<Entry>> entries = new LinkedHashMap<>();
    private final List<Waiter> waiters = new ArrayList<>();
    private long sequence;

    /** A datastore for a single-node runtime whose host is {@code host}. */
    public DataServer(Proc host) {
        this(host, Membership.SINGLE_NODE);
    }

    public DataServer(Proc host, Membership membership) {
        this.host = Objects.requireNonNull(host, "host");
        this.membership = Objects.requireNonNull(membership, "membership");
    }

    /** One published datum and what governs it. */
    private record Entry(Proc publisher, String key, Value value, DataRange range, Persistence persistence,
            List<Proc> custom, String node, long session, AccessPermissions access, long seq) {
    }


    /** A lookup waiting for data. */
    private static final class Waiter {
        final Proc requester;
        final List<String> keys;
        final List<Info> directives;
        final int needed;
        final CompletableFuture<LookupResult> result = new CompletableFuture<>();

        Waiter(Proc requester, List<String> keys, List<Info> directives, int needed) {
            this.requester = requester;
            this.keys = keys;
            this.directives = directives;
            this.needed = needed;
        }
    }

    // ---- publish ---------------------------------------------------------------------------------------

    /**
     * Stores the data of {@code info} for {@code publisher}. Fails with PMIX_ERR_DUPLICATE_KEY (nothing
     * stored) or PMIX_ERR_BAD_PARAM (a CUSTOM range without processes, a directive of the wrong type).
     */
    public CompletableFuture<Void> publish(Proc publisher, List<Info> info) {
        Objects.requireNonNull(publisher, "publisher");
        List<Runnable> completions = new ArrayList<>();
        try {
            DataRange range = PublishDirectives.rangeOf(info, DataRange.SESSION);
            Persistence persistence = PublishDirectives.persistenceOf(info);
            List<Proc> custom = range.equals(DataRange.CUSTOM) ? PublishDirectives.customOf(info, "publish") : List.of();
            AccessPermissions access = PublishDirectives.accessOf(info);
            String node = membership.nodeOf(publisher);
            long session = membership.sessionOf(publisher.nspace());
            synchronized (lock) {
                List<Entry> fresh = new ArrayList<>();
                for (Info i : info) {
                    if (PublishDirectives.isDirective(i.key())) {
                        continue;
                    }
                    Entry e = new Entry(publisher, i.key(), i.value(), range, persistence, custom, node, session, access,
                            ++sequence);
                    for (Entry old : entries.getOrDefault(i.key(), List.of())) {
                        if (!old.publisher().equals(publisher) && sameScope(old, e)) {
                            throw new PmixException(PmixStatus.PMIX_ERR_DUPLICATE_KEY, "key '" + i.key()
                                    + "' is already published on range " + range.label() + " by " + old.publisher());
                        }
                    }
                    fresh.add(e);
                }
                for (Entry e : fresh) {
                    List<Entry> list = entries.computeIfAbsent(e.key(), k -> new ArrayList<>());
                    list.removeIf(old -> old.publisher().equals(publisher) && old.range().equals(e.range()));
                    list.add(e);
                }
                if (!fresh.isEmpty()) {
                    serveWaiters(completions);
                }
            }
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        } finally {
            completions.forEach(Runnable::run);
        }
        return CompletableFuture.completedFuture(null);
    }

    /** Two entries of the same key collide when they are on the same range over the same processes. */
    private boolean sameScope(Entry a, Entry b) {
        if (!a.range().equals(b.range())) {
            return false;
        }
        return switch (a.range().kind()) {
            case LOCAL -> a.node() != null && a.node().equals(b.node());
            case NAMESPACE -> a.publisher().nspace().equals(b.publisher().nspace());
            case SESSION -> a.session() >= 0 && a.session() == b.session();
            case CUSTOM -> overlap(a.custom(), b.custom());
            case PROC_LOCAL -> a.publisher().equals(b.publisher());
            default -> true;
        };
    }

    private static boolean overlap(List<Proc> a, List<Proc> b) {
        for (Proc p : a) {
            for (Proc q : b) {
                if (sameProc(p, q)) {
                    return true;
                }
            }
        }
        return false;
    }

    // ---- lookup ----------------------------------------------------------------------------------------

    /**
     * Looks the keys up for {@code requester}; see the class comment. Completes at once unless PMIX_WAIT
     * asks to wait for data not published yet.
     */
    public CompletableFuture<LookupResult> lookup(Proc requester, List<String> keys, List<Info> directives) {
        Objects.requireNonNull(requester, "requester");
        List<String> wanted = List.copyOf(keys);
        int needed;
        long timeout;
        try {
            needed = PublishDirectives.waitCount(directives, wanted.size());
            timeout = PublishDirectives.timeoutOf(directives);
            if (PublishDirectives.rangeOf(directives, DataRange.SESSION).equals(DataRange.CUSTOM)) {
                PublishDirectives.customOf(directives, "lookup");
            }
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (wanted.isEmpty()) {
            return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "lookup of no keys"));
        }
        Waiter w = new Waiter(requester, wanted, List.copyOf(directives), needed);
        synchronized (lock) {
            LookupResult now = attempt(w, needed < 0);
            if (now != null) {
                return CompletableFuture.completedFuture(now);
            }
            waiters.add(w);
        }
        if (timeout > 0) {
            CompletableFuture.delayedExecutor(timeout, TimeUnit.SECONDS).execute(() -> expire(w));
        }
        return w.result;
    }

    /** The same lookup in the form of the host's upcall (see {@link LookupResult#dataOrThrow}). */
    public CompletableFuture<List<PublishedData>> lookupData(Proc requester, List<String> keys, List<Info> directives) {
        return lookup(requester, keys, directives).thenApply(LookupResult::dataOrThrow);
    }

    /**
     * What the store can answer now; {@code null} when the lookup must go on waiting. Removes the
     * FIRST_READ data it returns. Under the lock.
     */
    private LookupResult attempt(Waiter w, boolean answerNow) {
        DataRange range = PublishDirectives.rangeOf(w.directives, DataRange.SESSION);
        List<Proc> custom = range.equals(DataRange.CUSTOM) ? PublishDirectives.customOf(w.directives, "lookup") : List.of();
        Integer uid = PublishDirectives.numberOf(w.directives, Attributes.USERID);
        Integer gid = PublishDirectives.numberOf(w.directives, Attributes.GRPID);
        List<Entry> found = new ArrayList<>();
        int denied = 0;
        for (String key : w.keys) {
            Entry best = null;
            boolean sawDenied = false;
            for (Entry e : entries.getOrDefault(key, List.of())) {
                if (!readable(e, w.requester) || !within(e.publisher(), w.requester, range, custom)) {
                    continue;
                }
                if (!e.access().admits(uid, gid)) {
                    sawDenied = true;
                    continue;
                }
                if (best == null || narrower(e, best)) {
                    best = e;
                }
            }
            if (best != null) {
                found.add(best);
            } else if (sawDenied) {
                denied++;
            }
        }
        boolean enough = found.size() >= Math.min(Math.max(w.needed, 1), w.keys.size())
                && (w.needed > 0 || found.size() == w.keys.size());
        if (!answerNow && !enough) {
            return null;
        }
        List<PublishedData> data = new ArrayList<>(found.size());
        for (Entry e : found) {
            data.add(new PublishedData(e.publisher(), e.key(), e.value()));
            if (e.persistence().equals(Persistence.FIRST_READ)) {
                remove(e);
            }
        }
        int status;
        if (found.size() == w.keys.size()) {
            status = PmixStatus.PMIX_SUCCESS;
        } else if (!found.isEmpty()) {
            status = PmixStatus.PMIX_ERR_PARTIAL_SUCCESS;
        } else if (denied == w.keys.size()) {
            status = PmixStatus.PMIX_ERR_NO_PERMISSIONS;
        } else {
            status = PmixStatus.PMIX_ERR_NOT_FOUND;
        }
        return new LookupResult(status, data);
    }

    /**
     * Narrowest range first, then the newest. (A lambda of ours, which the AOT cache keeps: Comparator's
     * combinators generate their own lambdas at every start, and this class is set up by every launcher.)
     */
    private static final Comparator<Entry> PREFERENCE = (a, b) -> {
        int byBreadth = Integer.compare(breadth(a.range()), breadth(b.range()));
        return byBreadth != 0 ? byBreadth : Long.compare(b.seq(), a.seq());
    };

    private static boolean narrower(Entry a, Entry b) {
        return PREFERENCE.compare(a, b) < 0;
    }

    private static int breadth(DataRange r) {
        return switch (r.kind()) {
            case PROC_LOCAL -> 0;
            case CUSTOM -> 1;
            case NAMESPACE -> 2;
            case LOCAL -> 3;
            case SESSION -> 4;
            case GLOBAL -> 5;
            default -> 6;
        };
    }

    /** Is {@code reader} within the range the publisher gave? */
    private boolean readable(Entry e, Proc reader) {
        return switch (e.range().kind()) {
            case RM -> reader.equals(host);
            case LOCAL -> e.node() != null && e.node().equals(membership.nodeOf(reader));
            case NAMESPACE -> e.publisher().nspace().equals(reader.nspace());
            case GLOBAL -> true;
            case CUSTOM -> containsProc(e.custom(), reader);
            case PROC_LOCAL -> e.publisher().equals(reader);
            default -> e.session() >= 0 && e.session() == membership.sessionOf(reader.nspace());
        };
    }

    /** Is {@code publisher} within the range a lookup asks for, seen from {@code requester}? */
    private boolean within(Proc publisher, Proc requester, DataRange range, List<Proc> custom) {
        return switch (range.kind()) {
            case RM -> publisher.equals(host);
            case LOCAL -> {
                String n = membership.nodeOf(requester);
                yield n != null && n.equals(membership.nodeOf(publisher));
            }
            case NAMESPACE -> publisher.nspace().equals(requester.nspace());
            case GLOBAL -> true;
            case CUSTOM -> containsProc(custom, publisher);
            case PROC_LOCAL -> publisher.equals(requester);
            default -> {
                long s = membership.sessionOf(requester.nspace());
                yield s >= 0 && s == membership.sessionOf(publisher.nspace());
            }
        };
    }

    private void serveWaiters(List<Runnable> completions) {
        for (Iterator<Waiter> it = waiters.iterator(); it.hasNext();) {
            Waiter w = it.next();
            LookupResult r = attempt(w, false);
            if (r != null) {
                it.remove();
                completions.add(() -> w.result.complete(r));
            }
        }
    }

    private void expire(Waiter w) {
        synchronized (lock) {
            if (!waiters.remove(w)) {
                return;
            }
        }
        w.result.complete(new LookupResult(PmixStatus.PMIX_ERR_TIMEOUT, List.of()));
    }

    /** The lookups still waiting for data. */
    public int waitingLookups() {
        synchronized (lock) {
            return waiters.size();
        }
    }

    // ---- unpublish ---------------------------------------------------------------------------------------

    /** Removes the requester's data; see the class comment. */
    public CompletableFuture<Void> unpublish(Proc requester, List<String> keys, List<Info> directives) {
        Objects.requireNonNull(requester, "requester");
        DataRange only;
        try {
            only = PublishDirectives.rangeOf(directives, null);
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
        int status = PmixStatus.PMIX_SUCCESS;
        String failed = null;
        synchronized (lock) {
            List<String> targets = keys.isEmpty() ? List.copyOf(entries.keySet()) : keys;
            for (String key : targets) {
                List<Entry> list = entries.get(key);
                if (list == null) {
                    list = List.of();
                }
                boolean mine = !list.isEmpty()
                        && list.removeIf(e -> e.publisher().equals(requester) && (only == null || e.range().equals(only)));
                if (list.isEmpty()) {
                    entries.remove(key);
                }
                if (!mine && !keys.isEmpty() && status == PmixStatus.PMIX_SUCCESS) {
                    boolean othersOnly = !list.isEmpty() && list.stream().noneMatch(e -> e.publisher().equals(requester));
                    status = othersOnly ? PmixStatus.PMIX_ERR_NO_PERMISSIONS : PmixStatus.PMIX_ERR_NOT_FOUND;
                    failed = key;
                }
            }
        }
        if (status != PmixStatus.PMIX_SUCCESS) {
            return CompletableFuture.failedFuture(new PmixException(status, status == PmixStatus.PMIX_ERR_NOT_FOUND
                    ? "nothing of " + requester + " is published under '" + failed + "'" + (only == null ? "" : " on range " + only.label())
                    : "'" + failed + "' was published by another process; only the publisher may unpublish it"));
        }
        return CompletableFuture.completedFuture(null);
    }

    // ---- persistence -----------------------------------------------------------------------------------

    /** A process ended: its PROC-persistent data goes, and its waiting lookups end. */
    public void processTerminated(Proc proc) {
        List<Runnable> completions = new ArrayList<>();
        synchronized (lock) {
            removeIf(e -> e.publisher().equals(proc) && e.persistence().equals(Persistence.PROC));
            dropWaiters(w -> w.requester.equals(proc), completions);
        }
        completions.forEach(Runnable::run);
    }

    /** A job ended: the APP- and PROC-persistent data of its processes goes, and their waiting lookups end. */
    public void namespaceTerminated(String nspace) {
        List<Runnable> completions = new ArrayList<>();
        synchronized (lock) {
            removeIf(e -> e.publisher().nspace().equals(nspace)
                    && (e.persistence().equals(Persistence.APP) || e.persistence().equals(Persistence.PROC)));
            dropWaiters(w -> w.requester.nspace().equals(nspace), completions);
        }
        completions.forEach(Runnable::run);
    }

    /** A session ended: all data published by processes of its jobs goes, except PMIX_PERSIST_INDEF data. */
    public void sessionTerminated(long sessionId) {
        List<Runnable> completions = new ArrayList<>();
        synchronized (lock) {
            removeIf(e -> e.session() == sessionId && !e.persistence().equals(Persistence.INDEF));
            dropWaiters(w -> membership.sessionOf(w.requester.nspace()) == sessionId, completions);
        }
        completions.forEach(Runnable::run);
    }

    private void dropWaiters(java.util.function.Predicate<Waiter> which, List<Runnable> completions) {
        for (Iterator<Waiter> it = waiters.iterator(); it.hasNext();) {
            Waiter w = it.next();
            if (which.test(w)) {
                it.remove();
                completions.add(() -> w.result.complete(new LookupResult(PmixStatus.PMIX_ERR_LOST_CONNECTION, List.of())));
            }
        }
    }

    private void removeIf(java.util.function.Predicate<Entry> which) {
        for (Iterator<List<Entry>> it = entries.values().iterator(); it.hasNext();) {
            List<Entry> list = it.next();
            list.removeIf(which);
            if (list.isEmpty()) {
                it.remove();
            }
        }
    }

    private void remove(Entry e) {
        List<Entry> list = entries.get(e.key());
        if (list != null) {
            list.remove(e);
            if (list.isEmpty()) {
                entries.remove(e.key());
            }
        }
    }

    /** How many data are published. */
    public int size() {
        synchronized (lock) {
            int n = 0;
            for (List<Entry> l : entries.values()) {
                n += l.size();
            }
            return n;
        }
    }

    private static boolean containsProc(List<Proc> procs, Proc p) {
        for (Proc q : procs) {
            if (sameProc(q, p)) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameProc(Proc a, Proc b) {
        return a.nspace().equals(b.nspace())
                && (a.rank() == b.rank() || a.rank() == Rank.WILDCARD || b.rank() == Rank.WILDCARD);
    }
}
