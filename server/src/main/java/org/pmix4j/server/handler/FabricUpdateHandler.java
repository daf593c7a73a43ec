package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;

/**
 * FABRIC_UPDATE: {@code SIZE fabric index} → the host's {@code fabric} upcall (UPDATE, libpmix's
 * PMIX_FABRIC_UPDATE_INFO) with the one directive PMIX_FABRIC_INDEX, as libpmix builds it. Reply
 * ({@code fabric_cbfunc}): STATUS, SIZE, INFO[]; bare STATUS -47 without the upcall.
 */
public final class FabricUpdateHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        long index = req.body().size();
        InfoReplies.statusSizeInfos(req, req.server().host().fabric(req.peer().proc(),
                HostModule.FabricOperation.UPDATE, List.of(Attributes.FABRIC_INDEX.info(index))));
    }
}
