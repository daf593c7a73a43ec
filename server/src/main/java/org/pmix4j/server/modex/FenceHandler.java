package org.pmix4j.server.modex;

import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.FenceRequest;

/** FENCE: hands the request to the fence coordinator, which answers with a STATUS when it completes. */
public final class FenceHandler implements CommandHandler<FenceRequest> {
    private final FenceCoordinator fences;

    public FenceHandler(FenceCoordinator fences) {
        this.fences = fences;
    }

    @Override
    public void handle(Request req, FenceRequest fence) {
        fences.arrive(req, fence.procs(), fence.directives());
    }
}
