package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Value;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.event.EventService;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.Unpacker;

/**
 * REGEVENTS: SIZE ncodes, STATUS[ncodes] (none: a default handler), SIZE ninfo, INFO[ninfo] (the
 * directives). Answered with a STATUS; then the cached events the new registration takes follow on tag 0,
 * after the answer, so that the client has its handler confirmed before they arrive.
 */
public final class RegisterEventsHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        int n = in.sizeCount("event codes");
        List<Integer> codes = new ArrayList<>(n);
        if (n > 0) {
            List<Value> packed = in.unpack(DataType.STATUS);
            if (packed.size() != n) {
                req.replyStatus(PmixStatus.PMIX_ERR_UNPACK_FAILURE);
                return;
            }
            for (Value v : packed) {
                codes.add(((Value.Status) v).code());
            }
        }
        List<Info> directives = in.sizedInfos("event registration directives");
        Peer peer = req.peer();
        EventService events = req.server().service(EventService.class);
        events.register(peer, codes, directives).thenAccept(status -> {
            req.replyStatus(status);
            if (status == PmixStatus.PMIX_SUCCESS) {
                events.replayCached(peer);
            }
        });
    }
}
