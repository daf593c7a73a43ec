package org.pmix4j.server.collective;

import java.util.concurrent.TimeUnit;
import org.pmix4j.server.net.EventLoop;

/** How the collective engine bounds a wait (PMIX_TIMEOUT): a task run later on the loop, which can be called off. */
@FunctionalInterface
public interface Timers {
    /** Runs {@code task} on the loop after {@code seconds}; the returned action cancels it. */
    Runnable after(long seconds, Runnable task);

    /** Timers of the server's event loop. */
    static Timers of(EventLoop loop) {
        return (seconds, task) -> loop.schedule(seconds, TimeUnit.SECONDS, task)::cancel;
    }
}
