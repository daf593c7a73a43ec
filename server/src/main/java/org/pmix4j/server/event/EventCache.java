package org.pmix4j.server.event;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The events kept for processes that register (or connect) after the event was raised: the Standard
 * requires it so that, for instance, a tool still learns that a very short job ended.
 *
 * <p>The cache is bounded the way libpmix 4.2.2 bounds its "notification hotel": at most
 * {@value #DEFAULT_CAPACITY} events ({@code pmix_max_events}), the oldest leaving when a new one arrives,
 * and none older than {@link #DEFAULT_MAX_AGE} ({@code pmix_event_eviction_time}, 120 s). An event whose
 * custom range names individual processes leaves as soon as all of them have it. Loop thread only.
 */
public final class EventCache {
    /** libpmix's default number of cached events. */
    public static final int DEFAULT_CAPACITY = 512;
    /** libpmix's default time an event stays cached. */
    public static final Duration DEFAULT_MAX_AGE = Duration.ofSeconds(120);

    private final int capacity;
    private final Duration maxAge;
    private final Clock clock;
    private final LinkedHashMap<Long, Notification> events = new LinkedHashMap<>();

    public EventCache(int capacity, Duration maxAge, Clock clock) {
        if (capacity < 1) {
            throw new IllegalArgumentException("an event cache needs room for at least one event, not " + capacity);
        }
        if (maxAge.isNegative() || maxAge.isZero()) {
            throw new IllegalArgumentException("events must stay cached for a positive time, not " + maxAge);
        }
        this.capacity = capacity;
        this.maxAge = maxAge;
        this.clock = clock;
    }

    public static EventCache withDefaults() {
        return new EventCache(DEFAULT_CAPACITY, DEFAULT_MAX_AGE, Clock.systemUTC());
    }

    Instant now() {
        return clock.instant();
    }

    void add(Notification n) {
        expire();
        while (events.size() >= capacity) {
            Iterator<Long> oldest = events.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
        events.put(n.id(), n);
    }

    void remove(Notification n) {
        events.remove(n.id());
    }

    /** The cached events, oldest first. */
    List<Notification> current() {
        expire();
        return List.copyOf(events.values());
    }

    public int size() {
        expire();
        return events.size();
    }

    /** A connection left: its index is never reused, so only the memory of it needs to go. */
    void forget(int peerIndex) {
        for (Notification n : events.values()) {
            n.forget(peerIndex);
        }
    }

    private void expire() {
        Instant limit = clock.instant().minus(maxAge);
        Iterator<Map.Entry<Long, Notification>> it = events.entrySet().iterator();
        while (it.hasNext()) {
            // insertion order is age order: stop at the first young one
            if (it.next().getValue().raised().isBefore(limit)) {
                it.remove();
            } else {
                return;
            }
        }
    }
}
