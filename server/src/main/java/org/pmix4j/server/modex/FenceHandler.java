package org.pmix4j.server.modex;

import org.pmix4j.server.HostModule;
import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.message.FenceRequest;

/** FENCE: the caller joins the fence over its process set in the collective engine, which answers with a STATUS. */
public final class FenceHandler implements CommandHandler<FenceRequest> {
    private final Collectives collectives;
    private final HostModule host;
    private final ModexStore modex;
    private final JobStore jobs;
    private final BufferKind serverKind;

    public FenceHandler(Collectives collectives, HostModule host, ModexStore modex, JobStore jobs, BufferKind serverKind) {
        this.collectives = collectives;
        this.host = host;
        this.modex = modex;
        this.jobs = jobs;
        this.serverKind = serverKind;
    }

    @Override
    public void handle(Request req, FenceRequest fence) {
        var procs = Fence.participants(req.peer().proc(), fence.procs());
        collectives.join(Fence.key(procs), procs, req, fence.directives(),
                () -> new Fence(host, modex, jobs, serverKind));
    }
}
