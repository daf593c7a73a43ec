package org.pmix4j.client;

/**
 * A handler of PMIx events. It runs on the library's event thread, never on the I/O thread, so it may call
 * blocking PMIx methods; handlers of one process run one at a time, in chain order.
 */
@FunctionalInterface
public interface EventHandler {
    /** Handles the event; the outcome says whether later handlers of the chain see it too. */
    EventOutcome handle(PmixEvent event);
}
