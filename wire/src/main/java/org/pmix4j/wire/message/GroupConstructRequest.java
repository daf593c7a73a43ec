package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * GROUP_CONSTRUCT ({@code PMIx_Group_construct_nb}): STRING group id, SIZE n, PROC[n] (the members; libpmix
 * refuses n = 0 before sending, and no pack is written then), SIZE m, INFO[m]. Answered with a
 * {@link GroupConstructReply}.
 */
public record GroupConstructRequest(String groupId, List<Proc> members, List<Info> directives)
        implements RequestMessage {
    public GroupConstructRequest {
        members = List.copyOf(members);
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.GROUP_CONSTRUCT;
    }

    @Override
    public void writeBody(Packer p) {
        p.string(groupId);
        MessageFields.writeProcs(p, members);
        p.sizedInfos(directives);
    }

    public static GroupConstructRequest read(Unpacker u) {
        String groupId = u.string();
        List<Proc> members = MessageFields.readProcs(u, "group members");
        return new GroupConstructRequest(groupId, members, u.sizedInfos("group directives"));
    }
}
