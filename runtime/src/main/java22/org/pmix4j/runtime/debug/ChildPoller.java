package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntConsumer;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.iof.OutputChunks;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * One thread that watches every child this JVM started with posix_spawn: the pipes of their output, read as
 * data arrives, and their ends, through a pidfd each (readable once the process has ended; then it is reaped
 * with waitpid). It replaces three platform threads per process (a reaper and two output readers), each of
 * which touched some 75 KB of stack: at 1,024 processes that was most of the launcher's memory, and every
 * exit woke three of them.
 *
 * <p>What it hands on: output chunks on this thread, in each stream's order (an {@link OutputChunks} writes
 * them out at once and keeps nothing); exit statuses on a virtual thread each, since whatever waits for a
 * process's end may block and must not hold up everyone else's output.
 */
final class ChildPoller {
    private static final Log LOG = Log.of(ChildPoller.class);
    private static final short POLLIN = 0x1;
    /** struct pollfd { int fd; short events; short revents; } */
    private static final int POLLFD = 8;
    private static final int READ_ROOM = 64 * 1024;

    private static volatile ChildPoller shared;

    /** A descriptor watched: an output pipe (with its reader) or a process's pidfd (with its end). */
    private sealed interface Watch permits Output, Exit {
        int fd();
    }

    private record Output(int fd, OutputChunks to) implements Watch {
    }

    private record Exit(int fd, long pid, IntConsumer status) implements Watch {
    }

    private final ConcurrentLinkedQueue<Watch> added = new ConcurrentLinkedQueue<>();
    private final int wakeRead;
    private final int wakeWrite;

    private ChildPoller() throws IOException {
        // non-blocking: a wake-up never waits for the poller, and a full pipe means it is awake already
        int[] wake = Libc.pipe("the child poller's wake-up", Libc.O_NONBLOCK);
        this.wakeRead = wake[0];
        this.wakeWrite = wake[1];
        Thread.ofPlatform().daemon().name("pmix4j-children").start(this::run);
    }

    /** The JVM's poller, started with the first call. */
    static ChildPoller shared() throws IOException {
        ChildPoller p = shared;
        if (p == null) {
            synchronized (ChildPoller.class) {
                p = shared;
                if (p == null) {
                    p = new ChildPoller();
                    shared = p;
                }
            }
        }
        return p;
    }

    /** Reads {@code fd} (a pipe's read end, which this poller then owns and closes) into {@code to}. */
    void watchOutput(int fd, OutputChunks to) {
        add(new Output(fd, to));
    }

    /**
     * Reaps the child {@code pid} once it ends and hands its wait status to {@code status}.
     *
     * @throws IOException when no pidfd can be had (an older C library or kernel): the caller waits itself
     */
    void watchExit(long pid, IntConsumer status) throws IOException {
        add(new Exit(Libc.pidfdOpen(pid), pid, status));
    }

    private void add(Watch w) {
        added.add(w);
        try (Arena a = Arena.ofConfined()) {
            Libc.write(wakeWrite, a.allocate(1), Libc.callState(a));
        } catch (IOException e) {
            // the pipe is full: the poller is awake already and takes the queue on its next round
        }
    }

    private void run() {
        List<Watch> watched = new ArrayList<>();
        byte[] chunk = new byte[READ_ROOM];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = Libc.callState(arena);
            MemorySegment room = arena.allocate(READ_ROOM);
            MemorySegment fds = arena.allocate(POLLFD * 64L, 8);
            while (true) {
                Watch w;
                while ((w = added.poll()) != null) {
                    watched.add(w);
                }
                int count = watched.size() + 1;
                if (fds.byteSize() < (long) count * POLLFD) {
                    fds = arena.allocate((long) count * 2 * POLLFD, 8);
                }
                put(fds, 0, wakeRead);
                // a stream whose output is held (a tool does not take it) is not read: poll(2) skips a
                // negative descriptor, and the process waits in its write until we look again
                boolean anyPaused = false;
                for (int i = 0; i < watched.size(); i++) {
                    Watch x = watched.get(i);
                    boolean paused = x instanceof Output o && pausedSafely(o);
                    anyPaused |= paused;
                    put(fds, i + 1, paused ? -1 : x.fd());
                }
                if (Libc.poll(fds, count, anyPaused ? OutputChunks.PAUSE_CHECK_MS : -1, state) == 0) {
                    continue;
                }
                if (revents(fds, 0) != 0) {
                    Libc.read(wakeRead, room.asSlice(0, 4096), state);
                }
                // the watched entries themselves, by identity (a record's hashCode is bootstrapped through
                // method handles at its first call: nine generated classes as the job's first process ends)
                Set<Watch> done = Collections.newSetFromMap(new IdentityHashMap<>());
                for (int i = 0; i < watched.size(); i++) {
                    short ready = revents(fds, i + 1);
                    if (ready == 0) {
                        continue;
                    }
                    Watch x = watched.get(i);
                    // instanceof, not a pattern switch: that is bootstrapped at its first run (a class generated
                    // as the job's first output or end arrives)
                    boolean finished = x instanceof Output o ? read(o, room, chunk, state) : reap((Exit) x);
                    if (finished) {
                        done.add(x);
                    }
                }
                if (!done.isEmpty()) {
                    watched.removeIf(done::contains); // one pass: a burst of exits ends hundreds at once
                }
            }
        } catch (IOException e) {
            // cannot happen short of a broken C library: say it loudly, as every process's output and end
            // would stop here
            LOG.error("the thread watching the launcher's processes failed: {}", e.toString());
            throw new IllegalStateException(e);
        } catch (RuntimeException | Error e) {
            LOG.error("the thread watching the launcher's processes failed: {}", e.toString());
            throw e;
        }
    }

    private static boolean pausedSafely(Output o) {
        try {
            return o.to().paused();
        } catch (RuntimeException e) {
            return false; // whoever takes the output failed: reading on is what it did before it could pause
        }
    }

    private static void put(MemorySegment fds, int index, int fd) {
        long at = (long) index * POLLFD;
        fds.set(JAVA_INT, at, fd);
        fds.set(JAVA_SHORT, at + 4, POLLIN);
        fds.set(JAVA_SHORT, at + 6, (short) 0);
    }

    private static short revents(MemorySegment fds, int index) {
        return fds.get(JAVA_SHORT, (long) index * POLLFD + 6);
    }

    /** One read of a ready pipe; true when the stream ended (its reader was told, the pipe closed). */
    private static boolean read(Output o, MemorySegment room, byte[] chunk, MemorySegment state) {
        int n;
        try {
            n = Libc.read(o.fd(), room, state);
        } catch (IOException e) {
            n = 0; // a broken pipe ends the stream as its end would: what was read is all there is
        }
        if (n > 0) {
            MemorySegment.copy(room, JAVA_BYTE, 0, chunk, 0, n);
            try {
                o.to().chunk(chunk, n);
            } catch (RuntimeException e) {
                LOG.warn("forwarding the output of a process failed: {}", e.toString());
            }
            return false;
        }
        close(o.fd());
        try {
            o.to().end();
        } catch (RuntimeException e) {
            LOG.warn("ending the output of a process failed: {}", e.toString());
        }
        return true;
    }

    /** Reaps an ended process; true once it is (a pidfd polls readable only at the end, so at once). */
    private static boolean reap(Exit e) {
        OptionalInt status;
        try {
            status = Libc.waitpidNow(e.pid());
        } catch (IOException ex) {
            // not our child any more (ECHILD): nothing to wait for; told as a kill, which it most likely was
            LOG.warn("cannot wait for process {}: {}", e.pid(), ex.getMessage());
            status = OptionalInt.of(Libc.SIGKILL);
        }
        if (status.isEmpty()) {
            return false;
        }
        close(e.fd());
        int st = status.getAsInt();
        Thread.ofVirtual().name("exit-" + e.pid()).start(() -> e.status().accept(st));
        return true;
    }

    private static void close(int fd) {
        try {
            Libc.close(fd);
        } catch (IOException ignored) {
            // nothing more to do with it
        }
    }
}
