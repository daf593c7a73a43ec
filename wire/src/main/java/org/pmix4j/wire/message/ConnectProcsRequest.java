package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * CONNECT (PMIx_Connect; not the handshake, {@link org.pmix4j.wire.protocol.ConnectRequest}): SIZE n,
 * PROC[n] (no pack when n is 0), SIZE m, INFO[m] — the layout of a fence. Answered with a
 * {@link ConnectProcsReply}.
 */
public record ConnectProcsRequest(List<Proc> procs, List<Info> directives) implements RequestMessage {
    public ConnectProcsRequest {
        procs = List.copyOf(procs);
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.CONNECT;
    }

    @Override
    public void writeBody(Packer p) {
        MessageFields.writeProcs(p, procs);
        p.sizedInfos(directives);
    }

    public static ConnectProcsRequest read(Unpacker u) {
        List<Proc> procs = MessageFields.readProcs(u, "connect participants");
        return new ConnectProcsRequest(procs, u.sizedInfos("connect directives"));
    }
}
