package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.SessionControlRequest;

/**
 * SESSION_CTRL (OpenPMIx 5/6's PMIx_Session_control) → the host's {@code sessionControl} upcall with the
 * requester. Reply: a {@link org.pmix4j.wire.message.StatusInfosReply}; a bare STATUS (-47 with the
 * host's message) without the upcall. No 4.2.2 peer sends it; pmix4j's scheduler and runtime do.
 */
public final class SessionControlHandler implements CommandHandler<SessionControlRequest> {
    private final HostModule host;
    private final Executor loop;

    public SessionControlHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, SessionControlRequest control) {
        InfoReplies.statusSizeInfos(loop, req,
                host.sessionControl(req.peer().proc(), control.sessionId(), control.directives()));
    }
}
