package org.pmix4j.api;

/**
 * The exception of pmix4j: a failure carrying the PMIx status code that a C caller would have received
 * ({@link PmixStatus}). It is unchecked, like most failures of a library that talks to peers.
 *
 * <p>{@link #getMessage()} starts with the status name and number, then the detail, e.g.
 * {@code PMIX_ERR_NOT_FOUND (-46): no value for key pmix.foo}. A code without a macro name shows as its
 * number alone ({@code -3001: ...}). The detail on its own is {@link #detail()}.
 */
public class PmixException extends RuntimeException {
    /** The PMIx status code. */
    private final int status;
    /** The message without the status prefix. */
    private final String detail;

    /**
     * A failure with a status and a message.
     *
     * @param status  the PMIx status, e.g. {@link PmixStatus#PMIX_ERR_BAD_PARAM}
     * @param message what went wrong, naming what was wrong (may be null)
     */
    public PmixException(int status, String message) {
        this(status, message, null);
    }

    /**
     * A failure with a status, a message and the failure that caused it.
     *
     * @param status  the PMIx status
     * @param message what went wrong (may be null)
     * @param cause   the underlying failure
     */
    public PmixException(int status, String message, Throwable cause) {
        super(format(status, message), cause);
        this.status = status;
        this.detail = message;
    }

    /** {@return the PMIx status code, e.g. {@link PmixStatus#PMIX_ERR_NOT_FOUND}} */
    public int status() {
        return status;
    }

    /** {@return the macro name of the status, or its number as text when it has none ({@link PmixStatus#name})} */
    public String statusName() {
        return PmixStatus.name(status);
    }

    /** {@return the message given to the constructor, without the status prefix (may be null)} */
    public String detail() {
        return detail;
    }

    private static String format(int status, String message) {
        String head = PmixStatus.isKnown(status) ? PmixStatus.name(status) + " (" + status + ")"
                : Integer.toString(status);
        return message == null || message.isEmpty() ? head : head + ": " + message;
    }
}
