package org.pmix4j.server.foreign;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.Supplier;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

/** {@link Ctime}'s text from the C library: {@code ctime_r} of the present second, its newline removed. */
final class LibcCtime implements Supplier<String> {
    private static final String NEED = "a rendezvous file's time line";
    private static final CFunction CTIME_R = CFunction.libc("ctime_r", NEED);
    /** ctime_r's buffer: at least 26 bytes by its contract. */
    private static final long ROOM = 64;

    @Override
    public String get() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seconds = arena.allocate(JAVA_LONG);
            seconds.set(JAVA_LONG, 0, System.currentTimeMillis() / 1000); // a time_t: 64 bits on Linux x86-64 and arm64
            MemorySegment text = arena.allocate(ROOM);
            if (CTIME_R.call(seconds.address(), text.address()) == 0) {
                throw new IllegalStateException("ctime_r failed");
            }
            return text.getString(0).strip();
        }
    }
}
