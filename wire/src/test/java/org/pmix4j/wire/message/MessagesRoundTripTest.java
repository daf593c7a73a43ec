package org.pmix4j.wire.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.ValueArbitraries;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * Every message record, written and read back in both buffer kinds: the request of every command (read
 * through {@link RequestMessages}, as the server reads it), every reply, the event notification and the IO
 * data message. The record read is equal to the one written and every byte is consumed.
 */
class MessagesRoundTripTest {
    @Property(tries = 5000, seed = "20261124")
    void everyMessageReadsBackEqual(@ForAll("messages") MessageCase c, @ForAll BufferKind kind) {
        Unpacker u = new Unpacker(c.write().apply(kind), kind);
        Object back = c.read().apply(u);
        assertFalse(u.hasRemaining(), () -> u.remaining() + " bytes left after reading " + back);
        assertEquals(c.message(), back);
    }

    /** A command added to PmixCommand without a generator here fails this. */
    @Example
    void everyCommandHasItsRequest() {
        Set<PmixCommand> covered = MessageArbitraries.requests().stream()
                .map(a -> ValueArbitraries.sample(a, 1, 1).get(0).command())
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(PmixCommand.class)));
        assertEquals(EnumSet.allOf(PmixCommand.class), covered);
    }

    @Provide
    Arbitrary<MessageCase> messages() {
        return MessageArbitraries.messages();
    }
}
