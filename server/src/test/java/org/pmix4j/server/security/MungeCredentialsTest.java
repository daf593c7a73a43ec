package org.pmix4j.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.testkit.MungeDaemon;
import org.pmix4j.testkit.Run;
import org.pmix4j.wire.psec.MungeClient;
import org.pmix4j.wire.psec.MungeToken;

/** The server's check of munge credentials, against a real munged with a key of its own. */
class MungeCredentialsTest {
    @TempDir
    static Path tmp;

    private static MungeDaemon munged;
    private static MungeClient client;
    private static MungeCredentials credentials;

    @BeforeAll
    static void start() {
        munged = MungeDaemon.privateSocket();
        client = new MungeClient(munged.socket());
        credentials = new MungeCredentials(client);
    }

    @AfterAll
    static void stop() {
        if (munged != null) {
            munged.close();
        }
    }

    private static PmixException refused(byte[] credential) {
        PmixException e = assertThrows(PmixException.class, () -> credentials.verify(credential));
        assertEquals(PmixStatus.PMIX_ERR_INVALID_CRED, e.status(), e.getMessage());
        return e;
    }

    @Test
    void aGenuineTokenGivesTheIdsOfWhoMadeIt() throws Exception {
        var sys = new com.sun.security.auth.module.UnixSystem();
        MungeCredentials.Identity id = credentials.verify(MungeToken.toCredential(client.encode()));
        assertEquals(new MungeCredentials.Identity((int) sys.getUid(), (int) sys.getGid()), id);
    }

    @Test
    void theIdsAreThoseMungedVouchesFor() {
        // root may have munged vouch for any user: the ids come from the token, not from who hands it over
        Run.Result made = Run.command("munge", "-n", "-S", munged.socket().toString(), "-U", "4242", "-G", "4343")
                .go();
        assertEquals(0, made.exitCode(), made.all());
        assertEquals(new MungeCredentials.Identity(4242, 4343),
                credentials.verify(MungeToken.toCredential(made.stdout().strip())));
    }

    @Test
    void aTokenThatOnlyAnotherUserMayDecodeIsRefused() {
        Run.Result made = Run.command("munge", "-n", "-S", munged.socket().toString(), "-u", "4242").go();
        assertEquals(0, made.exitCode(), made.all());
        PmixException e = refused(MungeToken.toCredential(made.stdout().strip()));
        assertTrue(e.getMessage().contains("Unauthorized"), e.getMessage());
    }

    @Test
    void replayedForgedAndMalformedTokensAreRefusedWithMungedsReason() throws Exception {
        byte[] once = MungeToken.toCredential(client.encode());
        credentials.verify(once);
        assertTrue(refused(once).getMessage().contains("Replayed credential"));

        String forged = "MUNGE:" + "A".repeat(120) + "=:";
        assertTrue(refused(MungeToken.toCredential(forged)).getMessage().contains("munge credential refused"));

        assertTrue(refused(new byte[0]).getMessage().contains("empty"));
        assertTrue(refused("x\0y".getBytes(StandardCharsets.US_ASCII)).getMessage().contains("NUL"));
        assertTrue(refused(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}).getMessage().contains("printable"));
    }

    @Test
    void aMungedThatIsGoneIsSaidSo() throws Exception {
        String token = client.encode();
        MungeCredentials elsewhere = new MungeCredentials(new MungeClient(tmp.resolve("gone.socket")));
        PmixException e = assertThrows(PmixException.class, () -> elsewhere.verify(MungeToken.toCredential(token)));
        assertEquals(PmixStatus.PMIX_ERR_INVALID_CRED, e.status());
        assertTrue(e.getMessage().contains("cannot be checked") && e.getMessage().contains("gone.socket"),
                e.getMessage());
    }
}
