package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.iof.IofRouter;
import org.pmix4j.wire.message.IofDeregisterRequest;

/**
 * IOF_DEREGISTER names this server's id of a request (the one IOF_PULL answered). The request is dropped
 * (PMIX_ERR_NOT_FOUND when the peer has none with that id) and the host told through {@code iofPull} with
 * PMIX_IOF_STOP added to the directives, as libpmix does, but also with the sources, channels and directives
 * of the pull that ends ({@link HostIofPulls}; libpmix names no sources). Reply: STATUS — success once the host
 * has been told, whatever it answered (libpmix ignores it too).
 */
public final class IofDeregisterHandler implements CommandHandler<IofDeregisterRequest> {
    private static final Log LOG = Log.of(IofDeregisterHandler.class);

    private final IofRouter router;
    private final HostIofPulls told;
    private final Executor loop;

    IofDeregisterHandler(IofRouter router, HostIofPulls told, Executor loop) {
        this.router = router;
        this.told = told;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, IofDeregisterRequest deregister) {
        long id = deregister.serverId();
        if (id < 0 || id > Integer.MAX_VALUE || !router.deregister(req.peer(), (int) id)) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, req.peer() + " has no IO forwarding request " + id);
        }
        told.ended(req.peer(), (int) id, deregister.directives()).whenCompleteAsync((ok, err) -> {
            if (err != null) {
                LOG.debug("host on the end of IO forwarding request {}: {}", id, err.getMessage());
            }
            req.replyStatus(PmixStatus.PMIX_SUCCESS);
        }, loop);
    }
}
