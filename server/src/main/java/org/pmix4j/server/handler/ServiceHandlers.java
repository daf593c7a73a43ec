package org.pmix4j.server.handler;

import org.pmix4j.server.cleanup.CleanupRegistry;
import org.pmix4j.server.cleanup.ExecutingEpilogRegistry;
import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.collective.Groups;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.iof.IofRouter;
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

        core.handle(PmixCommand.PUBLISH, new PublishHandler());
        core.handle(PmixCommand.LOOKUP, new LookupHandler());
        core.handle(PmixCommand.UNPUBLISH, new UnpublishHandler());
        core.handle(PmixCommand.SPAWN, new SpawnHandler());
        core.handle(PmixCommand.CONNECT, new ConnectHandler());
        core.handle(PmixCommand.DISCONNECT, new DisconnectHandler());
        core.handle(PmixCommand.QUERY, new QueryHandler());
        core.handle(PmixCommand.LOG, new LogHandler());
        core.handle(PmixCommand.ALLOC, new AllocHandler());
        core.handle(PmixCommand.JOB_CONTROL, new JobControlHandler());
        core.handle(PmixCommand.MONITOR, new MonitorHandler());
        core.handle(PmixCommand.GET_CREDENTIAL, new GetCredentialHandler());
        core.handle(PmixCommand.VALIDATE_CREDENTIAL, new ValidateCredentialHandler());
        core.handle(PmixCommand.IOF_PULL, new IofPullHandler());
        core.handle(PmixCommand.IOF_PUSH, new IofPushHandler());
        core.handle(PmixCommand.IOF_DEREGISTER, new IofDeregisterHandler());
        core.handle(PmixCommand.GROUP_CONSTRUCT, new GroupConstructHandler());
        core.handle(PmixCommand.GROUP_DESTRUCT, new GroupDestructHandler());
        core.handle(PmixCommand.GROUP_LEAVE, new GroupLeaveHandler());
        core.handle(PmixCommand.FABRIC_REGISTER, new FabricRegisterHandler());
        core.handle(PmixCommand.FABRIC_UPDATE, new FabricUpdateHandler());
        core.handle(PmixCommand.COMPUTE_DEVICE_DISTANCES, new DeviceDistancesHandler());
    }
}
