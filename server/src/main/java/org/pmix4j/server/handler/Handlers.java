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
import org.pmix4j.wire.message.AbortRequest;
import org.pmix4j.wire.message.CommitRequest;
import org.pmix4j.wire.message.DeregisterEventsRequest;
import org.pmix4j.wire.message.FenceRequest;
import org.pmix4j.wire.message.FinalizeRequest;
import org.pmix4j.wire.message.GetRequest;
import org.pmix4j.wire.message.JobInfoRequest;
import org.pmix4j.wire.message.NotifyRequest;
import org.pmix4j.wire.message.RegisterEventsRequest;
import org.pmix4j.wire.protocol.PmixCommand;

/** The table of wire commands this server serves and the handler of each. */
public final class Handlers {
    private Handlers() {
    }

    public static void install(ServerCore core) {
        // the job store is made with the server, before this table
        JobStore jobs = core.service(JobStore.class);
        core.handle(PmixCommand.REQ_JOB_INFO, JobInfoRequest.class, new JobInfoHandler(jobs, core::namespace));
        core.handle(PmixCommand.FINALIZE, FinalizeRequest.class,
                new FinalizeHandler(core::markFinalized, core.host(), core.loop()));
        core.handle(PmixCommand.ABORT, AbortRequest.class, new AbortHandler(core.host(), core.loop()));
        ModexStore modex = new ModexStore(core.config().bufferKind());
        Collectives collectives = new Collectives(new ServerLocality(core.service(JobStore.class), core),
                Timers.of(core.loop()), core.loop());
        core.provide(ModexStore.class, modex);
        core.provide(Collectives.class, collectives);
        core.addPeerListener(modex);
        core.addPeerListener(collectives);
        core.handle(PmixCommand.COMMIT, CommitRequest.class, new CommitHandler(modex));
        core.handle(PmixCommand.FENCE, FenceRequest.class, new FenceHandler(collectives));
        core.handle(PmixCommand.GET, GetRequest.class,
                new GetHandler(modex, jobs, core.host(), core.config().bufferKind(), core.loop()));
        EventService events = new EventService(core);
        core.provide(EventService.class, events);
        core.addPeerListener(events);
        core.handle(PmixCommand.REGISTER_EVENTS, RegisterEventsRequest.class, new RegisterEventsHandler(events));
        core.handle(PmixCommand.DEREGISTER_EVENTS, DeregisterEventsRequest.class, new DeregisterEventsHandler(events));
        core.handle(PmixCommand.NOTIFY, NotifyRequest.class, new NotifyHandler(events, core.host(), core.loop()));
        ServiceHandlers.install(core);
    }
}
