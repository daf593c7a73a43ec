package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.OptionalInt;
import org.pmix4j.server.foreign.CFunction;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * The few glibc calls that holding a process at exec needs, as downcalls (java.lang.foreign, final in JDK
 * 22, through {@link CFunction}'s one shared shape): the JDK has no ptrace, no waitpid of a child it did not
 * start, no kill with any signal. Each call that reports failure through errno captures it (the JVM may
 * itself change errno between the call and a later read) and throws an {@link IOException} naming the call,
 * the errno's name and its text, e.g. "ptrace(PTRACE_SEIZE, 123): EPERM (Operation not permitted)".
 *
 * <p>Linux on glibc only (x86-64 and arm64 share every constant used here); the structures glibc keeps
 * opaque (posix_spawnattr_t, posix_spawn_file_actions_t, sigset_t) are given more room than they take.
 */
@SuppressWarnings("restricted") // reading a C string at an address the C library returned is restricted
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

    // calls that set errno are made with a call-state segment; the posix_spawn family returns the error
    // number itself
    private static final CFunction PIPE2 = function("pipe2");
    /** Variadic: its third argument (the mode) is read only with O_CREAT. */
    private static final CFunction OPEN = function("open");
    private static final CFunction CLOSE = function("close");
    private static final CFunction WAITPID = function("waitpid");
    private static final CFunction KILL = function("kill");
    private static final CFunction READ = function("read");
    private static final CFunction WRITE = function("write");
    private static final CFunction POLL = function("poll");
    /** glibc 2.36 and newer (Linux 5.3): absent, processes are waited for by a thread each. */
    private static final Optional<CFunction> PIDFD_OPEN = CFunction.findLibc("pidfd_open");
    /** Variadic: request, pid, address, data. */
    private static final CFunction PTRACE = function("ptrace");
    private static final CFunction SIGEMPTYSET = function("sigemptyset");
    private static final CFunction SIGADDSET = function("sigaddset");
    private static final CFunction SPAWN = function("posix_spawn");
    private static final CFunction ATTR_INIT = function("posix_spawnattr_init");
    private static final CFunction ATTR_DESTROY = function("posix_spawnattr_destroy");
    private static final CFunction ATTR_SETFLAGS = function("posix_spawnattr_setflags");
    private static final CFunction ATTR_SETSIGMASK = function("posix_spawnattr_setsigmask");
    private static final CFunction ATTR_SETSIGDEFAULT = function("posix_spawnattr_setsigdefault");
    private static final CFunction ACTIONS_INIT = function("posix_spawn_file_actions_init");
    private static final CFunction ACTIONS_DESTROY = function("posix_spawn_file_actions_destroy");
    private static final CFunction ACTIONS_DUP2 = function("posix_spawn_file_actions_adddup2");
    private static final CFunction ACTIONS_CHDIR = function("posix_spawn_file_actions_addchdir_np");
    private static final CFunction ACTIONS_CLOSEFROM = function("posix_spawn_file_actions_addclosefrom_np");
    private static final CFunction STRERROR = function("strerror");
    private static final CFunction STRERRORNAME = function("strerrorname_np");

    private Libc() {
    }

    /**
     * Sets this class up: finds every C function it calls. A C library without one of them fails here (an
     * UnsupportedOperationException that names it, in this class's initialisation).
     */
    static void requireFunctions() {
        // the class initialisation, which this call triggers, does the work
    }

    /**
     * Makes the downcall handles every call here goes through: for a thread that will start processes to
     * call while it waits for its first, beside the runtime's start.
     */
    static void linkDowncalls() {
        CFunction.link();
    }

    /** pipe2(O_CLOEXEC): {read end, write end}, neither inherited by any child unless dup2'd to 0, 1 or 2. */
    static int[] pipe(String what) throws IOException {
        return pipe(what, 0);
    }

    /** {@link #pipe(String)} with more of pipe2's flags (O_NONBLOCK). */
    static int[] pipe(String what, int flags) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment fds = a.allocate(JAVA_INT, 2);
            MemorySegment st = CFunction.callState(a);
            check(PIPE2.call(st, fds.address(), O_CLOEXEC | flags), st, "pipe2 (" + what + ")");
            return new int[] {fds.getAtIndex(JAVA_INT, 0), fds.getAtIndex(JAVA_INT, 1)};
        }
    }

    /** open(2) with O_CLOEXEC added; the file's name is in the message of a failure. */
    static int open(String path, int flags, int mode) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment st = CFunction.callState(a);
            MemorySegment name = a.allocateFrom(path);
            return check(OPEN.call(st, name.address(), flags | O_CLOEXEC, mode), st, "open " + path);
        }
    }

    static void close(int fd) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment st = CFunction.callState(a);
            check(CLOSE.call(st, fd), st, "close(" + fd + ")");
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
            MemorySegment st = CFunction.callState(a);
            while (true) {
                int r = (int) WAITPID.call(st, (int) pid, status.address(), options);
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
            long r = READ.call(callState, fd, into.address(), into.byteSize());
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
            long r = WRITE.call(callState, fd, rest.address(), rest.byteSize());
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
        int r = (int) POLL.call(callState, fds.address(), count, timeoutMs);
        if (r == -1 && errno(callState) == EINTR) {
            return 0;
        }
        return check(r, callState, "poll");
    }

    /** pidfd_open(pid, 0): a descriptor that polls readable once the process has ended. */
    static int pidfdOpen(long pid) throws IOException {
        CFunction pidfdOpen = PIDFD_OPEN.orElseThrow(
                () -> new IOException("pidfd_open: this C library does not have it (glibc 2.36 or newer)"));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment st = CFunction.callState(a);
            return check(pidfdOpen.call(st, (int) pid, 0), st, "pidfd_open(" + pid + ")");
        }
    }

    /** Room for the errno of a call, for callers that make many calls with one. */
    static MemorySegment callState(Arena arena) {
        return CFunction.callState(arena);
    }

    static void kill(long pid, int signal) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment st = CFunction.callState(a);
            check(KILL.call(st, (int) pid, signal), st, "kill(" + pid + ", " + signal + ")");
        }
    }

    /** A ptrace request whose result is only success or failure; {@code name} is for the message. */
    static void ptrace(int request, String name, long pid, long addr, long data) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment st = CFunction.callState(a);
            long r = PTRACE.call(st, request, (int) pid, addr, data);
            if (r == -1) {
                throw failure("ptrace(" + name + ", " + pid + ")", errno(st));
            }
        }
    }

    /** A sigset_t in {@code arena} holding {@code signals} (none: the empty set). */
    static MemorySegment sigset(Arena arena, int... signals) throws IOException {
        MemorySegment set = arena.allocate(SIGSET_SIZE, 8);
        MemorySegment st = CFunction.callState(arena);
        check(SIGEMPTYSET.call(st, set.address()), st, "sigemptyset");
        for (int s : signals) {
            check(SIGADDSET.call(st, set.address(), s), st, "sigaddset(" + s + ")");
        }
        return set;
    }

    /** posix_spawn; the child's pid. {@code argv} and {@code envp} are NULL-terminated arrays of C strings. */
    static long spawn(MemorySegment path, MemorySegment actions, MemorySegment attr, MemorySegment argv,
            MemorySegment envp, String what) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment pid = a.allocate(JAVA_INT);
            spawnCheck(SPAWN.call(pid.address(), path.address(), actions.address(), attr.address(), argv.address(),
                    envp.address()), "posix_spawn " + what);
            return pid.get(JAVA_INT, 0);
        }
    }

    static MemorySegment spawnAttributes(Arena arena) throws IOException {
        MemorySegment attr = arena.allocate(SPAWN_ATTR_SIZE, 16);
        spawnCheck(ATTR_INIT.call(attr.address()), "posix_spawnattr_init");
        return attr;
    }

    static void destroyAttributes(MemorySegment attr) throws IOException {
        spawnCheck(ATTR_DESTROY.call(attr.address()), "posix_spawnattr_destroy");
    }

    static void setFlags(MemorySegment attr, short flags) throws IOException {
        spawnCheck(ATTR_SETFLAGS.call(attr.address(), flags), "posix_spawnattr_setflags");
    }

    static void setSignalMask(MemorySegment attr, MemorySegment set) throws IOException {
        spawnCheck(ATTR_SETSIGMASK.call(attr.address(), set.address()), "posix_spawnattr_setsigmask");
    }

    static void setSignalDefaults(MemorySegment attr, MemorySegment set) throws IOException {
        spawnCheck(ATTR_SETSIGDEFAULT.call(attr.address(), set.address()), "posix_spawnattr_setsigdefault");
    }

    static MemorySegment fileActions(Arena arena) throws IOException {
        MemorySegment actions = arena.allocate(FILE_ACTIONS_SIZE, 16);
        spawnCheck(ACTIONS_INIT.call(actions.address()), "posix_spawn_file_actions_init");
        return actions;
    }

    static void destroyFileActions(MemorySegment actions) throws IOException {
        spawnCheck(ACTIONS_DESTROY.call(actions.address()), "posix_spawn_file_actions_destroy");
    }

    static void addDup2(MemorySegment actions, int fd, int target) throws IOException {
        spawnCheck(ACTIONS_DUP2.call(actions.address(), fd, target), "posix_spawn_file_actions_adddup2");
    }

    /** glibc 2.29 and newer. */
    static void addChdir(MemorySegment actions, MemorySegment dir) throws IOException {
        spawnCheck(ACTIONS_CHDIR.call(actions.address(), dir.address()), "posix_spawn_file_actions_addchdir_np");
    }

    /** glibc 2.34 and newer: the child closes every descriptor from {@code from} on before it execs. */
    static void addCloseFrom(MemorySegment actions, int from) throws IOException {
        spawnCheck(ACTIONS_CLOSEFROM.call(actions.address(), from), "posix_spawn_file_actions_addclosefrom_np");
    }

    /** "ENOENT (No such file or directory)": the errno's name and its text. */
    static String describe(int errno) {
        try {
            long name = STRERRORNAME.call(errno);
            long text = STRERROR.call(errno);
            String n = name == 0 ? "errno " + errno : cString(name);
            return n + " (" + cString(text) + ")";
        } catch (RuntimeException e) {
            return "errno " + errno;
        }
    }

    static IOException failure(String call, int errno) {
        return new IOException(call + ": " + describe(errno));
    }

    /** The errno a call left in its call-state segment. */
    static int errno(MemorySegment callState) {
        return CFunction.errno(callState);
    }

    /** The int result of a call that returns -1 with errno set when it fails. */
    private static int check(long word, MemorySegment callState, String call) throws IOException {
        int result = (int) word;
        if (result == -1) {
            throw failure(call, errno(callState));
        }
        return result;
    }

    /** A call of the posix_spawn family: 0, or the error number (an int). */
    private static void spawnCheck(long word, String call) throws IOException {
        int error = (int) word;
        if (error != 0) {
            throw failure(call, error);
        }
    }

    private static String cString(long address) {
        return MemorySegment.ofAddress(address).reinterpret(4096).getString(0);
    }

    private static CFunction function(String name) {
        return CFunction.libc(name, "holding processes at exec needs Linux with glibc 2.34 or newer");
    }
}
