package org.pmix4j.runtime.session;

import java.util.List;
import java.util.Objects;

/**
 * What a job's registration says of the session it runs in (the Standard's session realm): the session's
 * number, the scheduler's name for it, its slots and its nodes. A session is a scheduler's allocation
 * (shared/spec/prrte-sessions-and-jobs.txt); this is the part of it the job's processes can read.
 *
 * @param id           the session's number (PMIX_SESSION_ID, an unsigned 32-bit value held in an int)
 * @param allocationId the scheduler's string id for the session (PMIX_ALLOC_ID), or {@code null} when it gave
 *                     none
 * @param slots        the session's slots, all nodes together (the session's PMIX_MAX_PROCS and
 *                     PMIX_UNIV_SIZE)
 * @param nodes        its nodes in order, each with its slots
 */
public record SessionData(int id, String allocationId, int slots, List<Node> nodes) {

    /**
     * The number of the runtime's own session: the one a plain {@code pmix4j run}, or a DVM without a
     * scheduler, runs every job in (the global node pool). 0 because a scheduler numbers the sessions it
     * grants from 1, so the default session can never be mistaken for one of them; and not 0xffffffff,
     * which libpmix takes for "no session given".
     */
    public static final int DEFAULT_SESSION_ID = 0;

    /** One node of a session: its name and its slots in the session. */
    public record Node(String name, int slots) {
        public Node {
            Objects.requireNonNull(name, "name");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("a session node needs a name");
            }
            if (slots < 0) {
                throw new IllegalArgumentException("node " + name + " has " + slots + " slots; at least 0");
            }
        }
    }

    public SessionData {
        nodes = List.copyOf(nodes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("session " + Integer.toUnsignedString(id) + " has no nodes");
        }
        if (slots < 0) {
            throw new IllegalArgumentException("session " + Integer.toUnsignedString(id) + " has " + slots
                    + " slots; at least 0");
        }
        if (id == -1) {
            throw new IllegalArgumentException("session id 4294967295 is libpmix's \"no session\"; a session"
                    + " needs another number");
        }
    }

    /**
     * The runtime's own session of one node (a plain run, or a DVM without a scheduler): number
     * {@link #DEFAULT_SESSION_ID}, no allocation id, all {@code slots} on {@code hostname}.
     */
    public static SessionData defaultSession(String hostname, int slots) {
        return new SessionData(DEFAULT_SESSION_ID, null, slots, List.of(new Node(hostname, slots)));
    }

    /** The names of its nodes, in order. */
    public List<String> nodeNames() {
        return nodes.stream().map(Node::name).toList();
    }
}
