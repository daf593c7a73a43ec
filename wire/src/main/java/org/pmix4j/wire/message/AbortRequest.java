package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * ABORT: STATUS status, STRING message, SIZE n, PROC[n] (no pack when n is 0: the requester's whole job).
 * Answered with a {@link StatusReply} (which libpmix ignores).
 */
public record AbortRequest(int status, String message, List<Proc> procs) implements RequestMessage {
    public AbortRequest {
        procs = List.copyOf(procs);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.ABORT;
    }

    @Override
    public void writeBody(Packer p) {
        p.status(status).string(message);
        MessageFields.writeProcs(p, procs);
    }

    public static AbortRequest read(Unpacker u) {
        int status = u.status();
        String message = u.string();
        return new AbortRequest(status, message, MessageFields.readProcs(u, "procs to abort"));
    }
}
