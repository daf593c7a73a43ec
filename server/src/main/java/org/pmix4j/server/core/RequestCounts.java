package org.pmix4j.server.core;

import java.util.EnumMap;
import java.util.Map;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * How many requests of each command the server was sent since it started: what tells, for instance, how
 * many Gets its clients read from the shared-memory store instead of asking. Loop thread only.
 */
final class RequestCounts {
    private final long[] counts = new long[PmixCommand.values().length];

    void count(PmixCommand cmd) {
        counts[cmd.ordinal()]++;
    }

    /** The commands sent at least once, with their counts. */
    Map<PmixCommand, Long> snapshot() {
        Map<PmixCommand, Long> out = new EnumMap<>(PmixCommand.class);
        for (PmixCommand c : PmixCommand.values()) {
            if (counts[c.ordinal()] > 0) {
                out.put(c, counts[c.ordinal()]);
            }
        }
        return out;
    }
}
