package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * JOB_CONTROL ({@code PMIx_Job_control_nb}): SIZE n, PROC[n] (the targets, no pack when n is 0: the
 * requester's job), SIZE m, INFO[m] (the directives). Answered with a {@link StatusInfosReply}, or a bare
 * {@link StatusReply} when the server handled every directive itself (cleanup registrations).
 */
public record JobControlRequest(List<Proc> targets, List<Info> directives) implements RequestMessage {
    public JobControlRequest {
        targets = List.copyOf(targets);
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.JOB_CONTROL;
    }

    @Override
    public void writeBody(Packer p) {
        MessageFields.writeProcs(p, targets);
        p.sizedInfos(directives);
    }

    public static JobControlRequest read(Unpacker u) {
        List<Proc> targets = MessageFields.readProcs(u, "job control targets");
        return new JobControlRequest(targets, u.sizedInfos("job control directives"));
    }
}
