package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.Executor;
import org.pmix4j.api.Attributes;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.FabricUpdateRequest;

/**
 * FABRIC_UPDATE → the host's {@code fabric} upcall (UPDATE, libpmix's PMIX_FABRIC_UPDATE_INFO) with the one
 * directive PMIX_FABRIC_INDEX, as libpmix builds it. Reply ({@code fabric_cbfunc}): a
 * {@link org.pmix4j.wire.message.StatusInfosReply}; bare STATUS -47 without the upcall.
 */
public final class FabricUpdateHandler implements CommandHandler<FabricUpdateRequest> {
    private final HostModule host;
    private final Executor loop;

    public FabricUpdateHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, FabricUpdateRequest update) {
        InfoReplies.statusSizeInfos(loop, req, host.fabric(req.peer().proc(), HostModule.FabricOperation.UPDATE,
                List.of(Attributes.FABRIC_INDEX.info(update.fabricIndex()))));
    }
}
