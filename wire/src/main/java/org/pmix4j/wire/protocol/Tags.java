package org.pmix4j.wire.protocol;

/**
 * Message tags. Requests take tags from a per-process counter starting at 101 and the reply reuses the
 * request's tag; the small tags are for messages nobody asked for.
 */
public final class Tags {
    /** Server to client: an event notification. */
    public static final int NOTIFY = 0;
    /** Client to server: a heartbeat, empty payload. */
    public static final int HEARTBEAT = 1;
    /** Forwarded IO, either direction. */
    public static final int IOF = 2;
    /** Tags above this are requests; the first request uses DYNAMIC + 1. */
    public static final int DYNAMIC = 100;

    private Tags() {
    }

    /** The tag after {@code tag}, wrapping to 101 at the top of the unsigned range, as libpmix does. */
    public static int next(int tag) {
        return tag == 0xffff_ffff || Integer.compareUnsigned(tag, DYNAMIC) < 0 ? DYNAMIC + 1 : tag + 1;
    }
}
