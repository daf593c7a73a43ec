package org.pmix4j.server.security;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import org.slf4j.Logger;

/**
 * Logs a warning once per kind and peer, then counts: a peer that sends a thousand malformed messages or
 * a thousand forged handshakes gets one line, and a line with the count when it stops (or every minute
 * while it goes on), never a thousand. The log cannot be flooded by an attacker, and nothing is hidden.
 * Loop thread only.
 */
public final class RepeatedWarnings {
    /** How long repeats are only counted before a line says how many there were. */
    static final long WINDOW_NANOS = 60_000_000_000L;
    /** Peers remembered at most; the oldest are forgotten first (their counts are logged then). */
    private static final int MAX_KEYS = 1024;

    private static final class Tally {
        long since;
        long repeats;
    }

    private final Logger log;
    private final LongSupplier clock;
    private final Map<String, Tally> tallies = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Tally> eldest) {
            if (size() <= MAX_KEYS) {
                return false;
            }
            report(eldest.getKey(), eldest.getValue());
            return true;
        }
    };

    public RepeatedWarnings(Logger log) {
        this(log, System::nanoTime);
    }

    RepeatedWarnings(Logger log, LongSupplier clock) {
        this.log = log;
        this.clock = clock;
    }

    /**
     * Logs {@code message} unless a warning of the same {@code key} (a kind and a peer) was logged less
     * than a minute ago; then it is counted, and the count is logged with the next one after the minute.
     */
    public void warn(String key, String message) {
        long now = clock.getAsLong();
        Tally t = tallies.get(key);
        if (t == null) {
            t = new Tally();
            t.since = now;
            tallies.put(key, t);
            log.warn(message);
            return;
        }
        if (now - t.since < WINDOW_NANOS) {
            t.repeats++;
            return;
        }
        long repeats = t.repeats;
        t.since = now;
        t.repeats = 0;
        log.warn(repeats == 0 ? message : message + " (and " + repeats + " more like it in the last minute)");
    }

    /** The peer behind {@code key} has gone: says how many of its warnings were only counted. */
    public void forget(String key) {
        Tally t = tallies.remove(key);
        if (t != null) {
            report(key, t);
        }
    }

    private void report(String key, Tally t) {
        if (t.repeats > 0) {
            log.warn("{}: {} more warnings like the last one were not logged", key, t.repeats);
        }
    }
}
