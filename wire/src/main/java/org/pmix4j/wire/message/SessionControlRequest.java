package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * SESSION_CTRL ({@code PMIx_Session_control}, OpenPMIx 5/6): UINT32 session id, SIZE n, INFO[n] (the
 * directives; no pack when n is 0). Answered with a {@link StatusInfosReply}. A session id of UINT32_MAX
 * (-1 here) means every session the requester controls.
 */
public record SessionControlRequest(int sessionId, List<Info> directives) implements RequestMessage {
    public SessionControlRequest {
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.SESSION_CTRL;
    }

    @Override
    public void writeBody(Packer p) {
        p.uint32(sessionId).sizedInfos(directives);
    }

    public static SessionControlRequest read(Unpacker u) {
        int id = u.uint32();
        return new SessionControlRequest(id, u.sizedInfos("session control directives"));
    }
}
