package org.pmix4j.server.security;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.pmix4j.api.internal.Log;

/**
 * A warning log that a peer cannot flood: the first event of each kind from one source is logged in full,
 * its repeats only counted (and reported again at the 10th, 100th, 1,000th ... repeat, and once more, as a
 * total, when the source is forgotten). A hostile peer that sends the same offending request a million
 * times costs a handful of lines. Thread-safe; the number of sources tracked at once is bounded, and
 * events beyond the bound are counted as suppressed.
 */
public final class RateLimitedLog {
    /** More distinct sources than this at once (each a live peer) are counted, not tracked. */
    static final int MAX_TRACKED = 10_000;

    private final Log log;
    private final Map<Key, long[]> repeats = new HashMap<>();
    private long suppressed;

    private record Key(Object source, String kind) {
    }

    public RateLimitedLog(Log log) {
        this.log = log;
    }

    /**
     * Logs {@code message} at WARN if it is the first event of {@code kind} from {@code source}, else counts
     * it. Returns whether it was logged.
     */
    public synchronized boolean warn(Object source, String kind, String message) {
        Key key = new Key(source, kind);
        long[] count = repeats.get(key);
        if (count == null) {
            if (repeats.size() >= MAX_TRACKED) {
                suppressed++;
                return false;
            }
            repeats.put(key, new long[1]);
            log.warn("{} (repeats of this are counted, not logged)", message);
            return true;
        }
        long n = ++count[0];
        if (isPowerOfTen(n)) {
            log.warn("{}: {} repeated {} times so far; latest: {}", source, kind, n, message);
            return true;
        }
        return false;
    }

    /** The source is gone (a peer left): what it repeated since it was last reported is logged once. */
    public synchronized void forget(Object source) {
        for (Iterator<Map.Entry<Key, long[]>> it = repeats.entrySet().iterator(); it.hasNext();) {
            Map.Entry<Key, long[]> e = it.next();
            if (e.getKey().source().equals(source)) {
                long n = e.getValue()[0];
                if (n > 0 && !isPowerOfTen(n)) {
                    log.warn("{}: {} repeated {} times in all", source, e.getKey().kind(), n);
                }
                it.remove();
            }
        }
    }

    /** How many repeats of {@code kind} from {@code source} were counted (tests). */
    public synchronized long repeats(Object source, String kind) {
        long[] count = repeats.get(new Key(source, kind));
        return count == null ? 0 : count[0];
    }

    /** Events not tracked because too many sources were (tests). */
    public synchronized long suppressed() {
        return suppressed;
    }

    private static boolean isPowerOfTen(long n) {
        long p = 10;
        while (p < n) {
            p *= 10;
        }
        return p == n;
    }
}
