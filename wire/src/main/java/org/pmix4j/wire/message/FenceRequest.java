package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * FENCE ({@code PMIx_Fence_nb}): SIZE n, PROC[n] (no pack when n is 0), SIZE m, INFO[m]. Answered with a
 * {@link StatusReply} once every participant has arrived.
 */
public record FenceRequest(List<Proc> procs, List<Info> directives) implements RequestMessage {
    public FenceRequest {
        procs = List.copyOf(procs);
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.FENCE;
    }

    @Override
    public void writeBody(Packer p) {
        MessageFields.writeProcs(p, procs);
        p.sizedInfos(directives);
    }

    public static FenceRequest read(Unpacker u) {
        List<Proc> procs = MessageFields.readProcs(u, "fence participants");
        return new FenceRequest(procs, u.sizedInfos("fence directives"));
    }
}
