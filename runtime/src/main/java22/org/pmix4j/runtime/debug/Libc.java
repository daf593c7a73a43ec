package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.OptionalInt;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * The few glibc calls that holding a process at exec needs, as downcalls (java.lang.foreign, final in JDK
 * 22): the JDK has no ptrace, no waitpid of a child it did not start, no kill with any signal. Each call
 * that reports failure through errno captures it ({@code captureCallState}: the JVM may itself change errno
 * between the call and a later read) and throws an {@link IOException} naming the call, the errno's name and
 * its text, e.g. "ptrace(PTRACE_SEIZE, 123): EPERM (Operation not permitted)".
 *
 * <p>Linux on glibc only (x86-64 and arm64 share every constant used here); the structures glibc keeps
 * opaque (posix_spawnattr_t, posix_spawn_file_actions_t, sigset_t) are given more room than they take.
 */
@SuppressWarnings("restricted") // downcalls are restricted methods: the JVM runs with --enable-native-access
final class Libc {
    static final int SIGKILL = 9;
    static final int SIGTERM = 15;
    static final int SIGCONT = 18;
    static final int SIGSTOP = 19;

    static final int EINTR = 4;

    static final int WNOHANG = 1;
    static final int WUNTRACED = 2;
    /** Waits for clones and non-clones alike: needed to see every ptrace stop of a tracee. */
    static final int WALL = 0x40000000;

    static final int O_RDONLY = 0;
    static final int O_WRONLY = 1;
    static final int O_CREAT = 0100;
    static final int O_TRUNC = 01000;
    static final int O_APPEND = 02000;
    static final int O_NONBLOCK = 04000;
    static final int O_CLOEXEC = 02000000;

    static final int PTRACE_CONT = 7;
    static final int PTRACE_DETACH = 17;
    static final int PTRACE_SEIZE = 0x4206;
    static final int PTRACE_O_TRACEEXEC = 0x10;
    /** The tracee is SIGKILLed if the tracer goes away while tracing it. */
    static final int PTRACE_O_EXITKILL = 0x100000;
    static final int PTRACE_EVENT_EXEC = 4;

    static final short POSIX_SPAWN_SETSIGDEF = 0x04;
    static final short POSIX_SPAWN_SETSIGMASK = 0x08;
    /** The child calls setpgid() before it execs (with the attributes' group 0: a group of its own). */
    static final short POSIX_SPAWN_SETPGROUP = 0x02;

    /** Room for glibc's opaque structures (336, 80 and 128 bytes on x86-64 and arm64). */
    static final long SPAWN_ATTR_SIZE = 1024;
    static final long FILE_ACTIONS_SIZE = 512;
    static final long SIGSET_SIZE = 256;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final long ERRNO_OFFSET = CALL_STATE.byteOffset(MemoryLayout.PathElement.groupElement("errno"));

    // calls that set errno: their handles take the call-state segment first
    private static final Downcall PIPE2 = errnoCall("pipe2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final Downcall OPEN = errnoCall("open",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), Linker.Option.firstVariadicArg(2));
    private static final Downcall CLOSE = errnoCall("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final Downcall WAITPID = errnoCall("waitpid",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
    private static final Downcall KILL = errnoCall("kill", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    private static final Downcall READ = errnoCall("read", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    private static final Downcall WRITE = errnoCall("write", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    private static final Downcall POLL = errnoCall("poll", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    /** glibc 2.36 and newer (Linux 5.3): absent, processes are waited for by a thread each. */
    private static final Downcall PIDFD_OPEN = LIBC.find("pidfd_open")
            .map(sym -> new Downcall(sym, FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT),
                    Linker.Option.captureCallState("errno")))
            .orElse(null);
    private static final Downcall PTRACE = errnoCall("ptrace",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG), Linker.Option.firstVariadicArg(1));
    private static final Downcall SIGEMPTYSET = errnoCall("sigemptyset", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final Downcall SIGADDSET = errnoCall("sigaddset", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));

    // the posix_spawn family returns the error number itself
    private static final Downcall SPAWN = call("posix_spawn",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final Downcall ATTR_INIT = call("posix_spawnattr_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final Downcall ATTR_DESTROY = call("posix_spawnattr_destroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final Downcall ATTR_SETFLAGS = call("posix_spawnattr_setflags",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_SHORT));
    private static final Downcall ATTR_SETSIGMASK = call("posix_spawnattr_setsigmask",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final Downcall ATTR_SETSIGDEFAULT = call("posix_spawnattr_setsigdefault",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final Downcall ACTIONS_INIT = call("posix_spawn_file_actions_init",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final Downcall ACTIONS_DESTROY = call("posix_spawn_file_actions_destroy",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final Downcall ACTIONS_DUP2 = call("posix_spawn_file_actions_adddup2",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    private static final Downcall ACTIONS_CHDIR = call("posix_spawn_file_actions_addchdir_np",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final Downcall ACTIONS_CLOSEFROM = call("posix_spawn_file_actions_addclosefrom_np",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));

    private static final Downcall STRERROR = call("strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    private static final Downcall STRERRORNAME = call("strerrorname_np", FunctionDescriptor.of(ADDRESS, JAVA_INT));

    private Libc() {
    }

    /**
     * Sets this class up: finds every C function it calls, without making their handles. A C library
     * without one of them fails here (an UnsupportedOperationException that names it, in this class's
     * initialisation).
     */
    static void requireFunctions() {
        // the class initialisation, which this call triggers, does the work
    }

    /**
     * Makes the handles a posix_spawn start and the watching of its process use (not those of ptrace): for a
     * thread that will start processes to call while it waits for its first, beside the runtime's start.
     */
    static void linkSpawnCalls() {
        for (Downcall d : new Downcall[] {PIPE2, OPEN, CLOSE, WAITPID, KILL, READ, POLL, SIGEMPTYSET, SIGADDSET,
                SPAWN, ATTR_INIT, ATTR_DESTROY, ATTR_SETFLAGS, ATTR_SETSIGMASK, ATTR_SETSIGDEFAULT, ACTIONS_INIT,
                ACTIONS_DESTROY, ACTIONS_DUP2, ACTIONS_CHDIR, ACTIONS_CLOSEFROM, PIDFD_OPEN}) {
            if (d != null) {
                d.handle();
            }
        }
    }

    /** pipe2(O_CLOEXEC): {read end, write end}, neither inherited by any child unless dup2'd to 0, 1 or 2. */
    static int[] pipe(String what) throws IOException {
        return pipe(what, 0);
    }

    /** {@link #pipe(String)} with more of pipe2's flags (O_NONBLOCK). */
    static int[] pipe(String what, int flags) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment fds = a.allocate(JAVA_INT, 2);
            MemorySegment st = a.allocate(CALL_STATE);
            check(invoke(() -> (int) PIPE2.handle().invokeExact(st, fds, O_CLOEXEC | flags)), st, "pipe2 (" + what + ")");
            return new int[] {fds.getAtIndex(JAVA_INT, 0), fds.getAtIndex(JAVA_INT, 1)};
        }
    }

    /** open(2) with O_CLOEXEC added; the file's name is in the message of a failure. */
    static int open(String path, int flags, int mode) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment st = a.allocate(CALL_STATE);
            MemorySegment name = a.allocateFrom(path);
            return check(invoke(() -> (int) OPEN.handle().invokeExact(st, name, flags | O_CLOEXEC, mode)), st, "open " + path);
        }
    }

    static void close(int fd) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment st = a.allocate(CALL_STATE);
            check(invoke(() -> (int) CLOSE.handle().invokeExact(st, fd)), st, "close(" + fd + ")");
        }
    }

    /** waitpid(pid, &status, options), again after EINTR; the status word. */
    static int waitpid(long pid, int options) throws IOException {
        return waitFor(pid, options & ~WNOHANG).orElseThrow(); // without WNOHANG it returns only with a status
    }

    /**
     * waitpid(pid, &status, WNOHANG), again after EINTR: the status word, or empty while the child has not
     * ended.
     */
    static OptionalInt waitpidNow(long pid) throws IOException {
        return waitFor(pid, WNOHANG);
    }

    private static OptionalInt waitFor(long pid, int options) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment status = a.allocate(JAVA_INT);
            MemorySegment st = a.allocate(CALL_STATE);
            while (true) {
                int r = invoke(() -> (int) WAITPID.handle().invokeExact(st, (int) pid, status, options));
                if (r == -1 && errno(st) == EINTR) {
                    continue;
                }
                check(r, st, "waitpid(" + pid + ")");
                return r == 0 ? OptionalInt.empty() : OptionalInt.of(status.get(JAVA_INT, 0));
            }
        }
    }

    /** read(2) into {@code into}, again after EINTR: the bytes read, 0 at the end of the stream. */
    static int read(int fd, MemorySegment into, MemorySegment callState) throws IOException {
        while (true) {
            long r = invoke(() -> (long) READ.handle().invokeExact(callState, fd, into, into.byteSize()));
            if (r == -1 && errno(callState) == EINTR) {
                continue;
            }
            if (r == -1) {
                throw failure("read(" + fd + ")", errno(callState));
            }
            return (int) r;
        }
    }

    /** write(2) of all of {@code from}, again after EINTR and short writes. */
    static void write(int fd, MemorySegment from, MemorySegment callState) throws IOException {
        long done = 0;
        while (done < from.byteSize()) {
            MemorySegment rest = from.asSlice(done);
            long r = invoke(() -> (long) WRITE.handle().invokeExact(callState, fd, rest, rest.byteSize()));
            if (r == -1 && errno(callState) == EINTR) {
                continue;
            }
            if (r == -1) {
                throw failure("write(" + fd + ")", errno(callState));
            }
            done += r;
        }
    }

    /**
     * poll(2) of {@code count} struct pollfd ({int fd; short events; short revents;}) for at most {@code
     * timeoutMs} (-1: without end); 0 when the time ran out, and after EINTR (the caller looks again).
     */
    static int poll(MemorySegment fds, int count, int timeoutMs, MemorySegment callState) throws IOException {
        int r = invoke(() -> (int) POLL.handle().invokeExact(callState, fds, (long) count, timeoutMs));
        if (r == -1 && errno(callState) == EINTR) {
            return 0;
        }
        return check(r, callState, "poll");
    }

    /** pidfd_open(pid, 0): a descriptor that polls readable once the process has ended. */
    static int pidfdOpen(long pid) throws IOException {
        if (PIDFD_OPEN == null) {
            throw new IOException("pidfd_open: this C library does not have it (glibc 2.36 or newer)");
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment st = a.allocate(CALL_STATE);
            return check(invoke(() -> (int) PIDFD_OPEN.handle().invokeExact(st, (int) pid, 0)), st, "pidfd_open(" + pid + ")");
        }
    }

    /** Room for the errno of a call, for callers that make many calls with one. */
    static MemorySegment callState(Arena arena) {
        return arena.allocate(CALL_STATE);
    }

    static void kill(long pid, int signal) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment st = a.allocate(CALL_STATE);
            check(invoke(() -> (int) KILL.handle().invokeExact(st, (int) pid, signal)), st, "kill(" + pid + ", " + signal + ")");
        }
    }

    /** A ptrace request whose result is only success or failure; {@code name} is for the message. */
    static void ptrace(int request, String name, long pid, long addr, long data) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment st = a.allocate(CALL_STATE);
            long r = invoke(() -> (long) PTRACE.handle().invokeExact(st, request, (int) pid, addr, data));
            if (r == -1) {
                throw failure("ptrace(" + name + ", " + pid + ")", errno(st));
            }
        }
    }

    /** A sigset_t in {@code arena} holding {@code signals} (none: the empty set). */
    static MemorySegment sigset(Arena arena, int... signals) throws IOException {
        MemorySegment set = arena.allocate(SIGSET_SIZE, 8);
        MemorySegment st = arena.allocate(CALL_STATE);
        check(invoke(() -> (int) SIGEMPTYSET.handle().invokeExact(st, set)), st, "sigemptyset");
        for (int s : signals) {
            check(invoke(() -> (int) SIGADDSET.handle().invokeExact(st, set, s)), st, "sigaddset(" + s + ")");
        }
        return set;
    }

    /** posix_spawn; the child's pid. {@code argv} and {@code envp} are NULL-terminated arrays of C strings. */
    static long spawn(MemorySegment path, MemorySegment actions, MemorySegment attr, MemorySegment argv,
            MemorySegment envp, String what) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment pid = a.allocate(JAVA_INT);
            spawnCheck(invoke(() -> (int) SPAWN.handle().invokeExact(pid, path, actions, attr, argv, envp)), "posix_spawn " + what);
            return pid.get(JAVA_INT, 0);
        }
    }

    static MemorySegment spawnAttributes(Arena arena) throws IOException {
        MemorySegment attr = arena.allocate(SPAWN_ATTR_SIZE, 16);
        spawnCheck(invoke(() -> (int) ATTR_INIT.handle().invokeExact(attr)), "posix_spawnattr_init");
        return attr;
    }

    static void destroyAttributes(MemorySegment attr) throws IOException {
        spawnCheck(invoke(() -> (int) ATTR_DESTROY.handle().invokeExact(attr)), "posix_spawnattr_destroy");
    }

    static void setFlags(MemorySegment attr, short flags) throws IOException {
        spawnCheck(invoke(() -> (int) ATTR_SETFLAGS.handle().invokeExact(attr, flags)), "posix_spawnattr_setflags");
    }

    static void setSignalMask(MemorySegment attr, MemorySegment set) throws IOException {
        spawnCheck(invoke(() -> (int) ATTR_SETSIGMASK.handle().invokeExact(attr, set)), "posix_spawnattr_setsigmask");
    }

    static void setSignalDefaults(MemorySegment attr, MemorySegment set) throws IOException {
        spawnCheck(invoke(() -> (int) ATTR_SETSIGDEFAULT.handle().invokeExact(attr, set)), "posix_spawnattr_setsigdefault");
    }

    static MemorySegment fileActions(Arena arena) throws IOException {
        MemorySegment actions = arena.allocate(FILE_ACTIONS_SIZE, 16);
        spawnCheck(invoke(() -> (int) ACTIONS_INIT.handle().invokeExact(actions)), "posix_spawn_file_actions_init");
        return actions;
    }

    static void destroyFileActions(MemorySegment actions) throws IOException {
        spawnCheck(invoke(() -> (int) ACTIONS_DESTROY.handle().invokeExact(actions)), "posix_spawn_file_actions_destroy");
    }

    static void addDup2(MemorySegment actions, int fd, int target) throws IOException {
        spawnCheck(invoke(() -> (int) ACTIONS_DUP2.handle().invokeExact(actions, fd, target)), "posix_spawn_file_actions_adddup2");
    }

    /** glibc 2.29 and newer. */
    static void addChdir(MemorySegment actions, MemorySegment dir) throws IOException {
        spawnCheck(invoke(() -> (int) ACTIONS_CHDIR.handle().invokeExact(actions, dir)), "posix_spawn_file_actions_addchdir_np");
    }

    /** glibc 2.34 and newer: the child closes every descriptor from {@code from} on before it execs. */
    static void addCloseFrom(MemorySegment actions, int from) throws IOException {
        spawnCheck(invoke(() -> (int) ACTIONS_CLOSEFROM.handle().invokeExact(actions, from)),
                "posix_spawn_file_actions_addclosefrom_np");
    }

    /** "ENOENT (No such file or directory)": the errno's name and its text. */
    static String describe(int errno) {
        try {
            MemorySegment name = (MemorySegment) STRERRORNAME.handle().invokeExact(errno);
            MemorySegment text = (MemorySegment) STRERROR.handle().invokeExact(errno);
            String n = name.equals(MemorySegment.NULL) ? "errno " + errno : cString(name);
            return n + " (" + cString(text) + ")";
        } catch (Throwable t) {
            return "errno " + errno;
        }
    }

    static IOException failure(String call, int errno) {
        return new IOException(call + ": " + describe(errno));
    }

    /** The errno a call left in its call-state segment. */
    static int errno(MemorySegment callState) {
        return callState.get(JAVA_INT, ERRNO_OFFSET);
    }

    private static int check(int result, MemorySegment callState, String call) throws IOException {
        if (result == -1) {
            throw failure(call, errno(callState));
        }
        return result;
    }

    private static void spawnCheck(int error, String call) throws IOException {
        if (error != 0) {
            throw failure(call, error);
        }
    }

    private static String cString(MemorySegment p) {
        return p.reinterpret(4096).getString(0);
    }

    private static Downcall call(String name, FunctionDescriptor fd) {
        return new Downcall(symbol(name), fd);
    }

    private static Downcall errnoCall(String name, FunctionDescriptor fd, Linker.Option... more) {
        Linker.Option[] options = new Linker.Option[more.length + 1];
        options[0] = Linker.Option.captureCallState("errno");
        System.arraycopy(more, 0, options, 1, more.length);
        return new Downcall(symbol(name), fd, options);
    }

    /**
     * One C function: found in the C library when this class is set up (a library without it makes the class
     * unusable at once), its downcall handle made at its first call. Making a handle generates code: a few
     * milliseconds each in a fresh JVM, ~250 ms for all of them, which every launcher paid at its start
     * when they were all made together, while a job without a debugger needs only those of posix_spawn.
     */
    private static final class Downcall {
        private final MemorySegment symbol;
        private final FunctionDescriptor descriptor;
        private final Linker.Option[] options;
        /** Made at most a few times over when threads race to the first call: each is as good. */
        private volatile MethodHandle handle;

        Downcall(MemorySegment symbol, FunctionDescriptor descriptor, Linker.Option... options) {
            this.symbol = symbol;
            this.descriptor = descriptor;
            this.options = options;
        }

        MethodHandle handle() {
            MethodHandle h = handle;
            if (h == null) {
                h = LINKER.downcallHandle(symbol, descriptor, options);
                handle = h;
            }
            return h;
        }
    }

    private static MemorySegment symbol(String name) {
        return LIBC.find(name).orElseThrow(() -> new UnsupportedOperationException(
                "the C library has no " + name + " (holding processes at exec needs Linux with glibc 2.34 or newer)"));
    }

    /** A downcall: MethodHandle.invokeExact declares Throwable, which here is only ever an IOException or unchecked. */
    @FunctionalInterface
    private interface Call<T> {
        T run() throws Throwable;
    }

    private static <T> T invoke(Call<T> call) throws IOException {
        try {
            return call.run();
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
