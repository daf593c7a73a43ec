package org.pmix4j.server.sharedstore;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.internal.Log;

/**
 * The writer's side of the ds21 lock over a whole store session: every namespace's signal mutexes, then
 * every main mutex (libpmix clients of any namespace of the session read only once the writer is done). A
 * reader that keeps its lock past the deadline makes the write give up, with every lock taken so far let go:
 * the server's loop must never wait on a client.
 */
final class WriteLock {
    private static final Log LOG = Log.of(WriteLock.class);

    /** A write to the segments, run with every lock held. */
    interface Write {
        void run() throws IOException;
    }

    /** Each writing thread's room for a deadline (the C library's struct timespec), made once. */
    private static final ThreadLocal<MemorySegment> UNTIL = ThreadLocal.withInitial(
            () -> Arena.ofAuto().allocate(16, 8));

    private WriteLock() {
    }

    /**
     * Runs {@code write} holding every lock of {@code segments}; returns false, having written nothing, when a
     * lock could not be taken before {@code deadline}.
     */
    static boolean run(List<LockSegment> segments, Instant deadline, Write write) throws IOException {
        List<MemorySegment> held = new ArrayList<>();
        try {
            MemorySegment until = SharedMutexes.timespec(deadline, UNTIL.get());
            boolean all = true;
            outer:
            for (boolean signals : new boolean[] {true, false}) {
                for (LockSegment seg : segments) {
                    for (int i = 0; i < seg.slots(); i++) {
                        MemorySegment m = signals ? seg.signal(i) : seg.main(i);
                        SharedMutexes.Outcome o = SharedMutexes.lock(m, until);
                        if (o == SharedMutexes.Outcome.TIMED_OUT) {
                            LOG.warn("shared-memory store: slot {} of {} kept its {} lock past the deadline; this write"
                                    + " goes to the server's own store only", i, seg.path().getFileName(),
                                    signals ? "signal" : "main");
                            all = false;
                            break outer;
                        }
                        if (o == SharedMutexes.Outcome.LOCKED_FROM_DEAD_OWNER) {
                            LOG.info("shared-memory store: the client of slot {} of {} died holding its lock; taken over",
                                    i, seg.path().getFileName());
                        }
                        held.add(m);
                    }
                }
            }
            if (all) {
                write.run();
            }
            return all;
        } finally {
            IOException first = null;
            for (int k = held.size() - 1; k >= 0; k--) {
                try {
                    SharedMutexes.unlock(held.get(k));
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
            if (first != null) {
                throw first;
            }
        }
    }
}
