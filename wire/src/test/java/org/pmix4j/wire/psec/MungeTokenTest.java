package org.pmix4j.wire.psec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MungeTokenTest {
    @Test
    void aTokenTravelsWithOneNulAsLibpmixSendsIt() {
        byte[] cred = MungeToken.toCredential("MUNGE:abc=:");
        assertArrayEquals("MUNGE:abc=:\0".getBytes(StandardCharsets.US_ASCII), cred);
        assertEquals("MUNGE:abc=:", MungeToken.fromCredential(cred));
        assertEquals("MUNGE:abc=:", MungeToken.fromCredential("MUNGE:abc=:".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void badCredentialsAreRefusedWithWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MungeToken.fromCredential(new byte[] {0}))
                .getMessage().contains("empty"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MungeToken.fromCredential(
                "MUN\0GE:".getBytes(StandardCharsets.US_ASCII))).getMessage().contains("NUL at byte 3"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MungeToken.fromCredential(
                new byte[] {'M', (byte) 0xff, 0})).getMessage().contains("0xff"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MungeToken.fromCredential(
                new byte[MungeToken.MAX_LENGTH + 2])).getMessage().contains("more than"));
    }
}
