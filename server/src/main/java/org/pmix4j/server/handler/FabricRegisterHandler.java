package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;

/**
 * FABRIC_REGISTER: {@code SIZE n, INFO[n]} → the host's {@code fabric} upcall (REGISTER, libpmix's
 * PMIX_FABRIC_REQUEST_INFO). Reply ({@code fabric_cbfunc}): STATUS, SIZE, INFO[] (the fabric's
 * description); bare STATUS -47 without the upcall. libpmix first asks its own network plugins, which a
 * stock build does not have for this; pmix4j has none.
 */
public final class FabricRegisterHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        List<Info> directives = req.body().sizedInfos("fabric directives");
        InfoReplies.statusSizeInfos(req, req.server().host().fabric(req.peer().proc(),
                HostModule.FabricOperation.REGISTER, directives));
    }
}
