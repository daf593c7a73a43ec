package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.IofPushRequest;

/**
 * IOF_PUSH (standard input from a tool): passed to the host's {@code pushStdin} with the sender as source
 * ({@code null} data at the end of input). Reply: STATUS.
 */
public final class IofPushHandler implements CommandHandler<IofPushRequest> {
    private final HostModule host;
    private final Executor loop;

    public IofPushHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, IofPushRequest push) {
        byte[] data = push.endOfInput() ? null : push.data().bytes();
        HostReplies.status(loop, req, host.pushStdin(req.peer().proc(), push.targets(), push.directives(), data));
    }
}
