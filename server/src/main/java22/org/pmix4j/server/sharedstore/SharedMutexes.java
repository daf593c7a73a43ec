package org.pmix4j.server.sharedstore;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.time.Instant;
import org.pmix4j.server.foreign.CFunction;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * glibc's process-shared mutexes in memory this server shares with libpmix clients, through java.lang.foreign:
 * the JDK has no lock another process can take. The server initialises every mutex of a lock segment as
 * process-shared <em>and robust</em> (libpmix's own server makes them process-shared only): a client's
 * {@code pthread_mutex_lock} behaves the same on either, since glibc reads the mutex's kind from its memory,
 * but a client that dies holding its lock then hands the next locker {@code EOWNERDEAD} instead of blocking
 * it for ever, and the server takes the lock over ({@code pthread_mutex_consistent}). Locks are timed, so a
 * live but stopped reader (a debugger holding it) costs the server a bounded wait, never its loop.
 *
 * <p>A robust mutex belongs to the thread that locked it: lock and unlock on the same platform thread.
 */
final class SharedMutexes {
    /** {@code sizeof(pthread_mutex_t)} on x86-64 and arm64 glibc. */
    static final long MUTEX_SIZE = 40;
    private static final long ATTR_SIZE = 8; // pthread_mutexattr_t is 4 bytes; the room is rounded up

    private static final int PTHREAD_PROCESS_SHARED = 1;
    private static final int PTHREAD_MUTEX_ROBUST = 1;
    private static final int ETIMEDOUT = 110;
    private static final int EOWNERDEAD = 130;
    private static final int SC_PAGESIZE = 30;
    private static final int SC_LEVEL1_DCACHE_LINESIZE = 190;

    private static final String NEED = "glibc 2.34 or newer is needed";
    private static final CFunction ATTR_INIT = CFunction.libc("pthread_mutexattr_init", NEED);
    private static final CFunction ATTR_DESTROY = CFunction.libc("pthread_mutexattr_destroy", NEED);
    private static final CFunction ATTR_SETPSHARED = CFunction.libc("pthread_mutexattr_setpshared", NEED);
    private static final CFunction ATTR_SETROBUST = CFunction.libc("pthread_mutexattr_setrobust", NEED);
    private static final CFunction INIT = CFunction.libc("pthread_mutex_init", NEED);
    private static final CFunction DESTROY = CFunction.libc("pthread_mutex_destroy", NEED);
    private static final CFunction TIMEDLOCK = CFunction.libc("pthread_mutex_timedlock", NEED);
    private static final CFunction UNLOCK = CFunction.libc("pthread_mutex_unlock", NEED);
    private static final CFunction CONSISTENT = CFunction.libc("pthread_mutex_consistent", NEED);
    private static final CFunction SYSCONF = CFunction.libc("sysconf", NEED);

    private SharedMutexes() {
    }

    /** The page size, as clients round the lock segment. */
    static long pageSize() {
        long page = sysconf(SC_PAGESIZE);
        return page > 0 ? page : 4096;
    }

    /** The L1 data-cache line the mutexes are spread over (libpmix's choice; 64 when the C library cannot say). */
    static long cacheLine() {
        long line = sysconf(SC_LEVEL1_DCACHE_LINESIZE);
        return line > 0 ? line : 64;
    }

    private static long sysconf(int name) {
        return SYSCONF.call(name);
    }

    /** Makes {@code mutex} (40 bytes of shared memory) an unlocked, process-shared, robust mutex. */
    static void init(MemorySegment mutex) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            long attr = arena.allocate(ATTR_SIZE, 8).address();
            check(ATTR_INIT, ATTR_INIT.call(attr));
            try {
                check(ATTR_SETPSHARED, ATTR_SETPSHARED.call(attr, PTHREAD_PROCESS_SHARED));
                check(ATTR_SETROBUST, ATTR_SETROBUST.call(attr, PTHREAD_MUTEX_ROBUST));
                check(INIT, INIT.call(mutex.address(), attr));
            } finally {
                ATTR_DESTROY.call(attr);
            }
        } catch (RuntimeException e) {
            throw new IOException("initialising a shared mutex: " + e, e);
        }
    }

    /** What a timed lock came to. */
    enum Outcome {
        /** Locked. */
        LOCKED,
        /** Locked, after making it consistent: its last owner died holding it. */
        LOCKED_FROM_DEAD_OWNER,
        /** Not locked: its holder kept it past the deadline. */
        TIMED_OUT
    }

    /**
     * Locks {@code mutex}, waiting until {@code until} at most (a {@link #timespec}). A mutex whose owner died is made
     * consistent and kept: a reader that died had nothing to undo.
     *
     * @throws IOException any other failure of the C library, named
     */
    static Outcome lock(MemorySegment mutex, MemorySegment until) throws IOException {
        int rc = (int) TIMEDLOCK.call(mutex.address(), until.address());
        if (rc == 0) {
            return Outcome.LOCKED;
        }
        if (rc == ETIMEDOUT) {
            return Outcome.TIMED_OUT;
        }
        if (rc == EOWNERDEAD) {
            check(CONSISTENT, CONSISTENT.call(mutex.address()));
            return Outcome.LOCKED_FROM_DEAD_OWNER;
        }
        throw new IOException("pthread_mutex_timedlock returned " + rc);
    }

    static void unlock(MemorySegment mutex) throws IOException {
        check(UNLOCK, UNLOCK.call(mutex.address()));
    }

    /** Destroys an unlocked mutex before its memory goes; a failure only means it was still in use. */
    static void destroy(MemorySegment mutex) {
        DESTROY.call(mutex.address()); // its result is not looked at: the segment is unmapped next either way
    }

    /** The deadline of a lock started now. */
    static Instant deadline(Duration patience) {
        return Instant.now().plus(patience);
    }

    /**
     * {@code deadline} as the C library's {@code struct timespec} (CLOCK_REALTIME), written into {@code until}
     * (16 bytes), for {@link #lock}.
     */
    static MemorySegment timespec(Instant deadline, MemorySegment until) {
        until.set(JAVA_LONG, 0, deadline.getEpochSecond());
        until.set(JAVA_LONG, 8, deadline.getNano());
        return until;
    }

    /** The pthread functions return 0 or an error number (an int: the low half of the result). */
    private static void check(CFunction call, long result) throws IOException {
        int rc = (int) result;
        if (rc != 0) {
            throw new IOException(call.name() + " returned " + rc);
        }
    }
}
