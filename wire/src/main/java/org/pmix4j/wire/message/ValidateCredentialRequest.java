package org.pmix4j.wire.message;

import java.util.List;
import java.util.Objects;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * VALIDATE_CREDENTIAL ({@code PMIx_Validate_credential_nb}): BYTE_OBJECT credential, SIZE n, INFO[n].
 * Answered with a {@link StatusInfosReply}.
 */
public record ValidateCredentialRequest(ByteObject credential, List<Info> directives) implements RequestMessage {
    public ValidateCredentialRequest {
        Objects.requireNonNull(credential, "credential");
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.VALIDATE_CREDENTIAL;
    }

    @Override
    public void writeBody(Packer p) {
        p.byteObject(credential).sizedInfos(directives);
    }

    public static ValidateCredentialRequest read(Unpacker u) {
        ByteObject credential = new ByteObject(u.byteObject());
        return new ValidateCredentialRequest(credential, u.sizedInfos("validation directives"));
    }
}
