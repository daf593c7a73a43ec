package org.pmix4j.api;

/**
 * PMIX_IOF_CHANNEL: a bit mask of the standard streams of a process (stdin, stdout, stderr, stddiag).
 *
 * @param bits the mask, 16 bits
 */
public record IofChannel(int bits) implements Value {
    /** No stream. */
    public static final int NONE = 0;
    /** Standard input. */
    public static final int STDIN = 0x1;
    /** Standard output. */
    public static final int STDOUT = 0x2;
    /** Standard error. */
    public static final int STDERR = 0x4;
    /** The diagnostic stream libpmix defines beside stderr. */
    public static final int STDDIAG = 0x8;
    /** Every stream. */
    public static final int ALL = 0xff;

    private static final BitNames NAMES = BitNames.of("IOF channel", "ALL", ALL, "STDIN", STDIN,
            "STDOUT", STDOUT, "STDERR", STDERR, "STDDIAG", STDDIAG);

    /** Checks the mask fits the wire's 16 bits. */
    public IofChannel {
        Value.checkUnsigned(bits, 0xffff, "IOF channel");
    }

    @Override
    public DataType type() {
        return DataType.IOF_CHANNEL;
    }

    /**
     * A mask as text.
     *
     * @param bits a mask
     * @return e.g. {@code STDOUT|STDERR}, {@code ALL}, {@code NONE}, with unknown bits in hex
     */
    public static String label(int bits) {
        return NAMES.label(bits);
    }

    /**
     * The inverse of {@link #label}.
     *
     * @param text names joined with '|', or a number
     * @return the mask
     * @throws IllegalArgumentException naming an unknown name
     */
    public static int parse(String text) {
        return (int) NAMES.parse(text);
    }

    /**
     * The channels a spawn request's directives forward to the requester, by libpmix's rule: PMIX_FWD_STDIN
     * (true or a rank), PMIX_FWD_STDOUT, PMIX_FWD_STDERR and PMIX_FWD_STDDIAG as given; a tool also gets
     * each output channel it did not mention, a process none. The server (which registers the requester
     * for the output) and the runtime (which then does not print it) read the same request the same way.
     *
     * @param jobInfo         the spawn's job-level directives
     * @param requesterIsTool whether a tool asked (rather than a process of a job)
     * @return the forwarded channels, a mask
     */
    public static int forwardedBySpawn(java.util.List<Info> jobInfo, boolean requesterIsTool) {
        int channels = NONE;
        int mentioned = NONE;
        for (Info i : jobInfo) {
            String k = i.key();
            if (k.equals(Attributes.FWD_STDIN.key())) {
                if (i.isTrue() || i.value() instanceof Rank) {
                    channels |= STDIN;
                }
            } else {
                int bit = k.equals(Attributes.FWD_STDOUT.key()) ? STDOUT : k.equals(Attributes.FWD_STDERR.key()) ? STDERR
                        : k.equals(Attributes.FWD_STDDIAG.key()) ? STDDIAG : NONE;
                mentioned |= bit;
                channels |= i.isTrue() ? bit : NONE;
            }
        }
        if (requesterIsTool) {
            channels |= (STDOUT | STDERR | STDDIAG) & ~mentioned;
        }
        return channels;
    }

    @Override
    public String toString() {
        return label(bits);
    }
}
