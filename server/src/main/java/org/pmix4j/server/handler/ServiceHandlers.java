package org.pmix4j.server.handler;

import org.pmix4j.server.cleanup.CleanupRegistry;
import org.pmix4j.server.cleanup.ExecutingEpilogRegistry;
import org.pmix4j.server.collective.Groups;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.iof.IofRouter;
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
        core.provide(Groups.class, new Groups());
        IofRouter iof = new IofRouter(core);
        core.provide(IofRouter.class, iof);
        core.addPeerListener(iof);
        core.addMessageSink(iof);
        ExecutingEpilogRegistry cleanup = new ExecutingEpilogRegistry();
        core.provide(CleanupRegistry.class, cleanup);
        core.addPeerListener(cleanup);

        core.handle(PmixCommand.PUBLISH, UndeclaredRequest.class, new PublishHandler());
        core.handle(PmixCommand.LOOKUP, UndeclaredRequest.class, new LookupHandler());
        core.handle(PmixCommand.UNPUBLISH, UndeclaredRequest.class, new UnpublishHandler());
        core.handle(PmixCommand.SPAWN, UndeclaredRequest.class, new SpawnHandler());
        core.handle(PmixCommand.CONNECT, UndeclaredRequest.class, new ConnectHandler());
        core.handle(PmixCommand.DISCONNECT, UndeclaredRequest.class, new DisconnectHandler());
        core.handle(PmixCommand.QUERY, UndeclaredRequest.class, new QueryHandler());
        core.handle(PmixCommand.LOG, UndeclaredRequest.class, new LogHandler());
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
