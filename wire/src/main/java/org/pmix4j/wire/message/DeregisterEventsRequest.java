package org.pmix4j.wire.message;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * DEREGISTER_EVENTS: the codes whose last handler the peer removed, each a STATUS pack of its own, up to the
 * end (INT32_MIN for a default handler; possibly none). Never answered: a libpmix client posts no receive
 * for it.
 *
 * @param malformed what was wrong with bytes that followed the codes, or {@code null}: like libpmix, a
 *                  server acts on the codes read before garbage, and with no answer to carry an error can
 *                  only log it. Never written.
 */
public record DeregisterEventsRequest(List<Integer> codes, String malformed) implements RequestMessage {
    public DeregisterEventsRequest {
        codes = List.copyOf(codes);
    }

    public DeregisterEventsRequest(List<Integer> codes) {
        this(codes, null);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.DEREGISTER_EVENTS;
    }

    @Override
    public void writeBody(Packer p) {
        for (int c : codes) {
            p.status(c);
        }
    }

    public static DeregisterEventsRequest read(Unpacker u) {
        List<Integer> codes = new ArrayList<>();
        try {
            while (u.hasRemaining()) {
                codes.add(u.status());
            }
        } catch (WireFormatException e) {
            return new DeregisterEventsRequest(codes, e.getMessage());
        }
        return new DeregisterEventsRequest(codes);
    }
}
