package org.pmix4j.runtime;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.server.HostModule;

/**
 * The context ids of PMIx groups (PMIX_GROUP_CONTEXT_ID), unique within the runtime: made by daemon 0 alone
 * (the launcher), so that every member's node answers its construct with the same one.
 */
final class GroupContextIds {
    /** The kind of tree collective a group construct is, whose result daemon 0 turns into a context id. */
    static final String KIND = "groupconstruct";
    private static final AtomicLong NEXT = new AtomicLong(1);

    private GroupContextIds() {
    }

    /** A fresh id. */
    static long next() {
        return NEXT.getAndIncrement();
    }

    /** A collective's data as daemon 0 completes a construct: a fresh id, 8 bytes. */
    static byte[] finish(byte[] contributions) {
        return ByteBuffer.allocate(8).putLong(next()).array();
    }

    static long read(byte[] finished) {
        return finished.length == 8 ? ByteBuffer.wrap(finished).getLong() : -1;
    }

    /** The host's answer: the context id of a construct that asked for one (PMIX_GROUP_ASSIGN_CONTEXT_ID). */
    static List<Info> answer(HostModule.GroupOperation op, List<Info> directives, long id) {
        boolean wanted = op == HostModule.GroupOperation.CONSTRUCT
                && Attributes.GROUP_ASSIGN_CONTEXT_ID.find(directives).orElse(false);
        return wanted && id >= 0 ? List.of(Attributes.GROUP_CONTEXT_ID.info(id)) : List.of();
    }
}
