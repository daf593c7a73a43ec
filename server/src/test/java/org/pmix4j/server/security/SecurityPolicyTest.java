package org.pmix4j.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.security.SecurityPolicy.MungeUse;
import org.pmix4j.wire.psec.MungeClient;

class SecurityPolicyTest {
    private static SecurityPolicy of(Map<String, String> env) {
        return SecurityPolicy.fromEnvironment(env);
    }

    @Test
    void byDefaultMungeIsOfferedWhenMungedAnswersAndRemoteNativeClaimsAreRefused() {
        SecurityPolicy p = of(Map.of());
        assertEquals(SecurityPolicy.defaults(), p);
        assertEquals(MungeClient.DEFAULT_SOCKET, p.mungeSocket());
        assertEquals(List.of("munge", "native"), p.offeredModules(true));
        assertEquals(List.of("native"), p.offeredModules(false));
        assertNull(p.refusal("munge", false));
        assertNull(p.refusal("native", true));
        String remote = p.refusal("native", false);
        assertTrue(remote.contains("another node") && remote.contains("PMIX4J_PSEC_REMOTE_NATIVE=allow"), remote);
        assertTrue(p.refusal("none", true).contains("'none'"));
    }

    @Test
    void theSiteMayAllowRemoteNativeClaims() {
        SecurityPolicy p = of(Map.of("PMIX4J_PSEC_REMOTE_NATIVE", "allow"));
        assertTrue(p.remoteNativeClaims());
        assertNull(p.refusal("native", false));
        PmixException bad = assertThrows(PmixException.class, () -> of(Map.of("PMIX4J_PSEC_REMOTE_NATIVE", "yes")));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, bad.status());
        assertTrue(bad.getMessage().contains("PMIX4J_PSEC_REMOTE_NATIVE='yes'"), bad.getMessage());
    }

    @Test
    void pmixMcaPsecChoosesModulesAsForLibpmix() {
        assertEquals(MungeUse.OFFERED, of(Map.of("PMIX_MCA_psec", "native,munge")).munge());
        assertEquals(MungeUse.OFF, of(Map.of("PMIX_MCA_psec", "native")).munge());
        assertEquals(MungeUse.OFF, of(Map.of("PMIX_MCA_psec", "^munge")).munge());
        assertEquals(MungeUse.REQUIRED, of(Map.of("PMIX_MCA_psec", "munge")).munge());
        assertEquals(MungeUse.REQUIRED, of(Map.of("PMIX_MCA_psec", "^native")).munge());

        SecurityPolicy off = of(Map.of("PMIX_MCA_psec", "native"));
        assertEquals(List.of("native"), off.offeredModules(true));
        assertTrue(off.refusal("munge", true).contains("does not accept"));

        SecurityPolicy required = of(Map.of("PMIX_MCA_psec", "munge"));
        assertEquals(List.of("munge"), required.offeredModules(true));
        PmixException none = assertThrows(PmixException.class, () -> required.offeredModules(false));
        assertTrue(none.getMessage().contains("requires munged") && none.getMessage().contains("munge.socket.2"),
                none.getMessage());
        assertTrue(required.refusal("native", true).contains("requires 'munge'"));
        assertNull(required.refusal("munge", false));
    }

    @Test
    void aServerThatRequiresMungeDoesNotStartWithoutMunged(@TempDir Path tmp) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PMIX_MCA_psec", "munge");
        env.put("PMIX4J_MUNGE_SOCKET", tmp.resolve("no-munged.socket").toString());
        PmixException e = assertThrows(PmixException.class, () -> PmixServer.start(null, List.of(
                Attributes.SERVER_TMPDIR.info(tmp.toString()), Attributes.SYSTEM_TMPDIR.info(tmp.toString())), env)
                .close());
        assertEquals(PmixStatus.PMIX_ERR_INIT, e.status());
        assertTrue(e.getMessage().contains("requires munged") && e.getMessage().contains("no-munged.socket"),
                e.getMessage());
    }

    @Test
    void withoutMungedTheServerOffersNative(@TempDir Path tmp) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("PMIX_MCA_psec");
        env.put("PMIX4J_MUNGE_SOCKET", tmp.resolve("no-munged.socket").toString());
        try (PmixServer s = PmixServer.start(null, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())), env)) {
            s.registerNspace("nomunge", 1, List.of(Attributes.JOB_SIZE.info(1))).join();
            Map<String, String> fork = s.setupFork(new Proc("nomunge", 0));
            assertEquals("native", fork.get("PMIX_SECURITY_MODE"));
            // our clients are told which munged their server asks
            assertEquals(tmp.resolve("no-munged.socket").toString(), fork.get("PMIX4J_MUNGE_SOCKET"));
        }
    }

    @Test
    void unknownModulesAndEmptyChoicesAreRefused() {
        PmixException e = assertThrows(PmixException.class, () -> of(Map.of("PMIX_MCA_psec", "munge,none")));
        assertTrue(e.getMessage().contains("not 'none'"), e.getMessage());
        PmixException empty = assertThrows(PmixException.class, () -> of(Map.of("PMIX_MCA_psec", "^munge,native")));
        assertTrue(empty.getMessage().contains("leaves no security module"), empty.getMessage());
    }

    @Test
    void anotherMungeSocketIsTaken() {
        SecurityPolicy p = of(Map.of("PMIX4J_MUNGE_SOCKET", "/tmp/x/munge.socket"));
        assertEquals(Path.of("/tmp/x/munge.socket"), p.mungeSocket());
        assertEquals(p.mungeSocket(), p.mungeClient().socket());
        assertFalse(p.mungeClient().reachable());
    }
}
