package org.pmix4j.runtime.debug;

import org.pmix4j.server.foreign.ForeignCalls;

/**
 * The implementations compiled for JDK 22 (src/main/java22, java.lang.foreign): each found once, at its first
 * use, and only on a JVM of 22 or newer (a JDK 21 never loads their class files); null where there is none
 * (an older JDK, a build without them, a C library without their calls), and the caller does without.
 */
final class Java22Parts {
    private Java22Parts() {
    }

    /**
     * {@link GroupSpawn}'s: without it the JDK's start, with the setsid program, makes the group more slowly
     * (and a session with it).
     */
    static final class Spawn {
        static final GroupSpawn AVAILABLE = ForeignCalls.instanceOrNull("org.pmix4j.runtime.debug.PosixGroupSpawn");
    }

    /** {@link Signaller}'s: without it the kill program does the same more slowly. */
    static final class Signals {
        static final Signaller AVAILABLE = ForeignCalls.instanceOrNull("org.pmix4j.runtime.debug.LibcSignaller");
    }
}
