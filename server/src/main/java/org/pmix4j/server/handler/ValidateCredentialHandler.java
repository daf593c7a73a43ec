package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.ValidateCredentialRequest;

/**
 * VALIDATE_CREDENTIAL → the host's {@code validateCredential} upcall. Reply ({@code validate_cbfunc}): a
 * {@link org.pmix4j.wire.message.StatusInfosReply}; bare STATUS -47 without the upcall.
 */
public final class ValidateCredentialHandler implements CommandHandler<ValidateCredentialRequest> {
    private final HostModule host;
    private final Executor loop;

    public ValidateCredentialHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, ValidateCredentialRequest validate) {
        InfoReplies.statusSizeInfos(loop, req, host.validateCredential(req.peer().proc(),
                validate.credential().bytes(), validate.directives()));
    }
}
