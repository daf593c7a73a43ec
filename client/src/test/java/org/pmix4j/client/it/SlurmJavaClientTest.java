package org.pmix4j.client.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.client.programs.ModexProgram;
import org.pmix4j.client.programs.NodesProgram;
import org.pmix4j.testkit.Run;
import org.pmix4j.testkit.TestHosts;
import org.pmix4j.testkit.TestSlurm;

/**
 * The Java client under a real Slurm (Debian's 22.05, two slurmd on two test hosts): {@code srun --mpi=pmix}
 * starts four JVMs, two per node, whose PMIx server is libpmix 4.2.2 inside slurmstepd, each node's its own,
 * the modex crossing nodes through Slurm. slurmd runs with PMIX_MCA_psec=munge, so its PMIx server accepts
 * munge only: every run here also proves that the server's libmunge accepted our client's token.
 */
class SlurmJavaClientTest {
    private static TestHosts hosts;
    private static TestSlurm slurm;

    @BeforeAll
    static void startSlurm() {
        TestSlurm.assumeAvailable();
        hosts = TestHosts.create(2);
        slurm = TestSlurm.start(hosts, Map.of("PMIX_MCA_psec", "munge"));
    }

    @AfterAll
    static void stopSlurm() {
        if (slurm != null) {
            slurm.close();
        }
        if (hosts != null) {
            hosts.close();
        }
    }

    private static Run.Result srun(List<String> program) {
        // --overcommit: two tasks per node even where a node has one CPU
        List<String> cmd = new ArrayList<>(List.of("srun", "--mpi=pmix", "-N2", "-n4", "--overcommit"));
        cmd.addAll(program);
        return slurm.on("h1", cmd.toArray(String[]::new)).timeout(Duration.ofMinutes(2)).go();
    }

    /** The checks the client passes under Open MPI's mpirun (MpirunClientTest), publish left out. */
    @Test
    void fourJavaProcessesOnTwoNodesDoTheModex() {
        Run.Result r = srun(JavaProgram.command(ModexProgram.class, "--no-publish"));
        assertEquals(0, r.exitCode(), r.all() + slurm.logs());
        String out = r.stdout();
        for (int rank = 0; rank < 4; rank++) {
            String me = "RESULT rank " + rank + " ";
            String peers = rank < 2 ? "\\[0, 1\\]" : "\\[2, 3\\]";
            assertTrue(out.matches("(?s).*" + me + "init nspace=slurm\\.pmix\\.\\d+\\.0 size=4 localPeers=" + peers
                    + "\n.*"), r.all());
            assertTrue(out.contains(me + "gets=[G-from-0, G-from-1, G-from-2, G-from-3]"), r.all());
            assertTrue(out.contains(me + "finalize"), r.all());
        }
    }

    /**
     * Job- and node-level information, where every rank runs, and keys of each scope across nodes: LOCAL
     * ones reach the node's ranks only, REMOTE ones the other node's (and the putter itself, as libpmix
     * answers), GLOBAL ones everyone. Slurm's server answers Publish with PMIX_ERR_NOT_SUPPORTED.
     */
    @Test
    void jobAndNodeInformationAndScopesAcrossNodes() {
        Run.Result r = srun(JavaProgram.command(NodesProgram.class));
        assertEquals(0, r.exitCode(), r.all() + slurm.logs());
        String out = r.stdout();
        List<String> hostOf = List.of("h1", "h1", "h2", "h2");
        for (int rank = 0; rank < 4; rank++) {
            String me = "RESULT rank " + rank + " ";
            String host = hostOf.get(rank);
            int node = rank / 2;
            assertTrue(out.matches("(?s).*" + me + "init nspace=slurm\\.pmix\\.\\d+\\.0 size=4 security=munge\n.*"),
                    r.all());
            assertTrue(out.contains(me + "job jobSize=4 univSize=4 numNodes=2 nodeList=h1,h2\n"), r.all());
            assertTrue(out.contains(me + "node hostname=" + host + " nodeId=" + node + " localSize=2 localRank="
                    + rank % 2 + " nodeRank=" + rank % 2 + " localPeers=" + (node == 0 ? "[0, 1]" : "[2, 3]") + "\n"),
                    r.all());
            assertTrue(out.contains(me + "hosts=[h1, h1, h2, h2]\n"), r.all());
            assertTrue(out.contains(me + "nodeIds=[0, 0, 1, 1]\n"), r.all());
            assertTrue(out.contains(me + "nx.global=[G-from-0, G-from-1, G-from-2, G-from-3]\n"), r.all());
            List<String> local = new ArrayList<>();
            List<String> remote = new ArrayList<>();
            for (int peer = 0; peer < 4; peer++) {
                boolean sameNode = hostOf.get(peer).equals(host);
                local.add(sameNode ? "L-from-" + peer : "PMIX_ERR_NOT_FOUND");
                remote.add(!sameNode || peer == rank ? "R-from-" + peer : "PMIX_ERR_NOT_FOUND");
            }
            assertTrue(out.contains(me + "nx.local=" + local + "\n"), r.all());
            assertTrue(out.contains(me + "nx.remote=" + remote + "\n"), r.all());
            assertTrue(out.contains(me + "publish=PMIX_ERR_NOT_SUPPORTED\n"), r.all());
            assertTrue(out.contains(me + "finalize\n"), r.all());
        }
    }
}
