package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.AllocRequest;

/**
 * ALLOC → the host's {@code allocate} upcall. Reply ({@code alloc_cbfunc}): a
 * {@link org.pmix4j.wire.message.StatusInfosReply}; bare STATUS -47 without the upcall.
 */
public final class AllocHandler implements CommandHandler<AllocRequest> {
    private final HostModule host;
    private final Executor loop;

    public AllocHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, AllocRequest alloc) {
        InfoReplies.statusSizeInfos(loop, req, host.allocate(req.peer().proc(), alloc.directive(), alloc.info()));
    }
}
