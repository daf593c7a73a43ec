package org.pmix4j.wire.message;

/**
 * A reply that starts with the server's STATUS: every reply but {@link JobInfoReply}. A server that refuses a
 * request before doing its work sends that STATUS alone (a {@link StatusReply}), and each of these records
 * reads such a bare STATUS as itself with nothing after the status.
 */
public interface StatusFirstReply extends ReplyMessage {
    int status();

    /** Whether the server reported success (libpmix hides its internal success code from callers too). */
    default boolean succeeded() {
        return StatusReply.succeeded(status());
    }

    /** Throws a PmixException with the server's status, naming {@code what}, unless it is success. */
    default void check(String what) {
        StatusReply.check(status(), what);
    }
}
