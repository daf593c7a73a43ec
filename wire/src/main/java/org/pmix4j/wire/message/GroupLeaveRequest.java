package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * GROUP_LEAVE ({@code PMIx_Group_leave_nb}): STRING group id, SIZE n, INFO[n]. Answered with a
 * {@link StatusReply}: PMIX_ERR_NOT_SUPPORTED from libpmix 4.2.2's server, which has no handler for it.
 */
public record GroupLeaveRequest(String groupId, List<Info> directives) implements RequestMessage {
    public GroupLeaveRequest {
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.GROUP_LEAVE;
    }

    @Override
    public void writeBody(Packer p) {
        p.string(groupId).sizedInfos(directives);
    }

    public static GroupLeaveRequest read(Unpacker u) {
        String groupId = u.string();
        return new GroupLeaveRequest(groupId, u.sizedInfos("group directives"));
    }
}
