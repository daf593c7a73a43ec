package org.pmix4j.client;

/**
 * A handler of PMIx events. It runs on the library's event thread, never on the I/O thread, so it may call
 * blocking PMIx methods; handlers of one process run one at a time, in chain order.
 */
@FunctionalInterface
public interface EventHandler {
    /**
     * Handles the event.
     *
     * @param event the event, with the results of the handlers before this one
     * @return whether later handlers of the chain see it too ({@link EventOutcome#CONTINUE}) or not
     */
    EventOutcome handle(PmixEvent event);
}
