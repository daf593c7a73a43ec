package org.pmix4j.server.handler;

import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.collective.ServerLocality;
import org.pmix4j.server.collective.Timers;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.event.EventService;
import org.pmix4j.server.modex.CommitHandler;
import org.pmix4j.server.modex.FenceHandler;
import org.pmix4j.server.modex.GetHandler;
import org.pmix4j.server.modex.ModexStore;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.message.FenceRequest;
import org.pmix4j.wire.message.UndeclaredRequest;
import org.pmix4j.wire.protocol.PmixCommand;

/** The table of wire commands this server serves and the handler of each. */
public final class Handlers {
    private Handlers() {
    }

    public static void install(ServerCore core) {
        core.handle(PmixCommand.REQ_JOB_INFO, UndeclaredRequest.class, new JobInfoHandler());
        core.handle(PmixCommand.FINALIZE, UndeclaredRequest.class, new FinalizeHandler());
        core.handle(PmixCommand.ABORT, UndeclaredRequest.class, new AbortHandler());
        ModexStore modex = new ModexStore(core.config().bufferKind());
        Collectives collectives = new Collectives(new ServerLocality(core.service(JobStore.class), core),
                Timers.of(core.loop()), core.loop());
        core.provide(ModexStore.class, modex);
        core.provide(Collectives.class, collectives);
        core.addPeerListener(modex);
        core.addPeerListener(collectives);
        core.handle(PmixCommand.COMMIT, UndeclaredRequest.class, new CommitHandler());
        core.handle(PmixCommand.FENCE, FenceRequest.class, new FenceHandler(collectives));
        core.handle(PmixCommand.GET, UndeclaredRequest.class, new GetHandler());
        EventService events = new EventService(core);
        core.provide(EventService.class, events);
        core.addPeerListener(events);
        core.handle(PmixCommand.REGISTER_EVENTS, UndeclaredRequest.class, new RegisterEventsHandler());
        core.handle(PmixCommand.DEREGISTER_EVENTS, UndeclaredRequest.class, new DeregisterEventsHandler());
        core.handle(PmixCommand.NOTIFY, UndeclaredRequest.class, new NotifyHandler());
        ServiceHandlers.install(core);
    }
}
