package org.pmix4j.client.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.client.programs.ModexProgram;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * The Java client under Open MPI 4.1's mpirun, whose PMIx server is the real libpmix 4.2.2 (inside ORTE,
 * offering the shared-memory data store first: the client must ask for "hash" regardless). Four JVMs
 * initialize, read rank, size and local peers, put, commit, fence with data collection, get every peer's
 * key, publish and look up, and finalize.
 */
class MpirunClientTest {
    @Test
    void fourJavaProcessesDoTheWholeModexUnderMpirun() {
        NativeBuild.requireTool("mpirun", "openmpi-bin");
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "4"));
        cmd.addAll(JavaProgram.command(ModexProgram.class));
        Run.Result r = Run.command(cmd).timeout(Duration.ofMinutes(2)).go();
        assertEquals(0, r.exitCode(), r.all());
        String out = r.stdout();
        for (int rank = 0; rank < 4; rank++) {
            String me = "RESULT rank " + rank + " ";
            assertTrue(out.matches("(?s).*" + me + "init nspace=\\d+ size=4 localPeers=\\[0, 1, 2, 3\\].*"), out);
            assertTrue(out.contains(me + "gets=[G-from-0, G-from-1, G-from-2, G-from-3]"), out);
            assertTrue(out.contains(me + "lookup=[mx.svc.0=port-0@0, mx.svc.1=port-1@1, mx.svc.2=port-2@2,"
                    + " mx.svc.3=port-3@3]"), out);
            assertTrue(out.contains(me + "finalize"), out);
        }
    }
}
