package org.pmix4j.runtime.sched.policy;

import java.util.List;

/**
 * What an operation changed, for the caller to act on: sessions to instantiate (in grant order, which is the
 * policy's decision order), and sessions whose time limit has passed, to end and then {@linkplain
 * SchedulingEngine#release release}. An expired session is reported once; it keeps its resources until
 * released, because its processes run until the caller has ended them.
 */
public record Changes(List<Grant> granted, List<Session> expired) {
    public static final Changes NONE = new Changes(List.of(), List.of());

    public Changes {
        granted = List.copyOf(granted);
        expired = List.copyOf(expired);
    }

    public boolean isEmpty() {
        return granted.isEmpty() && expired.isEmpty();
    }
}
