package org.pmix4j.api.internal;

import java.lang.System.Logger.Level;

/** {@link Log} over the JDK's {@link System.Logger}; the message is formatted only when it will be written. */
final class PlatformLog extends Log {
    private final System.Logger logger;

    PlatformLog(String name) {
        this.logger = System.getLogger(name);
    }

    @Override
    public boolean isDebugEnabled() {
        return logger.isLoggable(Level.DEBUG);
    }

    @Override
    public void debug(String message, Object... args) {
        write(Level.DEBUG, message, args);
    }

    @Override
    public void info(String message, Object... args) {
        write(Level.INFO, message, args);
    }

    @Override
    public void warn(String message, Object... args) {
        write(Level.WARNING, message, args);
    }

    @Override
    public void error(String message, Object... args) {
        write(Level.ERROR, message, args);
    }

    private void write(Level level, String message, Object[] args) {
        if (!logger.isLoggable(level)) {
            return;
        }
        Throwable thrown = args.length > 0 && args[args.length - 1] instanceof Throwable t ? t : null;
        String text = Placeholders.fill(message, args, thrown == null ? args.length : args.length - 1);
        if (thrown != null) {
            logger.log(level, text, thrown);
        } else {
            logger.log(level, text);
        }
    }
}
