package org.pmix4j.runtime.sched.policy;

/** The answer to an extension: the session as it is now, or why nothing changed. */
public sealed interface ExtendResult {
    record Extended(Session session) implements ExtendResult {
    }

    record Refused(String reason) implements ExtendResult {
    }
}
