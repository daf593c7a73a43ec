package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * ALLOC ({@code PMIx_Allocation_request_nb}): ALLOC_DIRECTIVE directive, SIZE n, INFO[n] (what to allocate).
 * Answered with a {@link StatusInfosReply}.
 */
public record AllocRequest(AllocDirective directive, List<Info> info) implements RequestMessage {
    public AllocRequest {
        info = List.copyOf(info);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.ALLOC;
    }

    @Override
    public void writeBody(Packer p) {
        p.pack(directive).sizedInfos(info);
    }

    public static AllocRequest read(Unpacker u) {
        AllocDirective directive = (AllocDirective) u.unpackOne(DataType.ALLOC_DIRECTIVE);
        return new AllocRequest(directive, u.sizedInfos("allocation directives"));
    }
}
