package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * FABRIC_REGISTER ({@code PMIx_Fabric_register_nb}): SIZE n, INFO[n]. Answered with a
 * {@link StatusInfosReply} (the fabric's description).
 */
public record FabricRegisterRequest(List<Info> directives) implements RequestMessage {
    public FabricRegisterRequest {
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.FABRIC_REGISTER;
    }

    @Override
    public void writeBody(Packer p) {
        p.sizedInfos(directives);
    }

    public static FabricRegisterRequest read(Unpacker u) {
        return new FabricRegisterRequest(u.sizedInfos("fabric directives"));
    }
}
