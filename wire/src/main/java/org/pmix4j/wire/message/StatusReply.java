package org.pmix4j.wire.message;

import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/** The reply of most commands: one STATUS. */
public record StatusReply(int status) implements ReplyMessage {
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

    /** Whether the server reported success (libpmix hides its internal success code from callers too). */
    public boolean succeeded() {
        return succeeded(status);
    }

    static boolean succeeded(int status) {
        return status == PmixStatus.PMIX_SUCCESS || status == PmixStatus.PMIX_OPERATION_SUCCEEDED;
    }

    /** Throws a PmixException with the server's status, naming {@code what}, unless it is success. */
    public void check(String what) {
        check(status, what);
    }

    static void check(int status, String what) {
        if (!succeeded(status)) {
            throw new PmixException(status, what + ": the server answered " + PmixStatus.name(status));
        }
    }
}
