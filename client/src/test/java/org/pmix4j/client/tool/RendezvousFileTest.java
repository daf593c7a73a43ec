package org.pmix4j.client.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;

class RendezvousFileTest {
    @TempDir
    Path dir;

    @Test
    void readsWhatLibpmixWrites() throws Exception {
        Path f = dir.resolve("pmix.vm.tool.2524");
        // the bytes of a libpmix 4.2.2 server's file (protocol notes, section 2.4)
        Files.writeString(f, "tcserver.0;tcp4://127.0.0.1:56525\n4.2.2rc2\n2524\n0:0\nSat Nov 21 22:12:05 2026\n\n");
        RendezvousFile r = RendezvousFile.read(f);
        assertEquals(new Proc("tcserver", 0), r.uri().server());
        assertEquals(56525, r.uri().port());
        assertEquals("4.2.2rc2", r.version());
        assertEquals(2524, r.pid());
    }

    @Test
    void onlyTheUriIsRequired() {
        RendezvousFile r = RendezvousFile.parse("s.1;tcp4://127.0.0.1:9\n", "f");
        assertEquals("", r.version());
        assertEquals(-1, r.pid());
        assertThrows(PmixException.class, () -> RendezvousFile.parse("\n", "f"));
        assertThrows(PmixException.class, () -> RendezvousFile.parse("not a uri\n", "f"));
        assertThrows(NoSuchFileException.class, () -> RendezvousFile.read(dir.resolve("absent")));
    }

    @Test
    void formatIsLibpmixsLayout() {
        String text = RendezvousFile.format("s.0;tcp4://127.0.0.1:9", "4.2.2", 77, 0, 0,
                ZonedDateTime.of(2026, 11, 1, 9, 5, 3, 0, ZoneOffset.UTC));
        assertEquals("s.0;tcp4://127.0.0.1:9\n4.2.2\n77\n0:0\nSun Nov  1 09:05:03 2026\n\n", text);
        RendezvousFile back = RendezvousFile.parse(text, "f");
        assertEquals(77, back.pid());
        assertTrue(back.uri().text().startsWith("s.0;"));
    }
}
