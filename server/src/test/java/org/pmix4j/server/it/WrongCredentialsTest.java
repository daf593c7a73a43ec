package org.pmix4j.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * A client run by another uid or gid (as the kernel reports its socket's owner and holder) than the host
 * registered it with is refused: the real libpmix client's PMIx_Init fails. The server keeps serving: a
 * correctly registered client of the same job initializes and finalizes afterwards, and so does the
 * refused rank once the host registers it again with its real ids.
 *
 * <p>The reason is logged (ConnectAcceptor, WARN "refused connection ... run by uid ..., not by the registered uid");
 * the server module's tests run without an slf4j binding, so the log is not checked here.
 */
class WrongCredentialsTest {
    @TempDir
    Path tmp;

    private static Path exe;

    @BeforeAll
    static void build() {
        exe = NativeBuild.pmixProgram(Path.of("src/test/c/init_and_exit.c"));
    }

    private static Run.Result client(PmixServer server, Proc p) {
        return Run.command(exe.toString()).env(server.setupFork(p)).timeout(Duration.ofSeconds(30)).go();
    }

    @ParameterizedTest(name = "wrong {0}")
    @ValueSource(strings = {"uid", "gid", "both"})
    void refusedClientFailsInitAndServerKeepsServing(String wrong) throws Exception {
        var sys = new com.sun.security.auth.module.UnixSystem();
        int uid = (int) sys.getUid();
        int gid = (int) sys.getGid();
        int badUid = wrong.equals("gid") ? uid : uid + 4242;
        int badGid = wrong.equals("uid") ? gid : gid + 4242;
        try (PmixServer server = PmixServer.start(null, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())))) {
            server.registerNspace("creds", 2, List.of(Attributes.JOB_SIZE.info(2))).join();
            server.registerClient(new Proc("creds", 0), badUid, badGid).join();
            server.registerClient(new Proc("creds", 1), uid, gid).join();

            Run.Result refused = client(server, new Proc("creds", 0));
            assertEquals(1, refused.exitCode(), "PMIx_Init of a client with the wrong " + wrong
                    + " must fail (exit 1), not hang (-1) or succeed (0)\n" + refused.all());
            assertTrue(refused.stderr().contains("PMIx_Init failed"), refused.all());

            Run.Result ok = client(server, new Proc("creds", 1));
            assertEquals(0, ok.exitCode(), "a correctly registered peer after the refusal\n" + ok.all());
            assertTrue(ok.stdout().contains("ready creds:1"), ok.all());

            // the host fixes the registration: the same rank gets in
            server.deregisterClient(new Proc("creds", 0)).join();
            server.registerClient(new Proc("creds", 0), uid, gid).join();
            Run.Result again = client(server, new Proc("creds", 0));
            assertEquals(0, again.exitCode(), "rank 0 re-registered with its real ids\n" + again.all());
        }
    }
}
