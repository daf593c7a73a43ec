package org.pmix4j.wire.message;

import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * GROUP_JOIN: libpmix 4.2.2 defines the command but never sends it (joining and inviting are done with
 * events there), so it has no body: the command alone. A server answers it with a {@link StatusReply}
 * PMIX_ERR_NOT_SUPPORTED, as libpmix's does, without reading anything.
 */
public record GroupJoinRequest() implements RequestMessage {
    @Override
    public PmixCommand command() {
        return PmixCommand.GROUP_JOIN;
    }

    @Override
    public void writeBody(Packer p) {
        // no body
    }

    public static GroupJoinRequest read(Unpacker u) {
        return new GroupJoinRequest();
    }
}
