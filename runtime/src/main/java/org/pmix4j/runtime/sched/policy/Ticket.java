package org.pmix4j.runtime.sched.policy;

/**
 * The engine's handle on one submitted request, from submission until it is granted, refused or cancelled.
 * Tickets increase with submission order, so they are also the queue's FIFO order; they are distinct from
 * session ids, which only granted requests get.
 */
public record Ticket(long number) {
    @Override
    public String toString() {
        return "request #" + number;
    }
}
