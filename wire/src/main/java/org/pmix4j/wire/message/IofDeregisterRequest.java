package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * IOF_DEREGISTER ({@code PMIx_IOF_deregister}): SIZE n, INFO[n] (directives), SIZE the server's id of the
 * request (the one its {@link IofPullReply} gave). Answered with a {@link StatusReply}.
 */
public record IofDeregisterRequest(List<Info> directives, long serverId) implements RequestMessage {
    public IofDeregisterRequest {
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.IOF_DEREGISTER;
    }

    @Override
    public void writeBody(Packer p) {
        p.sizedInfos(directives).size(serverId);
    }

    public static IofDeregisterRequest read(Unpacker u) {
        List<Info> directives = u.sizedInfos("IOF deregistration directives");
        return new IofDeregisterRequest(directives, u.size());
    }
}
