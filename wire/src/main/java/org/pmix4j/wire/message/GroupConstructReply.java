package org.pmix4j.wire.message;

import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The reply to GROUP_CONSTRUCT (libpmix's {@code _grpcbfunc}): STATUS, SIZE the group's context id
 * ({@link #NO_CONTEXT_ID}, SIZE_MAX, when none was assigned). libpmix's client reads the id only if it is
 * there; a server that refuses the request before the collective sends a bare {@link StatusReply}.
 */
public record GroupConstructReply(int status, long contextId) implements StatusFirstReply {
    /** The context id of a group that got none (SIZE_MAX). */
    public static final long NO_CONTEXT_ID = -1L;

    @Override
    public void write(Packer p) {
        p.status(status).size(contextId);
    }

    public static GroupConstructReply read(Unpacker u) {
        int status = u.status();
        return new GroupConstructReply(status, u.hasRemaining() ? u.size() : NO_CONTEXT_ID);
    }
}
