package org.pmix4j.server.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;

class NotifyMessageTest {
    /**
     * The event of the reference capture (cap_srv1_extras: rank 0 of "tcjob" notified -3010 with
     * tc-event-info="hello", range NAMESPACE, delivered by the libpmix server to rank 1 in 73 bytes).
     */
    private static Notification captured() {
        List<Info> info = EventService.markRelayed(List.of(Info.of("tc-event-info", "hello")));
        DataRange range = DataRange.NAMESPACE;
        return new Notification(0, -3010, new Proc("tcjob", 0), range, info,
                EventDirectives.ofEvent(-3010, range, info), -1, Instant.EPOCH, ns -> true);
    }

    @Test
    void hasTheLayoutAndSizeOfLibpmixsMessage() {
        byte[] bytes = captured().message().payload(BufferKind.NON_DESCRIBED);
        assertEquals(73, bytes.length);
        Unpacker in = new Unpacker(bytes, BufferKind.NON_DESCRIBED);
        assertEquals(12, in.command());
        assertEquals(-3010, in.status());
        assertEquals(new Proc("tcjob", 0), in.proc());
        List<Info> info = in.sizedInfos("event info");
        assertEquals(List.of(Info.of("tc-event-info", "hello"), Info.of(EventService.INTERNAL_NOTIFY_KEY, true)), info);
        assertEquals(DataRange.NAMESPACE, in.unpackOne(DataType.DATA_RANGE));
        assertFalse(in.hasRemaining());
    }

    @Test
    void anEventWithoutInfoSendsOnlyTheCount() {
        Notification n = new Notification(0, -3010, new Proc("tcjob", 0), DataRange.SESSION, List.of(),
                EventDirectives.NONE, -1, Instant.EPOCH, ns -> true);
        Unpacker in = new Unpacker(n.message().payload(BufferKind.FULLY_DESCRIBED),
                BufferKind.FULLY_DESCRIBED);
        in.command();
        in.status();
        in.proc();
        assertEquals(List.of(), in.sizedInfos("event info"));
        assertEquals(DataRange.SESSION, in.unpackOne(DataType.DATA_RANGE));
        assertFalse(in.hasRemaining());
    }
}
