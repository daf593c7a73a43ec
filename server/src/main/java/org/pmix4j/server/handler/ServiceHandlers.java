package org.pmix4j.server.handler;

import org.pmix4j.server.cleanup.CleanupRegistry;
import org.pmix4j.server.cleanup.ExecutingEpilogRegistry;
import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.collective.Groups;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.iof.IofRouter;
import org.pmix4j.server.attrs.AttributeSupport;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.message.ConnectProcsRequest;
import org.pmix4j.wire.message.DisconnectRequest;
import org.pmix4j.wire.message.LogRequest;
import org.pmix4j.wire.message.LookupRequest;
import org.pmix4j.wire.message.PublishRequest;
import org.pmix4j.wire.message.QueryRequest;
import org.pmix4j.wire.message.SpawnRequest;
import org.pmix4j.wire.message.UnpublishRequest;
import org.pmix4j.wire.message.UndeclaredRequest;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The commands that pass client requests on to the host (or answer them here): publish/lookup, spawn,
 * connect, queries, logging, job control, allocation, monitoring, credentials, groups, fabrics, device
 * distances and IO forwarding — with the parts of the server they need (collectives, groups, IO
 * forwarding, cleanup registrations).
 */
public final class ServiceHandlers {
    private ServiceHandlers() {
    }

    public static void install(ServerCore core) {
        Collectives collectives = new Collectives(core);
        core.provide(Collectives.class, collectives);
        core.addPeerListener(collectives);
        core.provide(Groups.class, new Groups());
        IofRouter iof = new IofRouter(core);
        core.provide(IofRouter.class, iof);
        core.addPeerListener(iof);
        core.addMessageSink(iof);
        ExecutingEpilogRegistry cleanup = new ExecutingEpilogRegistry();
        core.provide(CleanupRegistry.class, cleanup);
        core.addPeerListener(cleanup);

        core.handle(PmixCommand.PUBLISH, PublishRequest.class, new PublishHandler(core.host(), core.loop()));
        core.handle(PmixCommand.LOOKUP, LookupRequest.class, new LookupHandler(core.host(), core.loop()));
        core.handle(PmixCommand.UNPUBLISH, UnpublishRequest.class, new UnpublishHandler(core.host(), core.loop()));
        core.handle(PmixCommand.SPAWN, SpawnRequest.class,
                new SpawnHandler(core.host(), iof, core.service(JobStore.class), core.loop()));
        core.handle(PmixCommand.CONNECT, ConnectProcsRequest.class, new ConnectHandler());
        core.handle(PmixCommand.DISCONNECT, DisconnectRequest.class, new DisconnectHandler());
        core.handle(PmixCommand.QUERY, QueryRequest.class, new QueryHandler(core.service(AttributeSupport.class),
                core.service(JobStore.class), core.host(), core.loop()));
        core.handle(PmixCommand.LOG, LogRequest.class,
                new LogHandler(core.host(), iof, core.config().gateway(), core.loop()));
        core.handle(PmixCommand.ALLOC, UndeclaredRequest.class, new AllocHandler());
        core.handle(PmixCommand.JOB_CONTROL, UndeclaredRequest.class, new JobControlHandler());
        core.handle(PmixCommand.MONITOR, UndeclaredRequest.class, new MonitorHandler());
        core.handle(PmixCommand.GET_CREDENTIAL, UndeclaredRequest.class, new GetCredentialHandler());
        core.handle(PmixCommand.VALIDATE_CREDENTIAL, UndeclaredRequest.class, new ValidateCredentialHandler());
        core.handle(PmixCommand.IOF_PULL, UndeclaredRequest.class, new IofPullHandler());
        core.handle(PmixCommand.IOF_PUSH, UndeclaredRequest.class, new IofPushHandler());
        core.handle(PmixCommand.IOF_DEREGISTER, UndeclaredRequest.class, new IofDeregisterHandler());
        core.handle(PmixCommand.GROUP_CONSTRUCT, UndeclaredRequest.class, new GroupConstructHandler());
        core.handle(PmixCommand.GROUP_DESTRUCT, UndeclaredRequest.class, new GroupDestructHandler());
        core.handle(PmixCommand.GROUP_LEAVE, UndeclaredRequest.class, new GroupLeaveHandler());
        core.handle(PmixCommand.FABRIC_REGISTER, UndeclaredRequest.class, new FabricRegisterHandler());
        core.handle(PmixCommand.FABRIC_UPDATE, UndeclaredRequest.class, new FabricUpdateHandler());
        core.handle(PmixCommand.COMPUTE_DEVICE_DISTANCES, UndeclaredRequest.class, new DeviceDistancesHandler());
    }
}
