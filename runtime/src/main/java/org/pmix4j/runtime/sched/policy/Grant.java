package org.pmix4j.runtime.sched.policy;

/** A queued request that became a session: the ticket says which request it answers. */
public record Grant(Ticket ticket, Session session) {
}
