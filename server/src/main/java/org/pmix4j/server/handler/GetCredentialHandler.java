package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.Executor;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.CredentialReply;
import org.pmix4j.wire.message.GetCredentialRequest;

/**
 * GET_CREDENTIAL → the host's {@code getCredential} upcall. Reply ({@code cred_cbfunc}): a
 * {@link CredentialReply}; a failure is a bare STATUS, and so is the -47 without the upcall, as libpmix's
 * server answers a client (libpmix makes a native credential itself only for its own process or an
 * unconnected one, never for a request that arrives here).
 */
public final class GetCredentialHandler implements CommandHandler<GetCredentialRequest> {
    private final HostModule host;
    private final Executor loop;

    public GetCredentialHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, GetCredentialRequest request) {
        HostReplies.whenDone(loop, host.getCredential(req.peer().proc(), request.directives()), (cred, status) -> {
            if (status != PmixStatus.PMIX_SUCCESS) {
                req.replyStatus(status);
                return;
            }
            req.reply(new CredentialReply(status,
                    cred == null || cred.credential() == null ? ByteObject.EMPTY : new ByteObject(cred.credential()),
                    cred == null || cred.info() == null ? List.of() : cred.info()));
        });
    }
}
