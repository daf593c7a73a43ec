package org.pmix4j.server.sharedstore;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.time.Duration;
import java.time.Instant;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
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
@SuppressWarnings("restricted") // downcalls are restricted methods: the JVM runs with --enable-native-access
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

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final MethodHandle ATTR_INIT = call("pthread_mutexattr_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle ATTR_DESTROY = call("pthread_mutexattr_destroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle ATTR_SETPSHARED = call("pthread_mutexattr_setpshared",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle ATTR_SETROBUST = call("pthread_mutexattr_setrobust",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle INIT = call("pthread_mutex_init", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle DESTROY = call("pthread_mutex_destroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle TIMEDLOCK = call("pthread_mutex_timedlock",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle UNLOCK = call("pthread_mutex_unlock", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle CONSISTENT = call("pthread_mutex_consistent", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle SYSCONF = call("sysconf", FunctionDescriptor.of(JAVA_LONG, JAVA_INT));

    private SharedMutexes() {
    }

    private static MethodHandle call(String name, FunctionDescriptor descriptor) {
        MemorySegment symbol = LIBC.find(name).orElseThrow(
                () -> new UnsupportedOperationException("the C library has no " + name + " (glibc 2.34 or newer is needed)"));
        return LINKER.downcallHandle(symbol, descriptor);
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
        try {
            return (long) SYSCONF.invokeExact(name);
        } catch (Throwable t) {
            throw new IllegalStateException("sysconf(" + name + ")", t);
        }
    }

    /** Makes {@code mutex} (40 bytes of shared memory) an unlocked, process-shared, robust mutex. */
    static void init(MemorySegment mutex) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment attr = arena.allocate(ATTR_SIZE, 8);
            check("pthread_mutexattr_init", (int) ATTR_INIT.invokeExact(attr));
            try {
                check("pthread_mutexattr_setpshared", (int) ATTR_SETPSHARED.invokeExact(attr, PTHREAD_PROCESS_SHARED));
                check("pthread_mutexattr_setrobust", (int) ATTR_SETROBUST.invokeExact(attr, PTHREAD_MUTEX_ROBUST));
                check("pthread_mutex_init", (int) INIT.invokeExact(mutex, attr));
            } finally {
                int ignored = (int) ATTR_DESTROY.invokeExact(attr);
            }
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw new IOException("initialising a shared mutex: " + t, t);
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
        int rc;
        try {
            rc = (int) TIMEDLOCK.invokeExact(mutex, until);
        } catch (Throwable t) {
            throw new IOException("pthread_mutex_timedlock: " + t, t);
        }
        if (rc == 0) {
            return Outcome.LOCKED;
        }
        if (rc == ETIMEDOUT) {
            return Outcome.TIMED_OUT;
        }
        if (rc == EOWNERDEAD) {
            try {
                check("pthread_mutex_consistent", (int) CONSISTENT.invokeExact(mutex));
            } catch (IOException e) {
                throw e;
            } catch (Throwable t) {
                throw new IOException("pthread_mutex_consistent: " + t, t);
            }
            return Outcome.LOCKED_FROM_DEAD_OWNER;
        }
        throw new IOException("pthread_mutex_timedlock returned " + rc);
    }

    static void unlock(MemorySegment mutex) throws IOException {
        try {
            check("pthread_mutex_unlock", (int) UNLOCK.invokeExact(mutex));
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw new IOException("pthread_mutex_unlock: " + t, t);
        }
    }

    /** Destroys an unlocked mutex before its memory goes; a failure only means it was still in use. */
    static void destroy(MemorySegment mutex) {
        try {
            int ignored = (int) DESTROY.invokeExact(mutex);
        } catch (Throwable t) {
            // the segment is unmapped next either way
        }
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

    private static void check(String call, int rc) throws IOException {
        if (rc != 0) {
            throw new IOException(call + " returned " + rc);
        }
    }
}
