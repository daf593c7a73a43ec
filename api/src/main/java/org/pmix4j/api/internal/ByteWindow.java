package org.pmix4j.api.internal;

import java.util.function.BooleanSupplier;

/**
 * A bound on the bytes one side has handed on and the other has not yet taken: the giver waits while the
 * bound is reached, the taker gives the room back. It is how a reader that cannot keep up slows the one that
 * feeds it (a front end's output queue, the tool library's hand-off to its output handler, stdin sent to
 * another node), instead of what it has not taken filling the heap. A single hand-off larger than the bound
 * waits only for the window to drop below it. Thread-safe.
 */
public final class ByteWindow {
    private final long limit;
    private long out;

    /** @param limit the bytes that may be out at once before {@link #add} waits */
    public ByteWindow(long limit) {
        this.limit = limit;
    }

    /**
     * Counts {@code n} more bytes out, after waiting while {@code limit} or more are.
     *
     * @return false when the wait was interrupted (the bytes are counted all the same, the interrupt kept)
     */
    public boolean add(long n) {
        return add(n, () -> false, 0);
    }

    /**
     * As {@link #add(long)}, but stops waiting once {@code stop} says so, asked every {@code recheckMs}: for a
     * taker that may go away without giving back (a process that ended). {@code recheckMs} 0: never asked.
     */
    public synchronized boolean add(long n, BooleanSupplier stop, long recheckMs) {
        boolean waited = true;
        while (out >= limit && !stop.getAsBoolean()) {
            try {
                wait(recheckMs); // 0: until room is given back
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                waited = false;
                break;
            }
        }
        out += n;
        return waited;
    }

    /** {@code n} bytes were taken: that much room again. */
    public synchronized void taken(long n) {
        out -= n;
        notifyAll();
    }
}
