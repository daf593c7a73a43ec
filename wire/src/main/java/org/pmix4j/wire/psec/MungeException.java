package org.pmix4j.wire.psec;

import java.nio.file.Path;

/**
 * munged refused a request, or could not be asked. The message names the socket and carries munged's own
 * text for the error (e.g. "Replayed credential"), or what went wrong on the way to it.
 */
public final class MungeException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path socket;
    private final MungeError error;

    public MungeException(Path socket, MungeError error, String message) {
        super("munged at " + socket + ": " + message);
        this.socket = socket;
        this.error = error;
    }

    public MungeException(Path socket, String message, Throwable cause) {
        super("munged at " + socket + ": " + message, cause);
        this.socket = socket;
        this.error = MungeError.SOCKET;
    }

    public Path socket() {
        return socket;
    }

    public MungeError error() {
        return error;
    }

    /** munged judged the credential bad (see {@link MungeError#judgesCredential()}). */
    public boolean credentialRejected() {
        return error.judgesCredential();
    }
}
