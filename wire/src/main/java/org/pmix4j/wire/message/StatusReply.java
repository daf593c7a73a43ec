package org.pmix4j.wire.message;

import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The reply of most commands: one STATUS, nothing else. It answers {@link AbortRequest} (libpmix's client
 * ignores it), {@link CommitRequest}, {@link FenceRequest}, {@link FinalizeRequest}, {@link PublishRequest},
 * {@link UnpublishRequest}, {@link DisconnectRequest}, {@link NotifyRequest}, {@link RegisterEventsRequest},
 * {@link LogRequest}, {@link IofPushRequest}, {@link IofDeregisterRequest}, {@link GroupDestructRequest},
 * {@link GroupLeaveRequest}, {@link GroupJoinRequest} and {@link GroupInviteRequest}, and {@link JobControlRequest}
 * when the server handled every directive itself; and it is what a server sends instead of any other
 * {@link StatusFirstReply} when it refuses a request before doing its work.
 */
public record StatusReply(int status) implements StatusFirstReply {
    /** Internal "succeeded" codes become plain success on the wire, as libpmix's server sends them. */
    public static StatusReply of(int status) {
        return new StatusReply(status == PmixStatus.PMIX_OPERATION_SUCCEEDED ? PmixStatus.PMIX_SUCCESS : status);
    }

    @Override
    public void write(Packer p) {
        p.status(status);
    }

    public static StatusReply read(Unpacker u) {
        return new StatusReply(u.status());
    }

    /** Success or libpmix's internal success code, which callers are never shown. */
    static boolean succeeded(int status) {
        return status == PmixStatus.PMIX_SUCCESS || status == PmixStatus.PMIX_OPERATION_SUCCEEDED;
    }

    /** Throws a PmixException with {@code status}, naming {@code what}, unless it is success. */
    static void check(int status, String what) {
        if (!succeeded(status)) {
            throw new PmixException(status, what + ": the server answered " + PmixStatus.name(status));
        }
    }
}
