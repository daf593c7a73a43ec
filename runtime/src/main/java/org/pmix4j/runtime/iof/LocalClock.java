package org.pmix4j.runtime.iof;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;

/**
 * The system clock in this machine's zone, which it finds at the first timestamp asked of it: finding the
 * zone reads the time-zone database, ~19 ms of a fresh JVM, which a launcher or front end that prints no
 * timestamp (nearly all of them) need not pay before its job's first line.
 */
final class LocalClock extends Clock {
    static final LocalClock INSTANCE = new LocalClock();

    /** Made when first touched (the holder idiom). */
    private static final class Zoned {
        static final Clock CLOCK = Clock.systemDefaultZone();
    }

    private LocalClock() {
    }

    @Override
    public ZoneId getZone() {
        return Zoned.CLOCK.getZone();
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return Clock.system(zone);
    }

    @Override
    public Instant instant() {
        return Instant.now(); // the system clock's, as Zoned.CLOCK's: no zone needed for it
    }

    @Override
    public long millis() {
        return System.currentTimeMillis();
    }
}
