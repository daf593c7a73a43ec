package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * IOF_PUSH ({@code PMIx_IOF_push}, standard input from a tool): SIZE n, PROC[n] (the targets, no pack when
 * n is 0), SIZE m, INFO[m], then BYTE_OBJECT data — or nothing, which means end of input ({@code data} is
 * null). Answered with a {@link StatusReply}.
 */
public record IofPushRequest(List<Proc> targets, List<Info> directives, ByteObject data) implements RequestMessage {
    public IofPushRequest {
        targets = List.copyOf(targets);
        directives = List.copyOf(directives);
    }

    /** Whether this push ends the input rather than carrying some. */
    public boolean endOfInput() {
        return data == null;
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.IOF_PUSH;
    }

    @Override
    public void writeBody(Packer p) {
        MessageFields.writeProcs(p, targets);
        p.sizedInfos(directives);
        if (data != null) {
            p.byteObject(data);
        }
    }

    public static IofPushRequest read(Unpacker u) {
        List<Proc> targets = MessageFields.readProcs(u, "stdin targets");
        List<Info> directives = u.sizedInfos("stdin directives");
        ByteObject data = u.hasRemaining() ? new ByteObject(u.byteObject()) : null;
        return new IofPushRequest(targets, directives, data);
    }
}
