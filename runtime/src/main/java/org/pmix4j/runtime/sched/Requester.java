package org.pmix4j.runtime.sched;

import org.pmix4j.api.Proc;

/**
 * A tool connected to the scheduler, with its user as the kernel said at its connect.
 *
 * @param trusted it speaks for others (the scheduler's own user, i.e. the runtime, or root): its
 *                PMIX_USERID in a request is believed, and it may act on any user's session
 */
record Requester(Proc proc, int uid, boolean trusted) {
    /** Whether it may release or extend a session of {@code owner}. */
    boolean mayActFor(int owner) {
        return trusted || uid == owner;
    }
}
