package org.pmix4j.server.handler;

import org.pmix4j.api.AttributeSupport;
import org.pmix4j.server.cleanup.ExecutingEpilogRegistry;
import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.collective.Groups;
import org.pmix4j.server.collective.ServerLocality;
import org.pmix4j.server.collective.Timers;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.event.EventService;
import org.pmix4j.server.iof.IofEvents;
import org.pmix4j.server.iof.IofRouter;
import org.pmix4j.server.iof.PeerOutputSink;
import org.pmix4j.server.modex.ModexStore;
import org.pmix4j.server.sharedstore.SharedJobData;
import org.pmix4j.server.store.JobStore;

/**
 * The parts of one server that keep protocol state, made once at start-up and handed to the handlers that
 * need them through their constructors (there is no lookup by type). All of them are owned by the server's
 * event loop.
 *
 * @param jobs        what the host registered: job, app, node and process data
 * @param attributes  the attributes the server library and its host support (PMIX_QUERY_ATTRIBUTE_SUPPORT)
 * @param modex       the data processes committed
 * @param collectives the collective engine: fence, connect, disconnect, group construct and destruct
 * @param groups      the process groups constructed through this server
 * @param events      event registrations, notifications and their cache
 * @param iof         IO forwarding between the host, tools and clients
 * @param cleanup     RFC0027 cleanup registrations, carried out when their scope ends
 * @param shared      the job data written to the shared-memory store for the clients that read it there
 */
public record ServerParts(JobStore jobs, AttributeSupport attributes, ModexStore modex, Collectives collectives,
        Groups groups, EventService events, IofRouter iof, ExecutingEpilogRegistry cleanup, SharedJobData shared) {

    /**
     * Makes the parts of the server around {@code core} and subscribes those that follow peers, namespaces and
     * untagged messages to it.
     */
    public static ServerParts assemble(ServerCore core, JobStore jobs, SharedJobData shared, AttributeSupport attributes) {
        ModexStore modex = new ModexStore(core.config().bufferKind(), shared);
        Collectives collectives = new Collectives(new ServerLocality(jobs, core), Timers.of(core.loop()), core.loop());
        EventService events = new EventService(core);
        IofRouter iof = new IofRouter(core.self(), Timers.of(core.loop()), new IofEvents(events, core.self()));
        ExecutingEpilogRegistry cleanup = new ExecutingEpilogRegistry();
        core.addPeerListener(modex);
        core.addPeerListener(collectives);
        core.addPeerListener(events);
        core.addPeerListener(iof);
        core.addMessageSink(new PeerOutputSink());
        core.addPeerListener(cleanup);
        return new ServerParts(jobs, attributes, modex, collectives, new Groups(), events, iof, cleanup, shared);
    }
}
