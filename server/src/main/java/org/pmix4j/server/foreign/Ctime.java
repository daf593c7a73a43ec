package org.pmix4j.server.foreign;

import java.time.ZonedDateTime;
import java.util.function.Supplier;
import org.pmix4j.wire.protocol.RendezvousContent;

/**
 * ctime()'s text of the present moment, without its newline ({@code "Sun Nov 29 06:12:05 2026"}), the last
 * line of a rendezvous file. On JDK 22+ it is the C library's own ({@code ctime_r}, as libpmix writes it);
 * otherwise java.time's. Why not java.time always: its first use of the local time zone reads and parses the
 * JDK's whole time-zone database twice (once for {@code TimeZone}, once for java.time's rules provider), ~20
 * ms of a fresh JVM's main thread at every server's start, where the C library reads /etc/localtime alone.
 */
public final class Ctime {
    private static final String IMPLEMENTATION = "org.pmix4j.server.foreign.LibcCtime";

    private Ctime() {
    }

    /** The text for now. */
    public static String now() {
        Supplier<String> libc = Libc.CTIME;
        if (libc != null) {
            try {
                return libc.get();
            } catch (RuntimeException e) {
                // the C library's failure (no such time): java.time's text instead
            }
        }
        return RendezvousContent.ctime(ZonedDateTime.now());
    }

    /** Whether the text comes from the C library here (for tests). */
    static boolean fromTheCLibrary() {
        return Libc.CTIME != null;
    }

    /** The C library's, found at the first call; null on a JDK 21 or a build without it. */
    private static final class Libc {
        static final Supplier<String> CTIME = ForeignCalls.instanceOrNull(IMPLEMENTATION);
    }
}
