package org.pmix4j.client.request;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;
import org.pmix4j.client.Credential;
import org.pmix4j.wire.message.CredentialReply;
import org.pmix4j.wire.message.GetCredentialRequest;
import org.pmix4j.wire.message.ValidateCredentialRequest;

/** Credentials the host's security service issues and checks. */
public final class CredentialRequests {
    private final RequestSender sender;

    public CredentialRequests(RequestSender sender) {
        this.sender = sender;
    }

    /** PMIx_Get_credential. */
    public CompletableFuture<Credential> get(List<Info> directives) {
        return sender.send(new GetCredentialRequest(directives), u -> {
            CredentialReply r = CredentialReply.read(u);
            r.check("get credential");
            return new Credential(r.credential(), r.info());
        });
    }

    /** PMIx_Validate_credential: what the host says about an accepted credential. */
    public CompletableFuture<List<Info>> validate(ByteObject credential, List<Info> directives) {
        return sender.sendForInfos(new ValidateCredentialRequest(credential, directives), "validate credential");
    }
}
