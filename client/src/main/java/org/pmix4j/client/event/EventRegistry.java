package org.pmix4j.client.event;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.client.EventHandler;
import org.pmix4j.client.EventOutcome;
import org.pmix4j.client.PmixEvent;

/**
 * The event handlers of one process and the chain an event runs through: handlers registered for exactly
 * this code, then those registered for several codes, then default handlers (no codes), each group in
 * registration order; PMIX_EVENT_HDLR_FIRST / _LAST place a handler at the very start or end,
 * _FIRST_IN_CATEGORY / _PREPEND and _LAST_IN_CATEGORY at either end of its group, _BEFORE / _AFTER next to a
 * named handler of the group. A handler registered with PMIX_EVENT_AFFECTED_PROC(S) sees only events that
 * affect one of those processes (or say nothing about whom they affect); default handlers do not see events
 * marked PMIX_EVENT_NON_DEFAULT. Chains run on the event executor, one at a time.
 */
public final class EventRegistry {
    /** Codes of the handler-placement directives, which stay here; anything else goes to the server. */
    private static final Set<String> LOCAL_KEYS = Set.of("pmix.evname", "pmix.evfirst", "pmix.evlast",
            "pmix.evfirstcat", "pmix.evlastcat", "pmix.evbefore", "pmix.evafter", "pmix.evprepend", "pmix.evappend",
            "pmix.evobject", "pmix.evone");

    /** A default handler's code on the wire (INT32_MIN, libpmix's PMIX_MAX_ERR_CONSTANT). */
    public static final int DEFAULT_CODE = Integer.MIN_VALUE;

    private enum Where { FIRST, LAST, CATEGORY_FIRST, CATEGORY_LAST, BEFORE, AFTER }

    private record Registration(long id, List<Integer> codes, List<Proc> affected, EventHandler handler,
            String name, Where where, String relative, boolean oneshot) {
        int category() {
            return codes.isEmpty() ? 2 : codes.size() == 1 ? 0 : 1;
        }
    }

    private final AtomicLong ids = new AtomicLong();
    private final Executor executor;
    private final List<Registration> first = new ArrayList<>();
    private final List<Registration> last = new ArrayList<>();
    private final List<List<Registration>> categories = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    private final Map<Integer, Integer> activeCodes = new HashMap<>();
    private final Map<Long, Registration> byId = new LinkedHashMap<>();

    public EventRegistry(Executor executor) {
        this.executor = executor;
    }

    /** The directives of a registration that the server must see (everything but placement). */
    public static List<Info> serverDirectives(List<Info> info) {
        return info.stream().filter(i -> !LOCAL_KEYS.contains(i.key())).toList();
    }

    /**
     * Adds a handler; answers its id and whether the server must be told (a code nobody here registered
     * before, or directives for the server).
     */
    public synchronized Added add(List<Integer> codes, List<Info> info, EventHandler handler) {
        long id = ids.incrementAndGet();
        Where where = null;
        String relative = null;
        String name = Attributes.EVENT_HDLR_NAME.find(info).orElse(null);
        boolean oneshot = false;
        for (Info i : info) {
            switch (i.key()) {
                case "pmix.evfirst" -> where = i.isTrue() ? Where.FIRST : where;
                case "pmix.evlast" -> where = i.isTrue() ? Where.LAST : where;
                case "pmix.evfirstcat", "pmix.evprepend" -> where = i.isTrue() ? Where.CATEGORY_FIRST : where;
                case "pmix.evlastcat", "pmix.evappend" -> where = i.isTrue() ? Where.CATEGORY_LAST : where;
                case "pmix.evbefore" -> {
                    where = Where.BEFORE;
                    relative = Attributes.EVENT_HDLR_BEFORE.get(i.value());
                }
                case "pmix.evafter" -> {
                    where = Where.AFTER;
                    relative = Attributes.EVENT_HDLR_AFTER.get(i.value());
                }
                case "pmix.evone" -> oneshot = i.isTrue();
                default -> {
                }
            }
        }
        Registration r = new Registration(id, List.copyOf(codes), affectedOf(info), handler, name, where, relative,
                oneshot);
        place(r);
        byId.put(id, r);
        boolean newCode = false;
        for (int c : codes.isEmpty() ? List.of(DEFAULT_CODE) : codes) {
            if (activeCodes.merge(c, 1, Integer::sum) == 1) {
                newCode = true;
            }
        }
        return new Added(id, newCode || !serverDirectives(info).isEmpty());
    }

    /** A new registration's id, and whether the server needs to hear of it. */
    public record Added(long id, boolean tellServer) {
    }

    private void place(Registration r) {
        if (r.where() == Where.FIRST) {
            first.add(0, r);
            return;
        }
        if (r.where() == Where.LAST) {
            last.add(r);
            return;
        }
        List<Registration> cat = categories.get(r.category());
        if (r.where() == Where.CATEGORY_FIRST) {
            cat.add(0, r);
        } else if ((r.where() == Where.BEFORE || r.where() == Where.AFTER) && r.relative() != null) {
            int at = -1;
            for (int i = 0; i < cat.size(); i++) {
                if (r.relative().equals(cat.get(i).name())) {
                    at = r.where() == Where.BEFORE ? i : i + 1;
                    break;
                }
            }
            cat.add(at < 0 ? cat.size() : at, r);
        } else {
            cat.add(r);
        }
    }

    /**
     * Removes a handler; answers the codes no handler is registered for any more (to deregister at the
     * server, default handlers as {@link #DEFAULT_CODE}), or null when the id is unknown.
     */
    public synchronized List<Integer> remove(long id) {
        Registration r = byId.remove(id);
        if (r == null) {
            return null;
        }
        first.remove(r);
        last.remove(r);
        categories.forEach(c -> c.remove(r));
        List<Integer> gone = new ArrayList<>();
        for (int c : r.codes().isEmpty() ? List.of(DEFAULT_CODE) : r.codes()) {
            Integer n = activeCodes.merge(c, -1, Integer::sum);
            if (n != null && n <= 0) {
                activeCodes.remove(c);
                gone.add(c);
            }
        }
        return gone;
    }

    public synchronized boolean isEmpty() {
        return byId.isEmpty();
    }

    /** Runs the chain for an event, on the event executor. */
    public void deliver(int status, Proc source, List<Info> info) {
        List<Registration> chain = chainFor(status, info);
        if (chain.isEmpty()) {
            return;
        }
        executor.execute(() -> run(chain, status, source, info));
    }

    private synchronized List<Registration> chainFor(int status, List<Info> info) {
        boolean nonDefault = Attributes.EVENT_NON_DEFAULT.find(info).orElse(false);
        List<Proc> affected = affectedOf(info);
        List<Registration> out = new ArrayList<>();
        List<Registration> all = new ArrayList<>(first);
        categories.forEach(all::addAll);
        all.addAll(last);
        for (Registration r : all) {
            boolean codeMatches = r.codes().isEmpty() ? !nonDefault : r.codes().contains(status);
            if (codeMatches && affects(r.affected(), affected)) {
                out.add(r);
            }
        }
        return out;
    }

    private void run(List<Registration> chain, int status, Proc source, List<Info> info) {
        List<Info> results = new ArrayList<>();
        for (Registration r : chain) {
            synchronized (this) {
                if (!byId.containsKey(r.id())) {
                    continue;
                }
            }
            if (r.oneshot()) {
                remove(r.id());
            }
            EventOutcome o;
            try {
                o = r.handler().handle(new PmixEvent(status, source, info, results, r.id()));
            } catch (RuntimeException e) {
                System.err.println("pmix4j: event handler " + (r.name() != null ? r.name() : "#" + r.id())
                        + " failed on event " + status + ": " + e);
                continue;
            }
            if (o == null) {
                continue;
            }
            results.addAll(o.results());
            if (o.stopsChain()) {
                break;
            }
        }
    }

    private static boolean affects(List<Proc> interested, List<Proc> affected) {
        if (interested.isEmpty() || affected.isEmpty()) {
            return true;
        }
        for (Proc i : interested) {
            for (Proc a : affected) {
                if (i.nspace().equals(a.nspace())
                        && (i.rank() == a.rank() || i.rank() == Rank.WILDCARD || a.rank() == Rank.WILDCARD)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Proc> affectedOf(List<Info> info) {
        return PmixEvent.affectedIn(info);
    }
}
