package org.pmix4j.wire.message;

import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The table from command to request record: the one place a server learns how to read a request. The switch
 * names every command, so a command added to {@link PmixCommand} without a record does not compile.
 */
public final class RequestMessages {
    private RequestMessages() {
    }

    /** Reads the body of a request (everything after its command pack). */
    public static RequestMessage read(PmixCommand command, Unpacker body) {
        return switch (command) {
            case REQ_JOB_INFO -> JobInfoRequest.read(body);
            case ABORT -> AbortRequest.read(body);
            case COMMIT -> CommitRequest.read(body);
            case FENCE -> FenceRequest.read(body);
            case GET -> GetRequest.read(body);
            case FINALIZE -> FinalizeRequest.read(body);
            case PUBLISH -> PublishRequest.read(body);
            case LOOKUP -> LookupRequest.read(body);
            case UNPUBLISH -> UnpublishRequest.read(body);
            case SPAWN -> SpawnRequest.read(body);
            case CONNECT -> ConnectProcsRequest.read(body);
            case DISCONNECT -> DisconnectRequest.read(body);
            case NOTIFY -> NotifyRequest.read(body);
            case REGISTER_EVENTS -> RegisterEventsRequest.read(body);
            case DEREGISTER_EVENTS -> DeregisterEventsRequest.read(body);
            case QUERY -> QueryRequest.read(body);
            case LOG -> LogRequest.read(body);
            case ALLOC -> AllocRequest.read(body);
            case JOB_CONTROL -> JobControlRequest.read(body);
            case MONITOR -> MonitorRequest.read(body);
            case GET_CREDENTIAL -> GetCredentialRequest.read(body);
            case VALIDATE_CREDENTIAL -> ValidateCredentialRequest.read(body);
            case IOF_PULL -> IofPullRequest.read(body);
            case IOF_PUSH -> IofPushRequest.read(body);
            case IOF_DEREGISTER -> IofDeregisterRequest.read(body);
            case GROUP_CONSTRUCT -> GroupConstructRequest.read(body);
            case GROUP_JOIN -> GroupJoinRequest.read(body);
            case GROUP_INVITE -> GroupInviteRequest.read(body);
            case GROUP_LEAVE -> GroupLeaveRequest.read(body);
            case GROUP_DESTRUCT -> GroupDestructRequest.read(body);
            case FABRIC_REGISTER -> FabricRegisterRequest.read(body);
            case FABRIC_UPDATE -> FabricUpdateRequest.read(body);
            case COMPUTE_DEVICE_DISTANCES -> ComputeDeviceDistancesRequest.read(body);
            case SESSION_CTRL -> SessionControlRequest.read(body);
        };
    }
}
