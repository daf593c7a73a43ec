package org.pmix4j.api.internal;

import java.util.ServiceLoader;

/**
 * The logger every pmix4j library class writes to: SLF4J's when the application has an SLF4J provider
 * (logback, log4j2's bridge, slf4j-simple ...), else the JDK's own {@link System.Logger} (java.util.logging
 * unless the application installed another {@link System.LoggerFinder}).
 *
 * <p>Why not SLF4J alone: a library cannot pick the application's logging, and SLF4J without a provider
 * prints three warning lines at the first log call and then drops everything, warnings included; without
 * the slf4j-api jar at all, the first class that logs fails with NoClassDefFoundError. The JDK's logger is
 * always there and shows warnings and errors by default, which is what an embedder needs on first contact.
 * Messages use SLF4J's {@code {}} placeholders on both backends; a trailing {@link Throwable} argument is
 * logged with its stack trace.
 */
public abstract class Log {
    private static final boolean SLF4J = slf4jHasProvider();

    /** The logger of a class, named after it (so levels are set per package, as with any Java logging). */
    public static Log of(Class<?> owner) {
        return SLF4J ? new Slf4jLog(owner) : new PlatformLog(owner.getName());
    }

    /** Whether debug messages of this logger are written anywhere (to skip building costly ones). */
    public abstract boolean isDebugEnabled();

    public abstract void debug(String message, Object... args);

    public abstract void info(String message, Object... args);

    public abstract void warn(String message, Object... args);

    public abstract void error(String message, Object... args);

    /**
     * True when SLF4J's API is on the class or module path and a provider for it is too, found as SLF4J 2
     * finds it (the {@code slf4j.provider} property or a service). Looked at without calling SLF4J, so
     * that no warning is printed when there is none.
     */
    private static boolean slf4jHasProvider() {
        try {
            Class<?> service = Class.forName("org.slf4j.spi.SLF4JServiceProvider", false, Log.class.getClassLoader());
            if (System.getProperty("slf4j.provider") != null) {
                return true;
            }
            return ServiceLoader.load(service, Log.class.getClassLoader()).findFirst().isPresent();
        } catch (ClassNotFoundException | LinkageError | java.util.ServiceConfigurationError absent) {
            return false;
        }
    }
}
