package org.pmix4j.server.sessiondir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;

class HostNameAndFileNameTest {
    @Test
    void hostNameComesFromAttributeThenEnvironmentThenOs() {
        assertEquals("attr", HostName.resolve(List.of(Attributes.HOSTNAME.info("attr")),
                Map.of("PMIX_HOSTNAME", "env")));
        assertEquals("inner", HostName.resolve(List.of(Attributes.NODE_INFO_ARRAY.info(
                DataArray.ofInfos(List.of(Attributes.HOSTNAME.info("inner"))))), Map.of("PMIX_HOSTNAME", "env")));
        assertEquals("env.example.org", HostName.resolve(List.of(), Map.of("PMIX_HOSTNAME", "env.example.org")));
        String os = HostName.osHostName();
        assertEquals(HostName.shorten(os, false), HostName.resolve(List.of(), Map.of()));
        assertEquals(os, HostName.resolve(List.of(Attributes.HOSTNAME_KEEP_FQDN.info(true)), Map.of()));
    }

    @Test
    void shorteningCutsAtFirstDotExceptAddressesOrWhenKept() {
        assertEquals("node1", HostName.shorten("node1.cluster.example.org", false));
        assertEquals("node1.cluster", HostName.shorten("node1.cluster", true));
        assertEquals("10.1.2.3", HostName.shorten("10.1.2.3", false));
        assertEquals("fe80::1", HostName.shorten("fe80::1", false));
        assertEquals("plain", HostName.shorten("plain", false));
    }

    @Test
    void ordinaryNamespacesKeepTheirName() {
        for (String ns : List.of("prterun-node1-4242@1", "slurm.pmix.12.0", "job_1", "a+b,c=d")) {
            assertEquals(ns, SafeFileName.encode(ns));
            assertTrue(SafeFileName.isPlain(ns));
        }
    }

    @Test
    void otherNamespacesAreEncodedSafelyAndDistinctly() {
        assertEquals("a%2Fb", SafeFileName.encode("a/b"));
        assertEquals("a%252Fb", SafeFileName.encode("a%2Fb")); // '%' itself is encoded: no collision
        assertEquals("%2E", SafeFileName.encode("."));
        assertEquals("%2E%2E", SafeFileName.encode(".."));
        assertEquals("my%20job", SafeFileName.encode("my job"));
        assertEquals("%C3%A9", SafeFileName.encode("\u00e9"));
        assertFalse(SafeFileName.isPlain("a/b"));
        assertThrows(IllegalArgumentException.class, () -> SafeFileName.encode(""));
        String longA = "x".repeat(300);
        String longB = "x".repeat(299) + "y";
        String ea = SafeFileName.encode(longA);
        assertTrue(ea.getBytes(StandardCharsets.UTF_8).length <= 255, ea);
        assertNotEquals(ea, SafeFileName.encode(longB));
        for (String s : List.of("a/b", "..", "x".repeat(300), "\u00e9/\u00e8")) {
            String e = SafeFileName.encode(s);
            assertFalse(e.contains("/") || e.equals(".") || e.equals(".."), e);
        }
    }

    @Test
    void rendezvousNamesAreThoseOfLibpmix() {
        java.nio.file.Path sys = java.nio.file.Path.of("/s");
        java.nio.file.Path srv = java.nio.file.Path.of("/v");
        assertEquals("/s/pmix.sys.h1", RendezvousNames.system(sys, "h1").toString());
        assertEquals("/v/pmix.h1.tool", RendezvousNames.session(srv, "h1").toString());
        assertEquals("/v/pmix.h1.tool.4242", RendezvousNames.toolPid(srv, "h1", 4242).toString());
        assertEquals("/v/pmix.h1.tool.prterun-h1-1@0", RendezvousNames.toolNspace(srv, "h1", "prterun-h1-1@0")
                .toString());
        assertEquals("/v/pmix.h1.tool.my job", RendezvousNames.toolNspace(srv, "h1", "my job").toString());
        assertEquals("/v/pmix.h1.tool.a%2Fb", RendezvousNames.toolNspace(srv, "h1", "a/b").toString());
        assertEquals("/s/pmix.sched.h1", RendezvousNames.scheduler(sys, "h1").toString());
        assertEquals("/s/pmix.sysctrlr.h1", RendezvousNames.systemController(sys, "h1").toString());
    }

    @Test
    void sysControllerAttributeKeyIsThatOfOpenPmix() {
        assertEquals("pmix.srv.ctrlr", SessionAttributes.SERVER_SYS_CONTROLLER.key());
        Info i = SessionAttributes.SERVER_SYS_CONTROLLER.info(true);
        assertTrue(SessionAttributes.flag(List.of(i), SessionAttributes.SERVER_SYS_CONTROLLER));
    }
}
