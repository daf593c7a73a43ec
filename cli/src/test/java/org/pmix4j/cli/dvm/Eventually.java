package org.pmix4j.cli.dvm;

import java.time.Duration;
import java.util.function.Supplier;

/** Waiting, 60 s at most, for something the daemons do in their own time; no timing is asserted. */
final class Eventually {
    /** A condition that may fail to be checked (a command to run, a file to read). */
    interface Condition {
        boolean holds() throws Exception;
    }

    private Eventually() {
    }

    /** Returns once {@code condition} holds; an AssertionError with {@code what} (evaluated then) after 60 s. */
    static void until(Condition condition, Supplier<String> what) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("never happened:\n" + what.get());
            }
            Thread.sleep(100);
        }
    }
}
