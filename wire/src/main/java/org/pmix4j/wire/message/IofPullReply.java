package org.pmix4j.wire.message;

import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The reply to IOF_PULL (libpmix's {@code _iofreg}): STATUS, then only on success SIZE the server's id of
 * the request (the one IOF_DEREGISTER names). A failed reply has no id ({@link #NO_ID}).
 */
public record IofPullReply(int status, long serverId) implements StatusFirstReply {
    /** The id of a failed reply, which carries none. */
    public static final long NO_ID = -1L;

    public IofPullReply {
        if (!StatusReply.succeeded(status) && serverId != NO_ID) {
            throw new IllegalArgumentException("a failed IOF pull reply (status " + status + ") carries no id");
        }
    }

    public static IofPullReply failed(int status) {
        return new IofPullReply(status, NO_ID);
    }

    @Override
    public void write(Packer p) {
        p.status(status);
        if (StatusReply.succeeded(status)) {
            p.size(serverId);
        }
    }

    public static IofPullReply read(Unpacker u) {
        int status = u.status();
        if (!StatusReply.succeeded(status)) {
            return failed(status);
        }
        return new IofPullReply(status, u.hasRemaining() ? u.size() : NO_ID);
    }
}
