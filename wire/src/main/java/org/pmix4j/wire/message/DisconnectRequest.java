package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * DISCONNECT: the layout of {@link ConnectProcsRequest} (SIZE n, PROC[n], SIZE m, INFO[m]). Answered with a
 * {@link StatusReply}.
 */
public record DisconnectRequest(List<Proc> procs, List<Info> directives) implements RequestMessage {
    public DisconnectRequest {
        procs = List.copyOf(procs);
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.DISCONNECT;
    }

    @Override
    public void writeBody(Packer p) {
        MessageFields.writeProcs(p, procs);
        p.sizedInfos(directives);
    }

    public static DisconnectRequest read(Unpacker u) {
        List<Proc> procs = MessageFields.readProcs(u, "disconnect participants");
        return new DisconnectRequest(procs, u.sizedInfos("disconnect directives"));
    }
}
