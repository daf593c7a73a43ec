package org.pmix4j.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PeerTextTest {
    @Test
    void aPeersTextCannotBreakALogLineNorFloodIt() {
        assertEquals("job\\x0a2026-11-24 WARN forged", PeerText.quote("job\n2026-11-24 WARN forged"));
        assertEquals("a".repeat(64) + "...(131072 characters)", PeerText.quote("a".repeat(131072)));
        assertEquals("plain-name.1", PeerText.quote("plain-name.1"));
        assertEquals("(none)", PeerText.quote(null));
    }
}
