package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.event.EventService;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DEREGEVENTS: a run of STATUS packs, the codes whose last handler the peer removed (INT32_MIN for its
 * default handler); possibly none. Never answered: a libpmix client posts no receive for it and would
 * take a reply for an unexpected message.
 */
public final class DeregisterEventsHandler implements CommandHandler<UndeclaredRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(DeregisterEventsHandler.class);

    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        List<Integer> codes = new ArrayList<>();
        try {
            while (in.hasRemaining()) {
                codes.add(in.status());
            }
        } catch (WireFormatException e) {
            // like libpmix, act on the codes read before the garbage; there is no answer to carry an error
            LOG.warn("malformed DEREGEVENTS from {} after {} code(s): {}", req.peer(), codes.size(), e.getMessage());
        }
        req.server().service(EventService.class).deregister(req.peer(), codes);
    }
}
