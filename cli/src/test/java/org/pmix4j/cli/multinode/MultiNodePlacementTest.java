package org.pmix4j.cli.multinode;

import org.pmix4j.cli.RunsAlone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.Run;
import org.pmix4j.testkit.TestHosts;

/**
 * prterun's placement forms across two hosts built by the test (network namespaces with their own sshd):
 * {@code ppr:N:core} takes its pattern on each node, {@code seq} puts rank i on the i-th line of the
 * hostfile, a rankfile puts each rank on its host (by name or {@code +nX}) bound to its CPUs, and
 * {@code --display allocation} shows every node of the job. Each rank prints its rank, its host and the
 * CPUs the kernel lets it run on.
 */
@RunsAlone
class MultiNodePlacementTest {
    private static final String REPORT = "echo rank $PMIX_RANK host $(hostname) cpus $(taskset -pc $$ | sed 's/.*: //')";
    private static TestHosts hosts;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void hosts() {
        TestHosts.assumeAvailable();
        hosts = TestHosts.create(2);
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
        runArgs.addAll(List.of("sh", "-c", REPORT));
        List<String> cmd = LauncherProcess.commandLine(List.of(), "run", runArgs);
        return hosts.on("h1", cmd.toArray(String[]::new)).timeout(Duration.ofSeconds(60)).go();
    }

    private static void assertRank(Run.Result r, int rank, String host, String cpus) {
        assertTrue(r.stdout().lines().anyMatch(l -> l.equals("rank " + rank + " host " + host + " cpus " + cpus)),
                "rank " + rank + " on " + host + " bound to " + cpus + "\n" + r.all());
    }

    @Test
    void pprTakesItsPatternOnEachNodeAndTheAllocationShowsBoth() {
        Run.Result r = run("--host", "h1:2,h2:2", "--map-by", "ppr:1:core", "-n", "4", "--display", "allocation");
        assertEquals(0, r.exitCode(), r.all());
        assertRank(r, 0, "h1", "0");
        assertRank(r, 1, "h1", "1");
        assertRank(r, 2, "h2", "0");
        assertRank(r, 3, "h2", "1");
        assertTrue(r.stdout().contains("ALLOCATED NODES FOR JOB"), r.all());
        assertTrue(r.stdout().contains("\n    h1: slots=2 max_slots=0 slots_inuse=0\n    h2: slots=2 max_slots=0"
                + " slots_inuse=0\n"), r.all());
    }

    @Test
    void seqPutsRankIOnTheIthLineOfTheHostfile() throws Exception {
        Path hf = Files.writeString(tmp.resolve("seq-hosts"), "h2\nh1\nh2\n");
        Run.Result r = run("--hostfile", hf.toString(), "--map-by", "seq", "-n", "3");
        assertEquals(0, r.exitCode(), r.all());
        List<String> hostOfRank = new ArrayList<>();
        for (int rank = 0; rank < 3; rank++) {
            String prefix = "rank " + rank + " host ";
            hostOfRank.add(r.stdout().lines().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length(),
                    prefix.length() + 2)).findFirst().orElse("?"));
        }
        assertEquals(List.of("h2", "h1", "h2"), hostOfRank, r.all());
    }

    @Test
    void aRankfilePutsEachRankOnItsHostBoundToItsCpus() throws Exception {
        Path rf = Files.writeString(tmp.resolve("rankfile"), "rank 0=h2 slot=1\nrank 1=+n0 slot=0:1\nrank 2=h1 slot=0\n");
        Run.Result r = run("--host", "h1:2,h2:2", "--map-by", "rankfile:file=" + rf, "-n", "3");
        assertEquals(0, r.exitCode(), r.all());
        assertRank(r, 0, "h2", "1");
        assertRank(r, 1, "h1", "1");
        assertRank(r, 2, "h1", "0");
    }

    /** Hosts given by address are named in the rankfile by their host names, as PRRTE allows. */
    @Test
    void aRankfileNamesHostsGivenByAddressByTheirHostNames() throws Exception {
        Path rf = Files.writeString(tmp.resolve("rankfile-by-name"), "rank 0=h2 slot=1\nrank 1=h1 slot=0\n");
        String h1 = hosts.host("h1").address();
        String h2 = hosts.host("h2").address();
        Run.Result r = run("--host", h1 + ":2," + h2 + ":2", "--map-by", "rankfile:file=" + rf, "-n", "2");
        assertEquals(0, r.exitCode(), r.all());
        assertRank(r, 0, "h2", "1");
        assertRank(r, 1, "h1", "0");
    }
}
