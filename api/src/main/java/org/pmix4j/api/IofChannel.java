package org.pmix4j.api;

/** PMIX_IOF_CHANNEL: a bit mask of the standard streams of a process (stdin, stdout, stderr, stddiag). */
public record IofChannel(int bits) implements Value {
    public static final int NONE = 0;
    public static final int STDIN = 0x1;
    public static final int STDOUT = 0x2;
    public static final int STDERR = 0x4;
    public static final int STDDIAG = 0x8;
    public static final int ALL = 0xff;

    private static final BitNames NAMES = BitNames.of("IOF channel", "ALL", ALL, "STDIN", STDIN,
            "STDOUT", STDOUT, "STDERR", STDERR, "STDDIAG", STDDIAG);

    public IofChannel {
        Value.checkUnsigned(bits, 0xffff, "IOF channel");
    }

    @Override
    public DataType type() {
        return DataType.IOF_CHANNEL;
    }

    /** {@code STDOUT|STDERR}, {@code ALL}, {@code NONE}, with unknown bits in hex. */
    public static String label(int bits) {
        return NAMES.label(bits);
    }

    public static int parse(String text) {
        return (int) NAMES.parse(text);
    }

    /**
     * The channels a spawn request's directives forward to the requester, by libpmix's rule: PMIX_FWD_STDIN
     * (true or a rank), PMIX_FWD_STDOUT, PMIX_FWD_STDERR and PMIX_FWD_STDDIAG as given; a tool also gets
     * each output channel it did not mention, a process none. The server (which registers the requester
     * for the output) and the runtime (which then does not print it) read the same request the same way.
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
