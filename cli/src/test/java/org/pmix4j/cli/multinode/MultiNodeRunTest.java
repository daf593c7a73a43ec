package org.pmix4j.cli.multinode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.testkit.TestHosts;

/** {@code pmix4j run} across hosts built by the test (network namespaces with their own sshd). */
class MultiNodeRunTest {
    private static TestHosts hosts;

    @BeforeAll
    static void hosts() {
        TestHosts.assumeAvailable();
        hosts = TestHosts.create(3);
    }

    @AfterAll
    static void teardown() {
        if (hosts != null) {
            hosts.close();
        }
    }

    private static Run.Result run(String... args) {
        List<String> runArgs = new ArrayList<>(List.of("--launch-agent", String.join(" ", hosts.launchAgent())));
        runArgs.addAll(List.of(args));
        List<String> cmd = LauncherProcess.commandLine(List.of(), "run", runArgs);
        return hosts.on("h1", cmd.toArray(String[]::new)).timeout(Duration.ofSeconds(60)).go();
    }

    @Test
    void aProgramRunsOnEveryHost() {
        Run.Result r = run("--host", "h1,h2,h3", "--map-by", "node", "-n", "3", "hostname");
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdout().lines().sorted().toList();
        assertEquals(List.of("h1", "h2", "h3"), lines, r.all());
    }

    @Test
    void aCollectingFenceAndGetsCrossTheNodes() {
        checkModex("fence");
    }

    @Test
    void aRemoteRanksKeyComesByDirectModex() {
        checkModex("dmodex");
    }

    @Test
    void aGetWithoutFenceWaitsForTheRemoteCommit() {
        checkModex("get");
    }

    /** Two ranks per host on three hosts, tree radix 1 (h3 is reached through h2): every rank reads every key. */
    private static void checkModex(String mode) {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/multinode_client.c"));
        Run.Result r = run("--host", "h1:2,h2:2,h3:2", "--tree-radix", "1", "-n", "6", exe.toString(), mode);
        assertEquals(0, r.exitCode(), r.all());
        String out = r.stdout();
        String[] hostOf = {"h1", "h1", "h2", "h2", "h3", "h3"};
        for (int rank = 0; rank < 6; rank++) {
            String peers = rank / 2 * 2 + "," + (rank / 2 * 2 + 1);
            assertTrue(out.contains("rank " + rank + " host " + hostOf[rank] + " nodeid " + (rank / 2) + " localsize 2 peers "
                    + peers + " size 6"), out);
            for (int t = 0; t < 6; t++) {
                assertTrue(out.contains("get " + rank + " " + t + " value-" + t + "-on-" + hostOf[t] + " host "
                        + hostOf[t]), "rank " + rank + " reading rank " + t + ":\n" + r.all());
            }
            assertTrue(out.contains("done " + rank), out);
        }
    }

    @Test
    void anOpenMpiRingAndCollectivesRunOverTcpAcrossTheHosts() {
        Path ring = NativeBuild.mpiProgram(Path.of("src/test/c/mpi_ring.c"));
        Run.Result r = run("--host", "h1:2,h2:2,h3:2", "-n", "6", ring.toString(), "20");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("ring 20 laps 6 ranks token 20"), r.all());
        Path collectives = NativeBuild.mpiProgram(Path.of("src/test/c/mpi_collectives.c"));
        Run.Result c = run("--host", "h1:2,h2:2,h3:2", "--map-by", "node", "-n", "6", collectives.toString());
        assertEquals(0, c.exitCode(), c.all());
    }
}
