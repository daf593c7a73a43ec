package org.pmix4j.api;

/**
 * PMIX_PROC_STATE: the state of a process in its life cycle. A record rather than a Java enum so that a number this
 * library does not know still round-trips unchanged.
 *
 * @param code the state's number, 0 to 255
 */
public record ProcState(int code) implements Value {
    public static final ProcState UNDEF = new ProcState(0);
    public static final ProcState PREPPED = new ProcState(1);
    public static final ProcState LAUNCH_UNDERWAY = new ProcState(2);
    public static final ProcState RESTART = new ProcState(3);
    public static final ProcState TERMINATE = new ProcState(4);
    public static final ProcState RUNNING = new ProcState(5);
    public static final ProcState CONNECTED = new ProcState(6);
    public static final ProcState UNTERMINATED = new ProcState(15);
    public static final ProcState TERMINATED = new ProcState(20);
    public static final ProcState ERROR = new ProcState(50);
    public static final ProcState KILLED_BY_CMD = new ProcState(51);
    public static final ProcState ABORTED = new ProcState(52);
    public static final ProcState FAILED_TO_START = new ProcState(53);
    public static final ProcState ABORTED_BY_SIG = new ProcState(54);
    public static final ProcState TERM_WO_SYNC = new ProcState(55);
    public static final ProcState COMM_FAILED = new ProcState(56);
    public static final ProcState SENSOR_BOUND_EXCEEDED = new ProcState(57);
    public static final ProcState CALLED_ABORT = new ProcState(58);
    public static final ProcState HEARTBEAT_FAILED = new ProcState(59);
    public static final ProcState MIGRATING = new ProcState(60);
    public static final ProcState CANNOT_RESTART = new ProcState(61);
    public static final ProcState TERM_NON_ZERO = new ProcState(62);
    public static final ProcState FAILED_TO_LAUNCH = new ProcState(63);

    private static final CodeNames NAMES = CodeNames.of(0, "UNDEF", 1, "PREPPED", 2, "LAUNCH_UNDERWAY", 3, "RESTART", 4, "TERMINATE", 5, "RUNNING", 6, "CONNECTED", 15, "UNTERMINATED", 20, "TERMINATED", 50, "ERROR", 51, "KILLED_BY_CMD", 52, "ABORTED", 53, "FAILED_TO_START", 54, "ABORTED_BY_SIG", 55, "TERM_WO_SYNC", 56, "COMM_FAILED", 57, "SENSOR_BOUND_EXCEEDED", 58, "CALLED_ABORT", 59, "HEARTBEAT_FAILED", 60, "MIGRATING", 61, "CANNOT_RESTART", 62, "TERM_NON_ZERO", 63, "FAILED_TO_LAUNCH");

    /** Checks the number fits the wire's one byte. */
    public ProcState {
        Value.checkUnsigned(code, 255, "ProcState");
    }

    @Override
    public DataType type() {
        return DataType.PROC_STATE;
    }

    /** {@return the short name ({@code PREPPED}), or the number as text when it has none} */
    public String label() {
        return NAMES.name(code);
    }

    /**
     * Parses a short name or a number.
     *
     * @param text e.g. what {@link #label} gives
     * @return the value
     * @throws IllegalArgumentException when the text is neither a known name nor a number from 0 to 255
     */
    public static ProcState parse(String text) {
        return new ProcState(NAMES.parse(text, "ProcState"));
    }

    @Override
    public String toString() {
        return label();
    }
}
