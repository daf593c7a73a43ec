package org.pmix4j.server.handler;

import org.pmix4j.server.HostModule;
import org.pmix4j.server.cleanup.CleanupRegistry;
import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.collective.Groups;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.iof.IofEvents;
import org.pmix4j.server.iof.IofRouter;
import org.pmix4j.server.net.EventLoop;
import org.pmix4j.server.security.Authorisation;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.message.AllocRequest;
import org.pmix4j.wire.message.ComputeDeviceDistancesRequest;
import org.pmix4j.wire.message.ConnectProcsRequest;
import org.pmix4j.wire.message.DisconnectRequest;
import org.pmix4j.wire.message.FabricRegisterRequest;
import org.pmix4j.wire.message.FabricUpdateRequest;
import org.pmix4j.wire.message.GetCredentialRequest;
import org.pmix4j.wire.message.GroupConstructRequest;
import org.pmix4j.wire.message.GroupDestructRequest;
import org.pmix4j.wire.message.GroupLeaveRequest;
import org.pmix4j.wire.message.IofDeregisterRequest;
import org.pmix4j.wire.message.IofPullRequest;
import org.pmix4j.wire.message.IofPushRequest;
import org.pmix4j.wire.message.JobControlRequest;
import org.pmix4j.wire.message.LogRequest;
import org.pmix4j.wire.message.LookupRequest;
import org.pmix4j.wire.message.MonitorRequest;
import org.pmix4j.wire.message.PublishRequest;
import org.pmix4j.wire.message.QueryRequest;
import org.pmix4j.wire.message.SessionControlRequest;
import org.pmix4j.wire.message.SpawnRequest;
import org.pmix4j.wire.message.UnpublishRequest;
import org.pmix4j.wire.message.ValidateCredentialRequest;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The commands that pass client requests on to the host (or answer them here): publish/lookup, spawn,
 * connect, queries, logging, job control, allocation, monitoring, credentials, groups, fabrics, device
 * distances and IO forwarding — with the parts of the server they need (collectives, groups, IO
 * forwarding, cleanup registrations) and the {@link Authorisation} of those that act on jobs.
 */
public final class ServiceHandlers {
    private ServiceHandlers() {
    }

    public static void install(ServerCore core, ServerParts parts, AvailableServers servers,
            Authorisation authorisation) {
        Collectives collectives = parts.collectives();
        Groups groups = parts.groups();
        IofRouter iof = parts.iof();
        CleanupRegistry cleanup = parts.cleanup();
        JobStore jobs = parts.jobs();
        HostModule host = core.host();
        EventLoop loop = core.loop();
        core.handle(PmixCommand.PUBLISH, PublishRequest.class, new PublishHandler(host, loop));
        core.handle(PmixCommand.LOOKUP, LookupRequest.class, new LookupHandler(host, loop));
        core.handle(PmixCommand.UNPUBLISH, UnpublishRequest.class, new UnpublishHandler(host, loop));
        core.handle(PmixCommand.SPAWN, SpawnRequest.class,
                new SpawnHandler(host, iof, jobs, loop, authorisation));
        core.handle(PmixCommand.CONNECT, ConnectProcsRequest.class, new ConnectHandler(collectives, host, jobs));
        core.handle(PmixCommand.DISCONNECT, DisconnectRequest.class, new DisconnectHandler(collectives, host));
        core.handle(PmixCommand.QUERY, QueryRequest.class, new QueryHandler(parts.attributes(), servers,
                jobs, host, loop, authorisation));
        core.handle(PmixCommand.LOG, LogRequest.class,
                new LogHandler(host, iof, core.config().gateway(), loop));
        core.handle(PmixCommand.ALLOC, AllocRequest.class, new AllocHandler(host, loop));
        core.handle(PmixCommand.SESSION_CTRL, SessionControlRequest.class, new SessionControlHandler(host, loop));
        core.handle(PmixCommand.JOB_CONTROL, JobControlRequest.class,
                new JobControlHandler(host, loop, cleanup, core::namespace, authorisation));
        core.handle(PmixCommand.MONITOR, MonitorRequest.class, new MonitorHandler(host, loop));
        core.handle(PmixCommand.GET_CREDENTIAL, GetCredentialRequest.class, new GetCredentialHandler(host, loop));
        core.handle(PmixCommand.VALIDATE_CREDENTIAL, ValidateCredentialRequest.class,
                new ValidateCredentialHandler(host, loop));
        HostIofPulls pulls = new HostIofPulls(host);
        core.addPeerListener(pulls);
        core.handle(PmixCommand.IOF_PULL, IofPullRequest.class,
                new IofPullHandler(iof, host, pulls, loop, authorisation));
        core.handle(PmixCommand.IOF_PUSH, IofPushRequest.class,
                new IofPushHandler(host, new IofEvents(parts.events(), core.self()), loop, authorisation));
        core.handle(PmixCommand.IOF_DEREGISTER, IofDeregisterRequest.class, new IofDeregisterHandler(iof, pulls, loop));
        core.handle(PmixCommand.GROUP_CONSTRUCT, GroupConstructRequest.class,
                new GroupConstructHandler(collectives, groups, host));
        core.handle(PmixCommand.GROUP_DESTRUCT, GroupDestructRequest.class,
                new GroupDestructHandler(collectives, groups, host));
        core.handle(PmixCommand.GROUP_LEAVE, GroupLeaveRequest.class, new GroupLeaveHandler());
        core.handle(PmixCommand.FABRIC_REGISTER, FabricRegisterRequest.class, new FabricRegisterHandler(host, loop));
        core.handle(PmixCommand.FABRIC_UPDATE, FabricUpdateRequest.class, new FabricUpdateHandler(host, loop));
        core.handle(PmixCommand.COMPUTE_DEVICE_DISTANCES, ComputeDeviceDistancesRequest.class,
                new DeviceDistancesHandler(host, loop));
    }
}
