package org.pmix4j.runtime;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.client.EventOutcome;
import org.pmix4j.client.PmixApi;

/**
 * The loss of a tool's server, however early it came. PMIX_ERR_LOST_CONNECTION is told once, to the handlers
 * registered then: one registered after the loss never hears of it, and whoever waited on it waited for ever
 * (a front end whose DVM died between the spawn's answer and its registrations). Watched from here, a loss
 * before the handler was in place is seen by looking at the connection once it is.
 */
public final class ConnectionLoss {
    private final CompletableFuture<Void> lost = new CompletableFuture<>();

    private ConnectionLoss() {
    }

    /**
     * Starts watching {@code peer}'s connection. The handler is in place when this returns; the server's
     * answer to the registration is not waited for (it comes before the answer to any later request).
     */
    public static ConnectionLoss watch(PmixApi peer) {
        ConnectionLoss loss = new ConnectionLoss();
        peer.registerEventHandlerAsync(List.of(PmixStatus.PMIX_ERR_LOST_CONNECTION), List.of(), e -> {
            loss.lost.complete(null);
            return EventOutcome.CONTINUE;
        }).whenComplete((id, failed) -> {
            if (failed != null) {
                // only a lost connection fails a registration
                loss.lost.complete(null);
            }
        });
        if (!peer.isConnected()) {
            loss.lost.complete(null);
        }
        return loss;
    }

    /** Runs {@code action} once the connection is lost (at once if it is already): on the thread that saw it. */
    public void whenLost(Runnable action) {
        lost.thenRun(action);
    }

    /** Completes when the connection is lost. */
    public CompletableFuture<Void> future() {
        return lost;
    }
}
