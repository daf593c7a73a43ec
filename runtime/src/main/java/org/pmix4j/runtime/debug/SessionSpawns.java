package org.pmix4j.runtime.debug;

/** Finds the {@link SessionSpawn} of this JVM once: only a JVM of 22 or newer loads its class file. */
final class SessionSpawns {
    private static final String IMPLEMENTATION = "org.pmix4j.runtime.debug.PosixSessionSpawn";

    static final SessionSpawn AVAILABLE = find();

    private SessionSpawns() {
    }

    private static SessionSpawn find() {
        if (Runtime.version().feature() < 22) {
            return null;
        }
        try {
            return (SessionSpawn) Class.forName(IMPLEMENTATION).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null; // the JDK's start, with the setsid program, does the same more slowly
        }
    }
}
