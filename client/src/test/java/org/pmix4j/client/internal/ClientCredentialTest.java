package org.pmix4j.client.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.testkit.MungeDaemon;
import org.pmix4j.wire.protocol.NativeCredential;
import org.pmix4j.wire.psec.MungeClient;
import org.pmix4j.wire.psec.MungeToken;

/** The choice of security module, as libpmix makes it, with a real munged and without one. */
class ClientCredentialTest {
    private static MungeDaemon munged;
    private static MungeClient up;
    private static final MungeClient DOWN = new MungeClient(Path.of("/nonexistent/munge.socket"));

    @BeforeAll
    static void start() {
        munged = MungeDaemon.privateSocket();
        up = new MungeClient(munged.socket());
    }

    @AfterAll
    static void stop() {
        if (munged != null) {
            munged.close();
        }
    }

    @Test
    void mungeComesFirstWhenMungedAnswersWhateverTheListsOrder() throws Exception {
        for (List<String> allowed : List.of(List.<String>of(), List.of("munge", "native"), List.of("native", "munge"))) {
            ClientCredential c = ClientCredential.choose(allowed, up, 7, 8);
            assertEquals("munge", c.module(), allowed.toString());
            int uid = (int) new com.sun.security.auth.module.UnixSystem().getUid();
            assertEquals(uid, up.decode(MungeToken.fromCredential(c.credential())).uid(),
                    "the token is munged's word for this process, not for the ids passed in");
        }
    }

    @Test
    void nativeWhenMungeIsNotListedOrMungedIsAway() {
        ClientCredential listed = ClientCredential.choose(List.of("native"), up, 7, 8);
        assertEquals("native", listed.module());
        assertArrayEquals(new NativeCredential(7, 8).encode(), listed.credential());
        assertEquals("native", ClientCredential.choose(List.of("munge", "native"), DOWN, 7, 8).module());
        assertEquals("native", ClientCredential.choose(List.of(), DOWN, 7, 8).module());
        assertEquals("none", ClientCredential.choose(List.of("none"), up, 7, 8).module());
    }

    @Test
    void mungeOnlyWithoutMungedFailsWithMungedsError() {
        PmixException e = assertThrows(PmixException.class, () -> ClientCredential.choose(List.of("munge"), DOWN, 7, 8));
        assertEquals(PmixStatus.PMIX_ERR_INIT, e.status());
        assertTrue(e.getMessage().contains("munge cannot be used") && e.getMessage().contains("/nonexistent/munge.socket"),
                e.getMessage());
    }

    @Test
    void theEnvironmentListsTheModesAndNamesTheSocket() {
        assertEquals(List.of(), new ClientEnvironment(Map.of()).securityModes());
        assertEquals(List.of("munge", "native"),
                new ClientEnvironment(Map.of("PMIX_SECURITY_MODE", "munge,native")).securityModes());
        assertEquals(List.of("native"), new ClientEnvironment(Map.of("PMIX_SECURITY_MODE", "munge,native",
                "PMIX_MCA_psec", "native")).securityModes());
        assertEquals(List.of("munge", "native"), new ClientEnvironment(Map.of("PMIX_SECURITY_MODE", "munge,native",
                "PMIX_MCA_psec", "^none")).securityModes());
        PmixException none = assertThrows(PmixException.class, () -> new ClientEnvironment(Map.of(
                "PMIX_SECURITY_MODE", "munge", "PMIX_MCA_psec", "native")).securityModes());
        assertTrue(none.getMessage().contains("in common"), none.getMessage());
        assertEquals(MungeClient.DEFAULT_SOCKET, new ClientEnvironment(Map.of()).munged().socket());
        assertEquals(Path.of("/x/s"), new ClientEnvironment(Map.of("PMIX4J_MUNGE_SOCKET", "/x/s")).munged().socket());
    }
}
