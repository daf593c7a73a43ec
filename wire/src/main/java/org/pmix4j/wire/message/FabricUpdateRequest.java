package org.pmix4j.wire.message;

import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * FABRIC_UPDATE ({@code PMIx_Fabric_update_nb}): SIZE the fabric's index. Answered with a
 * {@link StatusInfosReply} (the fabric's new description).
 */
public record FabricUpdateRequest(long fabricIndex) implements RequestMessage {
    @Override
    public PmixCommand command() {
        return PmixCommand.FABRIC_UPDATE;
    }

    @Override
    public void writeBody(Packer p) {
        p.size(fabricIndex);
    }

    public static FabricUpdateRequest read(Unpacker u) {
        return new FabricUpdateRequest(u.size());
    }
}
