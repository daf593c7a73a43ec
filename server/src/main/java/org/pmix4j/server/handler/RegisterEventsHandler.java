package org.pmix4j.server.handler;

import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.event.EventService;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.message.RegisterEventsRequest;

/**
 * REGISTER_EVENTS (no codes: a default handler). Answered with a STATUS; then the cached events the new
 * registration takes follow on tag 0, after the answer, so that the client has its handler confirmed before
 * they arrive.
 */
public final class RegisterEventsHandler implements CommandHandler<RegisterEventsRequest> {
    private final EventService events;

    public RegisterEventsHandler(EventService events) {
        this.events = events;
    }

    @Override
    public void handle(Request req, RegisterEventsRequest registration) {
        Peer peer = req.peer();
        events.register(peer, registration.codes(), registration.directives()).thenAccept(status -> {
            req.replyStatus(status);
            if (status == PmixStatus.PMIX_SUCCESS) {
                events.replayCached(peer);
            }
        });
    }
}
