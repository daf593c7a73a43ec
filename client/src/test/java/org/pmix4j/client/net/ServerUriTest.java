package org.pmix4j.client.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

class ServerUriTest {
    @Test
    void mpirunAndLibpmixAndPmix4jForms() {
        ServerUri m = ServerUri.parse("729350144.0;tcp4://127.0.0.1:34501", "PMIX_SERVER_URI41");
        assertEquals(new Proc("729350144", 0), m.server());
        assertEquals("127.0.0.1", m.host());
        assertEquals(34501, m.port());
        // the namespace is everything before the last dot
        ServerUri p = ServerUri.parse("pmix4j-vm-42@0.0;tcp4://127.0.0.1:1234", "x");
        assertEquals(new Proc("pmix4j-vm-42@0", 0), p.server());
        ServerUri dotted = ServerUri.parse("slurm.pmix.12.0.3;tcp4://10.0.0.1:5", "x");
        assertEquals(new Proc("slurm.pmix.12.0", 3), dotted.server());
        ServerUri v6 = ServerUri.parse("srv.0;tcp6://[::1]:4711", "x");
        assertEquals("::1", v6.host());
        assertEquals(4711, v6.port());
    }

    @Test
    void malformedUrisNameWhatIsWrong() {
        for (String bad : new String[] {"", "nosemicolon", "srv.0;", ";tcp4://1.2.3.4:5", "srv;tcp4://1.2.3.4:5",
            "srv.x;tcp4://1.2.3.4:5", "srv.0;udp://1.2.3.4:5", "srv.0;tcp4://1.2.3.4", "srv.0;tcp4://1.2.3.4:99999",
            "srv.0;tcp6://::1:5"}) {
            PmixException e = assertThrows(PmixException.class, () -> ServerUri.parse(bad, "PMIX_SERVER_URI"), bad);
            assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, e.status());
            assertTrue(e.getMessage().contains("PMIX_SERVER_URI"), e.getMessage());
        }
    }
}
