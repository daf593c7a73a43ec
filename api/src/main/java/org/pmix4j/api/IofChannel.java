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

    @Override
    public String toString() {
        return label(bits);
    }
}
