package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.FabricRegisterRequest;

/**
 * FABRIC_REGISTER → the host's {@code fabric} upcall (REGISTER, libpmix's PMIX_FABRIC_REQUEST_INFO). Reply
 * ({@code fabric_cbfunc}): a {@link org.pmix4j.wire.message.StatusInfosReply} (the fabric's description);
 * bare STATUS -47 without the upcall. libpmix first asks its own network plugins, which a stock build does
 * not have for this; pmix4j has none.
 */
public final class FabricRegisterHandler implements CommandHandler<FabricRegisterRequest> {
    private final HostModule host;
    private final Executor loop;

    public FabricRegisterHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, FabricRegisterRequest register) {
        InfoReplies.statusSizeInfos(loop, req, host.fabric(req.peer().proc(), HostModule.FabricOperation.REGISTER,
                register.directives()));
    }
}
