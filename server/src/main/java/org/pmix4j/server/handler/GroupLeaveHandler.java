package org.pmix4j.server.handler;

import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.GroupLeaveRequest;

/**
 * GROUP_LEAVE: libpmix 4.2.2's server has no handler for it and answers PMIX_ERR_NOT_SUPPORTED; so does this
 * one (leaving a group is done with events in 4.2.2). It is served rather than left to the "no handler" path
 * so that a malformed request is still refused as one, as before.
 */
public final class GroupLeaveHandler implements CommandHandler<GroupLeaveRequest> {
    private static final Log LOG = Log.of(GroupLeaveHandler.class);

    @Override
    public void handle(Request req, GroupLeaveRequest leave) {
        LOG.debug("{} asked to leave group '{}': not supported by the PMIx 4.2.2 protocol", req.peer(), leave.groupId());
        req.replyStatus(PmixStatus.PMIX_ERR_NOT_SUPPORTED);
    }
}
