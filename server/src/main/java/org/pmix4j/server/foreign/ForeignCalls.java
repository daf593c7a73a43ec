package org.pmix4j.server.foreign;

/**
 * Whether this JVM can call C through java.lang.foreign (final in JDK 22). The classes that do are compiled
 * for 22 from a source root of their own ({@code CFunction} and its callers in the server and the runtime);
 * code that must also run on JDK 21 asks here before it loads one.
 */
public final class ForeignCalls {
    /** The first JDK whose java.lang.foreign is final. */
    public static final int FIRST_FEATURE = 22;

    private ForeignCalls() {
    }

    /** Whether the running JVM is JDK 22 or newer. */
    public static boolean available() {
        return Runtime.version().feature() >= FIRST_FEATURE;
    }

    /**
     * A new instance of {@code className}, a class of a src/main/java22 root with a public constructor of no
     * arguments; null where there is none to have (a JDK older than 22, a build without it, a C library
     * without its calls), and the caller does without.
     */
    @SuppressWarnings("unchecked")
    public static <T> T instanceOrNull(String className) {
        if (!available()) {
            return null;
        }
        try {
            return (T) Class.forName(className).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null;
        }
    }
}
