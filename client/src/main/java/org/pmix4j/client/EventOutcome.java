package org.pmix4j.client;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;

/**
 * What a handler tells the chain: go on ({@link #CONTINUE}) or stop here ({@link #COMPLETE}, the Standard's
 * PMIX_EVENT_ACTION_COMPLETE), and results for the handlers after it.
 *
 * @param status  {@link PmixStatus#PMIX_SUCCESS} to go on, {@link PmixStatus#PMIX_EVENT_ACTION_COMPLETE} to stop
 * @param results infos for the handlers after this one (they see them in {@link PmixEvent#results})
 */
public record EventOutcome(int status, List<Info> results) {
    /** Go on: the next handler of the chain sees the event too. */
    public static final EventOutcome CONTINUE = new EventOutcome(PmixStatus.PMIX_SUCCESS, List.of());
    /** Stop: the event is fully handled, no later handler sees it. */
    public static final EventOutcome COMPLETE = new EventOutcome(PmixStatus.PMIX_EVENT_ACTION_COMPLETE, List.of());

    /** Copies the list, so that the record cannot change after it was made. */
    public EventOutcome {
        results = List.copyOf(results);
    }

    /** {@return whether the chain stops after this handler}*/
    public boolean stopsChain() {
        return status == PmixStatus.PMIX_EVENT_ACTION_COMPLETE;
    }
}
