package org.pmix4j.client.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.client.programs.ModexProgram;
import org.pmix4j.testkit.MungeDaemon;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * The Java client with munge under Open MPI 4.1's mpirun, a real libpmix 4.2.2 server. With munged at its
 * default socket, mpirun's libpmix offers "munge,native"; told PMIX_MCA_psec=munge it offers only munge
 * and refuses anything else, so a whole modex run there proves that its munge module accepted the tokens
 * our client made (each connection a fresh one).
 */
class MungeMpirunTest {
    private static MungeDaemon munged;

    @BeforeAll
    static void start() {
        NativeBuild.requireTool("mpirun", "openmpi-bin");
        munged = MungeDaemon.atDefaultSocket();
    }

    @AfterAll
    static void stop() {
        if (munged != null) {
            munged.close();
        }
    }

    @Test
    void fourJavaProcessesGetInWithMungeAndDoTheModex() {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "4",
                "-x", "PMIX_MCA_psec"));
        cmd.addAll(JavaProgram.command(ModexProgram.class));
        Run.Result r = Run.command(cmd).env("PMIX_MCA_psec", "munge").timeout(Duration.ofMinutes(2)).go();
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 4; rank++) {
            String me = "RESULT rank " + rank + " ";
            assertTrue(r.stdout().contains(me + "gets=[G-from-0, G-from-1, G-from-2, G-from-3]"), r.all());
            assertTrue(r.stdout().contains(me + "finalize"), r.all());
        }
    }

    /**
     * A client that cannot get a token where munge is the only module fails at once, naming munged's socket;
     * it does not try native (which mpirun's libpmix would refuse by closing the connection, after which
     * Open MPI 4.1.4's mpirun was seen to hang instead of ending the job).
     */
    @Test
    void aClientThatCannotMakeATokenFailsClearly() {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "-np", "1",
                "-x", "PMIX_MCA_psec", "-x", "PMIX4J_MUNGE_SOCKET"));
        cmd.addAll(JavaProgram.command(ModexProgram.class));
        Run.Result r = Run.command(cmd).env("PMIX_MCA_psec", "munge").env("PMIX4J_MUNGE_SOCKET", "/nonexistent/socket")
                .timeout(Duration.ofMinutes(2)).go();
        assertEquals(1, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("munge cannot be used") && r.stderr().contains("/nonexistent/socket"), r.all());
    }

    @Test
    void mpirunOffersMungeFirstWhenMungedRuns() {
        Run.Result r = Run.command("mpirun", "--allow-run-as-root", "-np", "1", "printenv", "PMIX_SECURITY_MODE")
                .unsetEnv("PMIX_MCA_psec").timeout(Duration.ofMinutes(1)).go();
        assertEquals(0, r.exitCode(), r.all());
        assertEquals("munge,native", r.stdout().strip(), r.all());
    }
}
