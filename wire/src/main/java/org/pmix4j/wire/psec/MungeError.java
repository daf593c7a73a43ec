package org.pmix4j.wire.psec;

/**
 * The error numbers munged answers with (libmunge's {@code munge_err_t}, numbered 0 to 18 on the wire as one
 * byte). munged also sends its own text for each error; that text, not these names, goes into messages.
 */
public enum MungeError {
    SUCCESS(0), INTERNAL(1), BAD_ARGUMENT(2), BAD_LENGTH(3), OVERFLOW(4), NO_MEMORY(5), SOCKET(6), TIMEOUT(7),
    BAD_CREDENTIAL(8), BAD_VERSION(9), BAD_CIPHER(10), BAD_MAC(11), BAD_ZIP(12), BAD_REALM(13),
    CREDENTIAL_INVALID(14), CREDENTIAL_EXPIRED(15), CREDENTIAL_REWOUND(16), CREDENTIAL_REPLAYED(17),
    CREDENTIAL_UNAUTHORIZED(18), UNKNOWN(-1);

    private final int code;

    MungeError(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static MungeError of(int code) {
        for (MungeError e : values()) {
            if (e.code == code) {
                return e;
            }
        }
        return UNKNOWN;
    }

    /**
     * True for munged's verdicts on a credential (malformed, forged, expired, replayed ...), false for a
     * failure to ask it (socket, daemon trouble): the first means "refuse the peer", the second "munged is
     * not usable here".
     */
    public boolean judgesCredential() {
        return code >= BAD_CREDENTIAL.code && code <= CREDENTIAL_UNAUTHORIZED.code;
    }
}
