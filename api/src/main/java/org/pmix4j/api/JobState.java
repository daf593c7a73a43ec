package org.pmix4j.api;

/**
 * PMIX_JOB_STATE: the state of a job in its life cycle. A record rather than a Java enum so that a number this
 * library does not know still round-trips unchanged.
 *
 * @param code the state's number, 0 to 255
 */
public record JobState(int code) implements Value {
    public static final JobState UNDEF = new JobState(0);
    public static final JobState AWAITING_ALLOC = new JobState(1);
    public static final JobState LAUNCH_UNDERWAY = new JobState(2);
    public static final JobState RUNNING = new JobState(3);
    public static final JobState SUSPENDED = new JobState(4);
    public static final JobState CONNECTED = new JobState(5);
    public static final JobState UNTERMINATED = new JobState(15);
    public static final JobState TERMINATED = new JobState(20);
    public static final JobState TERMINATED_WITH_ERROR = new JobState(50);

    private static final CodeNames NAMES = CodeNames.of(0, "UNDEF", 1, "AWAITING_ALLOC", 2, "LAUNCH_UNDERWAY", 3, "RUNNING", 4, "SUSPENDED", 5, "CONNECTED", 15, "UNTERMINATED", 20, "TERMINATED", 50, "TERMINATED_WITH_ERROR");

    /** Checks the number fits the wire's one byte. */
    public JobState {
        Value.checkUnsigned(code, 255, "JobState");
    }

    @Override
    public DataType type() {
        return DataType.JOB_STATE;
    }

    /** {@return the short name ({@code AWAITING_ALLOC}), or the number as text when it has none} */
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
    public static JobState parse(String text) {
        return new JobState(NAMES.parse(text, "JobState"));
    }

    @Override
    public String toString() {
        return label();
    }
}
