package org.pmix4j.server.handler;

import org.pmix4j.api.internal.Log;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.event.EventService;
import org.pmix4j.wire.message.DeregisterEventsRequest;

/**
 * DEREGISTER_EVENTS: the codes whose last handler the peer removed. Never answered: a libpmix client posts
 * no receive for it and would take a reply for an unexpected message.
 */
public final class DeregisterEventsHandler implements CommandHandler<DeregisterEventsRequest> {
    private static final Log LOG = Log.of(DeregisterEventsHandler.class);

    private final EventService events;

    public DeregisterEventsHandler(EventService events) {
        this.events = events;
    }

    @Override
    public void handle(Request req, DeregisterEventsRequest deregistration) {
        if (deregistration.malformed() != null) {
            // like libpmix, act on the codes read before the garbage; there is no answer to carry an error
            LOG.warn("malformed DEREGEVENTS from {} after {} code(s): {}", req.peer(), deregistration.codes().size(),
                    deregistration.malformed());
        }
        events.deregister(req.peer(), deregistration.codes());
    }
}
