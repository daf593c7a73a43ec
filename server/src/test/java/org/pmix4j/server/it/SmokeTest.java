package org.pmix4j.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

class SmokeTest {
    @TempDir
    Path tmp;

    @Test
    void libpmixClientInitGetsFinalizes() throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/smoke_client.c"));
        try (PmixServer server = PmixServer.start(null, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())))) {
            String host = server.config().hostname();
            server.registerNspace("smoke", 2, List.of(Attributes.JOB_SIZE.info(2),
                    Attributes.NODE_MAP.info(host), Attributes.PROC_MAP.info("0,1"))).join();
            var sys = new com.sun.security.auth.module.UnixSystem();
            for (int r = 0; r < 2; r++) {
                server.registerClient(new Proc("smoke", r), (int) sys.getUid(), (int) sys.getGid()).join();
            }
            Run.Result res = Run.command(exe.toString()).env(server.setupFork(new Proc("smoke", 1))).go();
            assertEquals(0, res.exitCode(), res.all());
            assertTrue(res.stdout().contains("rank 1 of 2"), res.all());
            assertTrue(res.stdout().contains("peers 0,1"), res.all());
            assertTrue(res.stdout().contains("lrank 1"), res.all());
        }
    }
}
