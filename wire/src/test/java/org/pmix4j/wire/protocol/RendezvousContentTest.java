package org.pmix4j.wire.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class RendezvousContentTest {
    /** The file libpmix 4.2.2 wrote in the protocol captures (pmix-v4-protocol.md section 2.4). */
    private static final String LIBPMIX = "tcserver.0;tcp4://127.0.0.1:56525\n4.2.2rc2\n2524\n0:0\n"
            + "Sat Nov 21 22:12:05 2026\n\n";

    @Test
    void formatIsByteForByteThatOfLibpmix() throws Exception {
        RendezvousContent c = new RendezvousContent("tcserver.0;tcp4://127.0.0.1:56525", "4.2.2rc2", 2524, 0, 0,
                "Sat Nov 21 22:12:05 2026");
        assertEquals(LIBPMIX, c.format());
        assertEquals(c, RendezvousContent.parse(LIBPMIX));
    }

    @Test
    void ctimeMatchesTheCLibrary() {
        assertEquals("Sat Nov 21 22:12:05 2026",
                RendezvousContent.ctime(ZonedDateTime.of(2026, 11, 21, 22, 12, 5, 0, ZoneOffset.UTC)));
        assertEquals("Sun Nov  1 09:05:03 2026",
                RendezvousContent.ctime(ZonedDateTime.of(2026, 11, 1, 9, 5, 3, 0, ZoneOffset.UTC)));
        assertEquals("Thu Jan  1 00:00:00 1970",
                RendezvousContent.ctime(ZonedDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC)));
    }

    @Test
    void parsesUriFieldsAsATool() throws Exception {
        RendezvousContent c = RendezvousContent.parse(
                "prterun-n1-42@0.7;tcp4://10.0.0.1:1234\n4.2.2\n99\n1000:100\nMon Jan  5 01:02:03 2026\n\n");
        assertEquals("prterun-n1-42@0", c.serverNspace());
        assertEquals(7, c.serverRank());
        assertEquals("tcp4://10.0.0.1:1234", c.address());
        assertEquals(99, c.pid());
        assertEquals(1000, c.uid());
        assertEquals(100, c.gid());
        assertEquals("Mon Jan  5 01:02:03 2026", c.time());
    }

    @Test
    void onlyTheUriIsRequired() throws Exception {
        RendezvousContent c = RendezvousContent.parse("a.b.0;tcp4://127.0.0.1:1\n");
        assertEquals("a.b", c.serverNspace());
        assertEquals("", c.version());
        assertFalse(c.hasPid());
        RendezvousContent urifile = RendezvousContent.parse("a.0;tcp4://127.0.0.1:1\nv4.2.2\n");
        assertEquals("v4.2.2", urifile.version());
    }

    @Test
    void rejectsWhatATool422WouldReject() {
        for (String bad : new String[] {"", "garbage\n", "nodot;tcp4://x\n", "a.0\n", "a.0;x;y\n", "a.x;tcp\n",
            "a.0;tcp4://x\n4.2.2\nnotapid\n", "a.0;tcp4://x\n4.2.2\n1\n12\n"}) {
            assertThrows(RendezvousFormatException.class, () -> RendezvousContent.parse(bad), bad);
        }
    }

    @Test
    void lenientParseNeedsOnlyTheUriAndWritingThenReadingGivesTheSameContent() throws Exception {
        RendezvousContent written = RendezvousContent.of("s.0;tcp4://127.0.0.1:9", "4.2.2", 77, 1000, 100,
                ZonedDateTime.of(2026, 11, 1, 9, 5, 3, 0, ZoneOffset.UTC));
        assertEquals(written, RendezvousContent.parse(written.format()));
        assertEquals(written, RendezvousContent.parseLenient(written.format()));
        RendezvousContent onlyUri = RendezvousContent.parseLenient(" s.1;tcp4://127.0.0.1:9 \n");
        assertEquals("s.1;tcp4://127.0.0.1:9", onlyUri.uri());
        assertEquals("", onlyUri.version());
        assertEquals(-1, onlyUri.pid());
        RendezvousContent badNumbers = RendezvousContent.parseLenient("s.1;tcp4://127.0.0.1:9\nv\nx\ny\n");
        assertEquals(-1, badNumbers.pid());
        assertEquals(-1, badNumbers.uid());
        assertThrows(RendezvousFormatException.class, () -> RendezvousContent.parse("s.1;tcp4://127.0.0.1:9\nv\nx\n"));
        assertThrows(RendezvousFormatException.class, () -> RendezvousContent.parseLenient("\n"));
        assertThrows(RendezvousFormatException.class, () -> RendezvousContent.parseLenient("not a uri\n"));
    }
}
