package org.pmix4j.cli.multinode;

import java.time.Duration;

/** Waiting for what daemons on other hosts do in their own time; no timing is asserted. */
final class Retry {
    interface Check {
        void run() throws Exception;
    }

    private Retry() {
    }

    /** Retries {@code check} until it passes; its last failure after {@code limit}. */
    static void eventually(Duration limit, Check check) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        while (true) {
            try {
                check.run();
                return;
            } catch (AssertionError e) {
                if (System.nanoTime() > end) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}
