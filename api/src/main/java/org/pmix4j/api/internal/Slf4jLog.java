package org.pmix4j.api.internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link Log} over SLF4J, which formats the {@code {}} placeholders and takes a trailing throwable itself. */
final class Slf4jLog extends Log {
    private final Logger logger;

    Slf4jLog(Class<?> owner) {
        this.logger = LoggerFactory.getLogger(owner);
    }

    @Override
    public boolean isDebugEnabled() {
        return logger.isDebugEnabled();
    }

    @Override
    public void debug(String message, Object... args) {
        logger.debug(message, args);
    }

    @Override
    public void info(String message, Object... args) {
        logger.info(message, args);
    }

    @Override
    public void warn(String message, Object... args) {
        logger.warn(message, args);
    }

    @Override
    public void error(String message, Object... args) {
        logger.error(message, args);
    }
}
