package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Unpacker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * GROUP_LEAVE: {@code STRING group id, SIZE n, INFO[n]}. libpmix 4.2.2's server has no handler for it and
 * answers PMIX_ERR_NOT_SUPPORTED; so does this one (leaving a group is done with events in 4.2.2).
 */
public final class GroupLeaveHandler implements CommandHandler<UndeclaredRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(GroupLeaveHandler.class);

    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        String id = in.string();
        in.sizedInfos("group leave directives");
        LOG.debug("{} asked to leave group '{}': not supported by the PMIx 4.2.2 protocol", req.peer(), id);
        req.replyStatus(PmixStatus.PMIX_ERR_NOT_SUPPORTED);
    }
}
