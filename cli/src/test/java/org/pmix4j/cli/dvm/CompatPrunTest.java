package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.server.ServerConfig;

/**
 * pmix4j prun takes mpirun's and prterun's spellings as pmix4j run does (they share JobCommand): a job handed
 * to a real DVM gets the environment, MCA parameters and placement that those spellings mean.
 */
class CompatPrunTest {
    @TempDir
    Path tmp;

    @Test
    void prunTakesMpirunsSpellings() throws Exception {
        String host = ServerConfig.localHostname();
        try (DvmProcess dvm = DvmProcess.start(tmp, "--host", host + ":4")) {
            DvmProcess.Ended env = dvm.run("prun", "-np", "2", "-x", "A=1", "-mca", "btl", "self", "--set-env", "B=2",
                    "--unset-env", "HOME", "-tag-output", "sh", "-c", "echo $A $B $OMPI_MCA_btl ${HOME-unset}");
            assertEquals(0, env.status(), env.all());
            List<String> lines = env.stdout().lines().sorted().toList();
            assertEquals(2, lines.size(), env.all());
            for (String l : lines) {
                assertTrue(l.matches("\\[\\d+,[01]\\]<stdout>: 1 2 self unset"), env.all());
            }
            assertTrue(env.stderr().contains("-> --output tag"), env.all());

            DvmProcess.Ended perNode = dvm.run("prun", "-npernode", "2", "-q", "hostname");
            assertEquals(0, perNode.status(), perNode.all());
            assertEquals(List.of(host, host), perNode.stdout().lines().toList(), perNode.all());
            assertEquals("", perNode.stderr(), perNode.all());

            DvmProcess.Ended refused = dvm.run("prun", "--enable-recovery", "-np", "1", "hostname");
            assertEquals(2, refused.status(), refused.all());
            assertTrue(refused.stderr().contains("--enable-recovery is not supported"), refused.all());
        }
    }
}
