package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Packer;

/**
 * GET_CREDENTIAL: {@code SIZE n, INFO[n]} → the host's {@code getCredential} upcall. Reply
 * ({@code cred_cbfunc}): STATUS, and on success BYTE_OBJECT credential, SIZE, INFO[]. Without the upcall
 * a bare STATUS -47, as libpmix's server answers a client (libpmix makes a native credential itself only
 * for its own process or an unconnected one, never for a request that arrives here).
 */
public final class GetCredentialHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        List<Info> directives = req.body().sizedInfos("credential directives");
        HostReplies.whenDone(req, req.server().host().getCredential(req.peer().proc(), directives), (cred, status) -> {
            if (status != PmixStatus.PMIX_SUCCESS) {
                req.replyStatus(status);
                return;
            }
            Packer p = req.packer().status(status);
            p.byteObject(cred == null || cred.credential() == null ? new byte[0] : cred.credential());
            p.sizedInfos(cred == null || cred.info() == null ? List.of() : cred.info());
            req.reply(p);
        });
    }
}
