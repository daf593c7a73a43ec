package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/** GET_CREDENTIAL ({@code PMIx_Get_credential_nb}): SIZE n, INFO[n]. Answered with a {@link CredentialReply}. */
public record GetCredentialRequest(List<Info> directives) implements RequestMessage {
    public GetCredentialRequest {
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.GET_CREDENTIAL;
    }

    @Override
    public void writeBody(Packer p) {
        p.sizedInfos(directives);
    }

    public static GetCredentialRequest read(Unpacker u) {
        return new GetCredentialRequest(u.sizedInfos("credential directives"));
    }
}
