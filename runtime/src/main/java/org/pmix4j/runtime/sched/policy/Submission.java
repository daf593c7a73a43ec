package org.pmix4j.runtime.sched.policy;

import java.util.Optional;

/**
 * The answer to a submission: the request's ticket, the refusal when it can never fit (it is then not
 * queued), and what the submission changed (its own grant when it could start at once, among others).
 */
public record Submission(Ticket ticket, Optional<String> refusal, Changes changes) {
    public boolean refused() {
        return refusal.isPresent();
    }

    /** The grant answering this submission when it started at once. */
    public Optional<Grant> grant() {
        return changes.granted().stream().filter(g -> g.ticket().equals(ticket)).findFirst();
    }
}
