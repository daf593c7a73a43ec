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
            case FENCE -> FenceRequest.read(body);
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
            default -> new UndeclaredRequest(command, body);
        };
    }
}
