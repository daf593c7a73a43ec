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
    public static <T> T instanceOrNull(String className) {
        return ForeignCalls.<T>load(className).part().orElse(null);
    }

    /** {@link #load(String, Class[], Object...)} with the class's constructor of no arguments. */
    public static <T> Loaded<T> load(String className) {
        return load(className, new Class<?>[0]);
    }

    /**
     * A new instance of {@code className}, a class of a src/main/java22 root, made with its public constructor
     * of parameter {@code types} given {@code args}; or why this JVM has none, for the caller to say after what
     * it does without ({@link Loaded#whyNot}).
     */
    @SuppressWarnings("unchecked")
    public static <T> Loaded<T> load(String className, Class<?>[] types, Object... args) {
        if (!available()) {
            return new Loaded<>(null, "needs a JDK " + FIRST_FEATURE + " or newer (this is "
                    + Runtime.version().feature() + ")");
        }
        try {
            java.lang.reflect.Constructor<?> make = Class.forName(className).getDeclaredConstructor(types);
            // a part may be its package's own, not public (the shared-memory store's writer): the caller names it
            make.setAccessible(true);
            return new Loaded<>((T) make.newInstance(args), null);
        } catch (ClassNotFoundException e) {
            return new Loaded<>(null, "is not in this build of pmix4j (it was built with a JDK older than "
                    + FIRST_FEATURE + ")");
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            Throwable why = e;
            while (why.getCause() != null) {
                why = why.getCause(); // the constructor's, its class initialisation's: usually the C library's reason
            }
            return new Loaded<>(null, "cannot be had here: " + (why.getMessage() != null ? why.getMessage()
                    : why.toString()));
        }
    }

    /** What {@link #load} gave: the part, or why there is none. */
    public static final class Loaded<T> {
        private final T part;
        private final String whyNot;

        private Loaded(T part, String whyNot) {
            this.part = part;
            this.whyNot = whyNot;
        }

        /** The instance, when it could be made. */
        public java.util.Optional<T> part() {
            return java.util.Optional.ofNullable(part);
        }

        /**
         * Why there is none, worded to follow the name of what is missing ("holding processes at exec " +
         * whyNot()); null when there is one.
         */
        public String whyNot() {
            return whyNot;
        }
    }
}
