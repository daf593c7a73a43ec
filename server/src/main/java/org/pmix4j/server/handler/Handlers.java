package org.pmix4j.server.handler;

import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.event.EventService;
import org.pmix4j.server.modex.CommitHandler;
import org.pmix4j.server.modex.FenceHandler;
import org.pmix4j.server.modex.GetHandler;
import org.pmix4j.server.modex.ModexStore;
import org.pmix4j.server.net.EventLoop;
import org.pmix4j.server.security.Authorisation;
import org.pmix4j.server.sessiondir.ProcessIds;
import org.pmix4j.server.security.JobOwnership;
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

    /**
     * Installs the handlers of the data commands (job data, modex, events), then those of the services;
     * {@code servers} answers PMIX_QUERY_AVAIL_SERVERS. One {@link Authorisation} (who may act on which job,
     * by the uid each peer's connection was accepted with) serves every handler that acts on jobs.
     */
    public static void install(ServerCore core, ServerParts parts, AvailableServers servers) {
        HostModule host = core.host();
        EventLoop loop = core.loop();
        JobStore jobs = parts.jobs();
        ModexStore modex = parts.modex();
        EventService events = parts.events();
        // the effective uid, as the kernel reports a socket's owner (ConnectAcceptor reads it the same way)
        int serverUid = (int) ProcessIds.current().uid();
        JobOwnership owners = new JobOwnership(core::namespace, jobs, core.self(), serverUid);
        Authorisation authorisation = new Authorisation(owners, host, serverUid);
        core.addPeerListener(owners);
        core.addPeerListener(authorisation);
        core.handle(PmixCommand.REQ_JOB_INFO, JobInfoRequest.class, new JobInfoHandler(jobs, core::namespace, parts.shared()));
        core.handle(PmixCommand.FINALIZE, FinalizeRequest.class, new FinalizeHandler(core::markFinalized, host, loop));
        core.handle(PmixCommand.ABORT, AbortRequest.class, new AbortHandler(host, loop, authorisation));
        core.handle(PmixCommand.COMMIT, CommitRequest.class, new CommitHandler(modex, parts.shared()));
        core.handle(PmixCommand.FENCE, FenceRequest.class,
                new FenceHandler(parts.collectives(), host, modex, jobs, core.config().bufferKind()));
        core.handle(PmixCommand.GET, GetRequest.class,
                new GetHandler(modex, jobs, host, core.config().bufferKind(), loop, authorisation));
        core.handle(PmixCommand.REGISTER_EVENTS, RegisterEventsRequest.class, new RegisterEventsHandler(events));
        core.handle(PmixCommand.DEREGISTER_EVENTS, DeregisterEventsRequest.class, new DeregisterEventsHandler(events));
        core.handle(PmixCommand.NOTIFY, NotifyRequest.class, new NotifyHandler(events, host, loop, authorisation));
        ServiceHandlers.install(core, parts, servers, authorisation);
    }
}
