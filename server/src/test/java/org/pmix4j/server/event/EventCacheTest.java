package org.pmix4j.server.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Proc;

class EventCacheTest {
    /** A clock the test moves by hand. */
    static final class ManualClock extends Clock {
        Instant now = Instant.parse("2024-01-01T00:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private static Notification event(long id, Instant at) {
        return new Notification(id, -3000 - (int) id, new Proc("src", 0), DataRange.SESSION, List.of(),
                EventDirectives.NONE, -1, at, ns -> true);
    }

    private static List<Long> ids(EventCache c) {
        return c.current().stream().map(Notification::id).toList();
    }

    @Test
    void theOldestLeavesWhenTheCacheIsFull() {
        ManualClock clock = new ManualClock();
        EventCache c = new EventCache(3, Duration.ofMinutes(2), clock);
        for (long i = 1; i <= 5; i++) {
            c.add(event(i, clock.now));
        }
        assertEquals(List.of(3L, 4L, 5L), ids(c));
    }

    @Test
    void eventsAgeOut() {
        ManualClock clock = new ManualClock();
        EventCache c = new EventCache(10, Duration.ofSeconds(120), clock);
        c.add(event(1, clock.now));
        clock.now = clock.now.plusSeconds(60);
        c.add(event(2, clock.now));
        clock.now = clock.now.plusSeconds(61);
        assertEquals(List.of(2L), ids(c));
        clock.now = clock.now.plusSeconds(60);
        assertEquals(0, c.size());
    }

    @Test
    void libpmixDefaults() {
        assertEquals(512, EventCache.DEFAULT_CAPACITY);
        assertEquals(Duration.ofSeconds(120), EventCache.DEFAULT_MAX_AGE);
    }

    @Test
    void nonsenseBoundsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new EventCache(0, Duration.ofSeconds(1), Clock.systemUTC()));
        assertThrows(IllegalArgumentException.class, () -> new EventCache(1, Duration.ZERO, Clock.systemUTC()));
    }
}
