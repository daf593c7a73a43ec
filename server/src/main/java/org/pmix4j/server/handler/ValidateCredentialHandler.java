package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Unpacker;

/**
 * VALIDATE_CRED: {@code BYTE_OBJECT credential, SIZE n, INFO[n]} → the host's {@code validateCredential}
 * upcall. Reply ({@code validate_cbfunc}): STATUS, SIZE, INFO[]; bare STATUS -47 without the upcall.
 */
public final class ValidateCredentialHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        byte[] credential = in.byteObject();
        List<Info> directives = in.sizedInfos("validation directives");
        InfoReplies.statusSizeInfos(req, req.server().host().validateCredential(req.peer().proc(),
                credential == null ? new byte[0] : credential, directives));
    }
}
