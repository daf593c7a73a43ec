package org.pmix4j.runtime.session;

import java.util.List;

/**
 * Told when a session has ended (terminated, or ended with its parent): its jobs are stopped, its slots back
 * in the default session, its directory gone. The scheduler link sends PMIX_SESSION_COMPLETE from here.
 * Called on a thread of the runtime's; it must not block long.
 */
public interface SessionListener {
    /** A session that ended: its id, its PMIX_ALLOC_ID (or null) and how each of its jobs ended. */
    record EndedSession(int id, String allocId, List<SessionJobs.JobEnd> jobs) {
        public EndedSession {
            jobs = List.copyOf(jobs);
        }
    }

    void sessionEnded(EndedSession ended);

    /** Nobody listens. */
    SessionListener NONE = ended -> {
    };
}
