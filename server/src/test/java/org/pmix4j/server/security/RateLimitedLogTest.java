package org.pmix4j.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RateLimitedLogTest {
    private final RateLimitedLog log = new RateLimitedLog(org.pmix4j.api.internal.Log.of(RateLimitedLogTest.class));

    @Test
    void firstEventOfAKindIsLoggedRepeatsCountedAndReportedAtPowersOfTen() {
        List<Integer> logged = new ArrayList<>();
        for (int i = 0; i <= 1000; i++) {
            if (log.warn("peer A", "job control", "refused " + i)) {
                logged.add(i);
            }
        }
        // the first, then the 10th, 100th and 1,000th repeat: 4 lines for 1,001 events
        assertEquals(List.of(0, 10, 100, 1000), logged);
        assertEquals(1000, log.repeats("peer A", "job control"));
    }

    @Test
    void kindsAndSourcesAreCountedApartAndForgottenWithTheirSource() {
        assertTrue(log.warn("peer A", "job control", "x"));
        assertTrue(log.warn("peer A", "query", "x"));
        assertTrue(log.warn("peer B", "job control", "x"));
        assertFalse(log.warn("peer A", "job control", "x"));
        assertEquals(1, log.repeats("peer A", "job control"));
        assertEquals(0, log.repeats("peer B", "job control"));
        log.forget("peer A");
        assertEquals(0, log.repeats("peer A", "job control"));
        assertTrue(log.warn("peer A", "job control", "a new peer of the same name starts afresh"));
        assertFalse(log.warn("peer B", "job control", "x"));
    }

    @Test
    void sourcesBeyondTheBoundAreCountedNotTracked() {
        for (int i = 0; i < RateLimitedLog.MAX_TRACKED; i++) {
            log.warn(i, "k", "m");
        }
        assertFalse(log.warn("one too many", "k", "m"));
        assertEquals(1, log.suppressed());
        log.forget(0);
        assertTrue(log.warn("one too many", "k", "m"));
    }
}
