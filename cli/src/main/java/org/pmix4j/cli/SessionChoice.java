package org.pmix4j.cli;

import org.pmix4j.runtime.frontend.SessionTarget;
import picocli.CommandLine.Option;

/** Which session of the DVM a front end's job goes into (PRRTE's prun options); none: see SessionTarget. */
final class SessionChoice {
    @Option(names = "--session-id", paramLabel = "N", description = "Run the job in session N of the DVM.")
    String sessionId;

    @Option(names = "--alloc-id", paramLabel = "ID", description = "Run the job in the session the scheduler named ID.")
    String allocId;

    @Option(names = "--alloc-refid", paramLabel = "ID",
            description = "Run the job in the session granted to your request named ID (pmix4j alloc --request-id).")
    String allocRefId;

    SessionTarget target() {
        return new SessionTarget(SessionTarget.sessionId(sessionId), allocId, allocRefId);
    }

    /** Whether any was given (they mean nothing without a DVM). */
    boolean given() {
        return sessionId != null || allocId != null || allocRefId != null;
    }
}
