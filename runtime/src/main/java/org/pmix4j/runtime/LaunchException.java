package org.pmix4j.runtime;

/** A launch that cannot go ahead, with the message for the user and the exit status to leave with. */
public final class LaunchException extends RuntimeException {
    private final int exitStatus;

    public LaunchException(String message, int exitStatus) {
        super(message);
        this.exitStatus = exitStatus;
    }

    public int exitStatus() {
        return exitStatus;
    }
}
