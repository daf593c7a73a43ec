package org.pmix4j.runtime.debug;

/** Finds the {@link Signaller} of this JVM once (its class file is compiled for 22, as {@link SessionSpawns}'). */
final class Signallers {
    private static final String IMPLEMENTATION = "org.pmix4j.runtime.debug.LibcSignaller";

    static final Signaller AVAILABLE = find();

    private Signallers() {
    }

    private static Signaller find() {
        if (Runtime.version().feature() < 22) {
            return null;
        }
        try {
            return (Signaller) Class.forName(IMPLEMENTATION).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null; // the kill program does the same more slowly
        }
    }
}
