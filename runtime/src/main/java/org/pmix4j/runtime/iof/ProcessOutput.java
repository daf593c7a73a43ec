package org.pmix4j.runtime.iof;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Proc;

/**
 * The forwarding of one process's stdout and stderr. It is done when both streams have ended (the process
 * and everything it started that shares them closed them, normally by exiting) and everything read has
 * been written, the last unfinished line included.
 */
public final class ProcessOutput {
    private final Proc proc;
    private final CountDownLatch streams;

    ProcessOutput(Proc proc, int streams) {
        this.proc = proc;
        this.streams = new CountDownLatch(streams);
    }

    public Proc proc() {
        return proc;
    }

    void streamDone() {
        streams.countDown();
    }

    public boolean isDone() {
        return streams.getCount() == 0;
    }

    /** Waits until all of the process's output has been written. */
    public void await() throws InterruptedException {
        streams.await();
    }

    /**
     * Waits at most this long; {@code false} if output is still coming (say, a background child of the
     * process holds its stdout open).
     */
    public boolean await(long timeout, TimeUnit unit) throws InterruptedException {
        return streams.await(timeout, unit);
    }

    @Override
    public String toString() {
        return "output of " + proc + (isDone() ? " (done)" : "");
    }
}
