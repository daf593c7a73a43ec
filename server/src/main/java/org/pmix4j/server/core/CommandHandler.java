package org.pmix4j.server.core;

/**
 * Serves one wire command. It reads the rest of the request from {@link Request#body()} and answers with
 * {@link Request#reply} now or later (after a host upcall, a collective, a commit it waits for). Throwing
 * a {@link org.pmix4j.api.PmixException} answers with its status.
 */
@FunctionalInterface
public interface CommandHandler {
    void handle(Request request);
}
