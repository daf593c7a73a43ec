package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * GROUP_DESTRUCT ({@code PMIx_Group_destruct_nb}): STRING group id, SIZE n, INFO[n]. Answered with a
 * {@link StatusReply} once every member has called.
 */
public record GroupDestructRequest(String groupId, List<Info> directives) implements RequestMessage {
    public GroupDestructRequest {
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.GROUP_DESTRUCT;
    }

    @Override
    public void writeBody(Packer p) {
        p.string(groupId).sizedInfos(directives);
    }

    public static GroupDestructRequest read(Unpacker u) {
        String groupId = u.string();
        return new GroupDestructRequest(groupId, u.sizedInfos("group directives"));
    }
}
