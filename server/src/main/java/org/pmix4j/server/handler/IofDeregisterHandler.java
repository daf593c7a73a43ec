package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.iof.IofRouter;
import org.pmix4j.wire.Unpacker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * IOF_DEREG: {@code SIZE n, INFO[n]} (directives), {@code SIZE} this server's id of the request (the one
 * IOF_PULL answered). The request is dropped (PMIX_ERR_NOT_FOUND when the peer has none with that id) and
 * the host told through {@code iofPull} with the directives plus PMIX_IOF_STOP and no sources, as libpmix
 * does. Reply: STATUS — success once the host has been told, whatever it answered (libpmix ignores it too).
 */
public final class IofDeregisterHandler implements CommandHandler<UndeclaredRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(IofDeregisterHandler.class);

    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        List<Info> directives = new ArrayList<>(in.sizedInfos("IOF deregistration directives"));
        long id = in.size();
        IofRouter router = req.server().service(IofRouter.class);
        if (id < 0 || id > Integer.MAX_VALUE || !router.deregister(req.peer(), (int) id)) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, req.peer() + " has no IO forwarding request " + id);
        }
        directives.add(Attributes.IOF_STOP.info(true));
        req.server().host().iofPull(List.of(), directives, IofChannel.NONE).whenCompleteAsync((ok, err) -> {
            if (err != null) {
                LOG.debug("host on the end of IO forwarding request {}: {}", id, err.getMessage());
            }
            req.replyStatus(PmixStatus.PMIX_SUCCESS);
        }, req.server().loop());
    }
}
