package org.pmix4j.server.iof;

import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;

/**
 * How a request wants its output gathered before it is sent (PMIX_IOF_BUFFERING_SIZE and
 * PMIX_IOF_BUFFERING_TIME): in pieces of at least {@code bytes} bytes, or whatever has gathered once the
 * first byte has waited {@code seconds}. Zero means no such bound; both zero, every piece goes at once.
 * The libpmix 4.2.2 tool library does not gather output itself, so this server does it for its requesters.
 */
public record Buffering(long bytes, long seconds) {
    public static final Buffering NONE = new Buffering(0, 0);

    public Buffering {
        if (bytes < 0 || seconds < 0) {
            throw new IllegalArgumentException("IOF buffering " + bytes + " bytes, " + seconds + " s: negative");
        }
    }

    /** The buffering the infos ask for (PMIX_ERR_TYPE_MISMATCH when a value has the wrong type). */
    public static Buffering read(List<Info> info) {
        long size = Attributes.IOF_BUFFERING_SIZE.find(info).map(Integer::toUnsignedLong).orElse(0L);
        long time = Attributes.IOF_BUFFERING_TIME.find(info).map(Integer::toUnsignedLong).orElse(0L);
        return size == 0 && time == 0 ? NONE : new Buffering(size, time);
    }

    public boolean none() {
        return bytes == 0 && seconds == 0;
    }
}
