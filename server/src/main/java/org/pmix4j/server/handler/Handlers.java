package org.pmix4j.server.handler;

import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.event.EventService;
import org.pmix4j.server.modex.CommitHandler;
import org.pmix4j.server.modex.FenceCoordinator;
import org.pmix4j.server.modex.FenceHandler;
import org.pmix4j.server.modex.GetHandler;
import org.pmix4j.server.modex.ModexStore;
import org.pmix4j.wire.protocol.PmixCommand;

/** The table of wire commands this server serves and the handler of each. */
public final class Handlers {
    private Handlers() {
    }

    public static void install(ServerCore core) {
        core.handle(PmixCommand.REQ_JOB_INFO, new JobInfoHandler());
        core.handle(PmixCommand.FINALIZE, new FinalizeHandler());
        core.handle(PmixCommand.ABORT, new AbortHandler());
        ModexStore modex = new ModexStore(core.config().bufferKind());
        FenceCoordinator fences = new FenceCoordinator(core);
        core.provide(ModexStore.class, modex);
        core.provide(FenceCoordinator.class, fences);
        core.addPeerListener(modex);
        core.addPeerListener(fences);
        core.handle(PmixCommand.COMMIT, new CommitHandler());
        core.handle(PmixCommand.FENCE, new FenceHandler());
        core.handle(PmixCommand.GET, new GetHandler());
        EventService events = new EventService(core);
        core.provide(EventService.class, events);
        core.addPeerListener(events);
        core.handle(PmixCommand.REGISTER_EVENTS, new RegisterEventsHandler());
        core.handle(PmixCommand.DEREGISTER_EVENTS, new DeregisterEventsHandler());
        core.handle(PmixCommand.NOTIFY, new NotifyHandler());
        ServiceHandlers.install(core);
    }
}
