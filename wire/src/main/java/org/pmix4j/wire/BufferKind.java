package org.pmix4j.wire;

/**
 * The two kinds of bfrops buffer. The bytes do not say which kind they are: a server announces its kind
 * in the child's environment ({@code PMIX_BFROP_BUFFER_TYPE}) and a client repeats it in the handshake.
 */
public enum BufferKind {
    /** The default: a top-level pack is a count followed by the items. */
    NON_DESCRIBED(1, "PMIX_BFROP_BUFFER_NON_DESC"),
    /** Every top-level pack also carries the type of its count and of its items. */
    FULLY_DESCRIBED(2, "PMIX_BFROP_BUFFER_FULLY_DESC");

    private final int code;
    private final String envName;

    BufferKind(int code, String envName) {
        this.code = code;
        this.envName = envName;
    }

    /**
     * The byte sent in the handshake and inside PMIX_BUFFER values.
     *
     * @return 1 or 2
     */
    public int code() {
        return code;
    }

    /**
     * The value of {@code PMIX_BFROP_BUFFER_TYPE} that selects this kind.
     *
     * @return the variable's value
     */
    public String envName() {
        return envName;
    }

    /**
     * The kind a code of the handshake or of a PMIX_BUFFER names.
     *
     * @param code 1 or 2
     * @return the kind
     * @throws IllegalArgumentException for any other code
     */
    public static BufferKind forCode(int code) {
        return switch (code) {
            case 1 -> NON_DESCRIBED;
            case 2 -> FULLY_DESCRIBED;
            default -> throw new IllegalArgumentException("buffer kind " + code + " is neither 1 (non-described)"
                    + " nor 2 (fully described)");
        };
    }

    /**
     * As libpmix reads {@code PMIX_BFROP_BUFFER_TYPE}: the fully-described name selects it, anything else not.
     *
     * @param value the variable's value, or {@code null} when it is not set
     * @return the kind
     */
    public static BufferKind forEnv(String value) {
        return FULLY_DESCRIBED.envName.equals(value) ? FULLY_DESCRIBED : NON_DESCRIBED;
    }
}
