package org.pmix4j.runtime.placement;

/**
 * A job that cannot be placed as asked: too many processes for the slots, CPUs per process the node cannot
 * give, a binding that cannot be made. The message is written for the user: what was asked, what there is,
 * and how to get going.
 */
public final class PlacementException extends RuntimeException {
    public PlacementException(String message) {
        super(message);
    }
}
