package org.pmix4j.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Slurm on two test hosts: jobs across both, from either host, with srun and salloc; the kit's munged; teardown. */
class TestSlurmTest {

    @Test
    void twoNodesRunJobsAndCloseLeavesNothingRunning() throws Exception {
        TestSlurm.assumeAvailable();
        String marker = "87" + (ProcessHandle.current().pid() % 1000 + 1000);
        try (TestHosts hosts = TestHosts.create(2)) {
            TestSlurm slurm = TestSlurm.start(hosts);
            try (slurm) {
                for (String from : List.of("h1", "h2")) {
                    assertEquals(List.of("h1", "h2"), sortedLines(slurm.run(from, "srun", "-N2", "-n2", "hostname")),
                            "srun from " + from);
                }
                assertEquals(List.of("h1", "h2"),
                        sortedLines(slurm.run("h1", "salloc", "-N2", "-n2", "srun", "hostname")));
                // each node's PMIx server (in slurmstepd) got a token from the kit's munged
                assertEquals(List.of("munge,native", "munge,native"), sortedLines(
                        slurm.run("h1", "srun", "--mpi=pmix", "-N2", "-n2", "printenv", "PMIX_SECURITY_MODE")));

                // a job step running on both nodes when the kit closes
                // (srun itself, left without its step, goes with the hosts)
                hosts.start("h1", hosts.host("h1").tmpDir().resolve("step.out"), "env",
                        "SLURM_CONF=" + slurm.conf(), "srun", "-N2", "-n2", "sleep", marker);
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (sleeping(marker) < 2 && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                assertEquals(2, sleeping(marker), Files.readString(hosts.host("h1").tmpDir().resolve("step.out")));
                slurm.close();
                assertEquals(0, sleeping(marker), "the job's tasks outlived the kit");
                assertEquals(0, running("slurmstepd"), "a slurmstepd outlived the kit");
                assertEquals(0, running(slurm.conf().toString()), "a Slurm daemon outlived the kit");
                assertFalse(Files.exists(slurm.conf().resolveSibling("munge").resolve("munge.socket.2")),
                        "the kit's munged is still there");
            }
        }
    }

    private static List<String> sortedLines(Run.Result r) {
        assertEquals(0, r.exitCode(), r.all());
        return Arrays.stream(r.stdout().split("\n")).map(String::strip).filter(s -> !s.isEmpty()).sorted().toList();
    }

    /** How many {@code sleep <marker>} processes live. */
    private static long sleeping(String marker) {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().map(c -> c.endsWith("/sleep")).orElse(false)
                        && p.info().arguments().map(a -> Arrays.asList(a).contains(marker)).orElse(false))
                .count();
    }

    /** How many live processes have {@code text} in their command line (zombies, which have none, excluded). */
    private static long running(String text) {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().map(c -> c.contains(text)).orElse(false)).count();
    }
}
