package org.pmix4j.runtime.iof;

import org.pmix4j.api.IofChannel;

/** The two output streams of a process that the launcher forwards, with their PMIx channel bits and labels. */
public enum OutputChannel {
    STDOUT(IofChannel.STDOUT, "stdout"),
    STDERR(IofChannel.STDERR, "stderr");

    private final int pmixChannel;
    private final String label;

    OutputChannel(int pmixChannel, String label) {
        this.pmixChannel = pmixChannel;
        this.label = label;
    }

    /** The PMIX_IOF_CHANNEL bit ({@link IofChannel#STDOUT}, {@link IofChannel#STDERR}). */
    public int pmixChannel() {
        return pmixChannel;
    }

    /** The name used in tags and XML elements: {@code stdout}, {@code stderr}. */
    public String label() {
        return label;
    }
}
