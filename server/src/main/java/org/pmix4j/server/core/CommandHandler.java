package org.pmix4j.server.core;

import org.pmix4j.wire.message.RequestMessage;

/**
 * Serves one wire command. It receives the request already read into its record and answers with
 * {@link Request#reply} now or later (after a host upcall, a collective, a commit it waits for). Throwing a
 * {@link org.pmix4j.api.PmixException} answers with its status ({@link ServerCore}'s one error map).
 *
 * @param <M> the command's request record
 */
@FunctionalInterface
public interface CommandHandler<M extends RequestMessage> {
    void handle(Request request, M message);
}
