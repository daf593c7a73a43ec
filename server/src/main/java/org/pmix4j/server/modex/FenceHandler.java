package org.pmix4j.server.modex;

import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.message.FenceRequest;

/** FENCE: the caller joins the fence over its process set in the collective engine, which answers with a STATUS. */
public final class FenceHandler implements CommandHandler<FenceRequest> {
    private final Collectives collectives;

    public FenceHandler(Collectives collectives) {
        this.collectives = collectives;
    }

    @Override
    public void handle(Request req, FenceRequest fence) {
        ServerCore server = req.server();
        var procs = Fence.participants(req.peer().proc(), fence.procs());
        collectives.join(Fence.key(procs), procs, req, fence.directives(), () -> new Fence(server.host(),
                server.service(ModexStore.class), server.service(JobStore.class), server.config().bufferKind()));
    }
}
