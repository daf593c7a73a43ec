package org.pmix4j.client.request;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.client.EventOutcome;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.client.store.GetQuery;

/**
 * The stop in init a launcher may ask for (job-level PMIX_DEBUG_STOP_IN_INIT, for all ranks or ours), so
 * that a debugger can attach before the application runs.
 */
public final class DebuggerStop {
    private final DataStore store;
    private final EventRequests events;

    public DebuggerStop(DataStore store, EventRequests events) {
        this.store = store;
        this.events = events;
    }

    /** If we are asked to stop: tells the host we are ready (PMIX_READY_FOR_DEBUG), waits for PMIX_DEBUGGER_RELEASE. */
    public void stopInInitIfAsked() {
        Proc self = store.self();
        Optional<Value> v = store.find(Proc.wildcard(self.nspace()), Attributes.DEBUG_STOP_IN_INIT.key(),
                GetQuery.NONE);
        if (v.isEmpty() || !stopsRank(v.get(), self.rank())) {
            return;
        }
        CompletableFuture<Void> released = new CompletableFuture<>();
        Futures.await(events.register(List.of(PmixStatus.PMIX_DEBUGGER_RELEASE),
                List.of(Attributes.EVENT_HDLR_NAME.info("WAIT-FOR-DEBUGGER"), Attributes.EVENT_ONESHOT.info(true)),
                e -> {
                    released.complete(null);
                    return EventOutcome.COMPLETE;
                }));
        events.notify(PmixStatus.PMIX_READY_FOR_DEBUG, self, DataRange.RM,
                List.of(Attributes.EVENT_NON_DEFAULT.info(true), Attributes.BREAKPOINT.info("pmix-init")));
        Futures.await(released);
    }

    private static boolean stopsRank(Value v, int rank) {
        return switch (v) {
            case Value.Bool b -> b.value();
            case Value.Undef u -> true;
            case Rank r -> r.value() == Rank.WILDCARD || r.value() == rank;
            default -> {
                try {
                    int r = Attributes.NODEID.get(v);
                    yield r == Rank.WILDCARD || r == rank;
                } catch (PmixException e) {
                    yield true;
                }
            }
        };
    }
}
