package org.pmix4j.server.foreign;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A C function that takes at most six integer or pointer arguments and returns one (or nothing), called
 * through java.lang.foreign with one downcall shape shared by every such function of pmix4j: six words in,
 * a word out ({@code long f(long, long, long, long, long, long)}), with or without errno captured.
 *
 * <p>Why one shape: the JDK makes a downcall handle per function descriptor by generating classes at run
 * time, a stub and a dozen method-handle forms, which no JDK 25 AOT cache keeps. With a descriptor per C
 * prototype, a launcher made 19 stubs and ~250 classes at every start (~130 ms of a two-core machine, and
 * the compiler's time to compile the class-file library it ran). With one shape, two stubs.
 *
 * <p>Why it is sound, on the platforms pmix4j runs on (Linux on x86-64 and arm64, whose C calling
 * conventions pass the first six integer and pointer arguments in registers): a callee reads only the
 * registers its prototype names, and of each only its type's width, so an int or short argument travels as
 * its sign-extended long (what clang's callees also assume) and the unused words are never read. An int
 * result is the low half of the result register ({@code (int) call(...)}); a pointer result is the whole
 * word. The shape is declared variadic from its first argument: on x86-64 a variadic callee ({@code open},
 * {@code ptrace}) needs the number of vector registers used in AL, which the JDK then sets (to 0); on arm64
 * Linux variadic arguments travel as the others do. Not for functions with floating-point or structure
 * arguments, nor more than six.
 *
 * <p>Pointer arguments are passed as addresses ({@link MemorySegment#address()}): the caller keeps the
 * memory alive over the call, as a confined arena around it does.
 */
@SuppressWarnings("restricted") // downcalls are restricted methods: the JVM runs with --enable-native-access
public final class CFunction {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final long ERRNO_OFFSET = CALL_STATE.byteOffset(MemoryLayout.PathElement.groupElement("errno"));
    private static final FunctionDescriptor WORDS =
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final int MAX_ARGUMENTS = 6;

    private final String name;
    private final MemorySegment address;

    private CFunction(String name, MemorySegment address) {
        this.name = name;
        this.address = address;
    }

    /**
     * The C library's function {@code name}; when it has none, an UnsupportedOperationException naming it and
     * {@code need}.
     */
    public static CFunction libc(String name, String need) {
        return findLibc(name).orElseThrow(() -> new UnsupportedOperationException(
                "the C library has no " + name + " (" + need + ")"));
    }

    /** The C library's function {@code name}, when it has one (newer glibc functions). */
    public static Optional<CFunction> findLibc(String name) {
        return LIBC.find(name).map(a -> new CFunction(name, a));
    }

    /** The function {@code name} of a library opened by the caller; {@code library} names it in the error. */
    public static CFunction in(SymbolLookup lookup, String library, String name) {
        return lookup.find(name).map(a -> new CFunction(name, a)).orElseThrow(
                () -> new UnsupportedOperationException(library + " has no " + name));
    }

    /**
     * Makes the two shared downcall handles now, rather than at the first call: for a thread to call while
     * it waits anyway, so that a time-critical first call does not generate them.
     */
    public static void link() {
        // calls through each (reading a holder's field initialises its class, which makes the handle): a
        // handle invoked from interpreted code is customized at its 128th call, java.lang.invoke's
        // CUSTOMIZE_THRESHOLD, which spins a lambda form of its own and MethodHandle$1, classes no AOT
        // cache keeps. Reached here rather than by the shared-memory store's unlocks in a job's fences
        CFunction getpid = libc("getpid", "to link the downcalls");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = callState(arena);
            for (int i = 0; i <= CUSTOMIZED_AT; i++) {
                getpid.call();
                getpid.call(state);
            }
        }
    }

    public String name() {
        return name;
    }

    /** Calls the function with {@code args} (at most six), errno not kept: the result register's word. */
    public long call(long... args) {
        checkCount(args);
        try {
            return (long) Plain.HANDLE.invokeExact(address, arg(args, 0), arg(args, 1), arg(args, 2), arg(args, 3),
                    arg(args, 4), arg(args, 5));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(name + ": " + t, t);
        }
    }

    /**
     * Calls the function with {@code args} (at most six), its errno kept in {@code callState} (from {@link
     * #callState}) for {@link #errno}: the JVM may itself change errno between the call and a later read.
     */
    public long call(MemorySegment callState, long... args) {
        checkCount(args);
        try {
            return (long) WithErrno.HANDLE.invokeExact(address, callState, arg(args, 0), arg(args, 1), arg(args, 2),
                    arg(args, 3), arg(args, 4), arg(args, 5));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(name + ": " + t, t);
        }
    }

    /** Room for the errno of calls, in {@code arena}; one serves many calls on one thread. */
    public static MemorySegment callState(Arena arena) {
        return arena.allocate(CALL_STATE);
    }

    /** The errno the last call given {@code callState} left. */
    public static int errno(MemorySegment callState) {
        return callState.get(JAVA_INT, ERRNO_OFFSET);
    }

    private void checkCount(long[] args) {
        if (args.length > MAX_ARGUMENTS) {
            throw new IllegalArgumentException(name + ": " + args.length + " arguments, at most " + MAX_ARGUMENTS);
        }
    }

    private static long arg(long[] args, int i) {
        return i < args.length ? args[i] : 0L;
    }

    /** The call at which java.lang.invoke customizes a handle invoked from interpreted code (its default). */
    private static final int CUSTOMIZED_AT = 128;

    /** The shared handle without errno, made at its first use (a holder class, initialised once). */
    private static final class Plain {
        static final MethodHandle HANDLE = LINKER.downcallHandle(WORDS, Linker.Option.firstVariadicArg(0));
    }

    /** The shared handle that captures errno; its second parameter is the call-state segment. */
    private static final class WithErrno {
        static final MethodHandle HANDLE = LINKER.downcallHandle(WORDS, Linker.Option.firstVariadicArg(0),
                Linker.Option.captureCallState("errno"));
    }
}
