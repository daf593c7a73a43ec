package org.pmix4j.wire.message;

import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * GROUP_INVITE: libpmix 4.2.2 defines the command but never sends it (joining and inviting are done with
 * events there), so it has no body: the command alone. A server answers it with a {@link StatusReply}
 * PMIX_ERR_NOT_SUPPORTED, as libpmix's does, without reading anything.
 */
public record GroupInviteRequest() implements RequestMessage {
    @Override
    public PmixCommand command() {
        return PmixCommand.GROUP_INVITE;
    }

    @Override
    public void writeBody(Packer p) {
        // no body
    }

    public static GroupInviteRequest read(Unpacker u) {
        return new GroupInviteRequest();
    }
}
