package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;

/**
 * FINALIZE: the peer says goodbye. A client is marked finalized (so its exit is a clean one), the host
 * is told, and the reply goes out when the host is done; the client closes the socket after it.
 */
public final class FinalizeHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        ServerCore server = req.server();
        server.markFinalized(req.peer());
        if (!req.peer().isClient()) {
            req.replyStatus(PmixStatus.PMIX_SUCCESS);
            return;
        }
        server.host().clientFinalized(req.peer().proc()).whenCompleteAsync((ok, err) -> {
            int st = err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err);
            // a host without the upcall has nothing to object to
            req.replyStatus(st == PmixStatus.PMIX_ERR_NOT_SUPPORTED ? PmixStatus.PMIX_SUCCESS : st);
        }, server.loop());
    }
}
