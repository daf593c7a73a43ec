package org.pmix4j.client;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;

/**
 * What a handler tells the chain: go on ({@link #CONTINUE}) or stop here ({@link #COMPLETE}, the Standard's
 * PMIX_EVENT_ACTION_COMPLETE), and results for the handlers after it.
 */
public record EventOutcome(int status, List<Info> results) {
    public static final EventOutcome CONTINUE = new EventOutcome(PmixStatus.PMIX_SUCCESS, List.of());
    public static final EventOutcome COMPLETE = new EventOutcome(PmixStatus.PMIX_EVENT_ACTION_COMPLETE, List.of());

    public EventOutcome {
        results = List.copyOf(results);
    }

    /** Stops the chain after this handler. */
    public boolean stopsChain() {
        return status == PmixStatus.PMIX_EVENT_ACTION_COMPLETE;
    }
}
