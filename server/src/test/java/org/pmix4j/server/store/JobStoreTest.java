package org.pmix4j.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pmix4j.server.store.Payloads.i;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

class JobStoreTest {

    @Test
    void registerGetDeregister() {
        JobStore s = new JobStore("h0", new SessionDirs("/t", ns -> "/t/" + ns, null));
        JobData a = s.register("a", 1, List.of(i(Attributes.JOB_SIZE, 1)));
        JobData b = s.register("b", 2, List.of(i(Attributes.JOB_SIZE, 2)));
        assertEquals(Set.of("a", "b"), s.nspaces());
        assertSame(a, s.get("a").orElseThrow());
        assertSame(b, s.require("b"));
        assertEquals("h0", a.serverHostname());
        assertEquals("/t/b", ((org.pmix4j.api.Value.Str) b.find(org.pmix4j.api.Rank.WILDCARD, "pmix.nsdir",
                List.of()).orElseThrow()).value());
        assertTrue(s.deregister("a"));
        assertFalse(s.deregister("a"));
        assertTrue(s.get("a").isEmpty());
        assertFalse(s.contains("a"));
        assertEquals(PmixStatus.PMIX_ERR_INVALID_NAMESPACE,
                assertThrows(PmixException.class, () -> s.require("a")).status());
        assertEquals(1, s.size());
    }

    @Test
    void reRegistrationReplacesAndABadOneKeepsTheOld() {
        JobStore s = new JobStore("h0");
        s.register("a", 1, List.of(i(Attributes.JOB_SIZE, 1)));
        JobData second = s.register("a", 2, List.of(i(Attributes.JOB_SIZE, 2)));
        assertSame(second, s.require("a"));
        assertThrows(PmixException.class, () -> s.register("a", 2, List.of(i(Attributes.PROC_MAP, "0;1"))));
        assertSame(second, s.require("a"));
    }
}
