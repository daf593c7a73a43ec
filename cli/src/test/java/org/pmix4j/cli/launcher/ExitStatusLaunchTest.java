package org.pmix4j.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a job ends and what the launcher then exits with, as PRRTE's rules say: the first failure's status
 * (a non-zero exit, 128+N for a death by signal N, the abort status, 1 for an exit without finalize), the
 * failing rank named on stderr, the rest of the job stopped; --timeout with --report-state-on-timeout; and
 * Open MPI 4.1 programs, including MPI_Abort.
 */
class ExitStatusLaunchTest {
    @TempDir
    Path tmp;

    @Test
    void aRankExiting3MakesTheLauncherExit3AndNameIt() {
        Launch.Result r = Launch.run(tmp, "-n", "2", Launch.probe(), "--on", "0", "--sleep", "60", "--on", "1",
                "--exit", "3");
        r.assertStatus(3);
        r.assertStderrContains("process rank 1 (pid ", "exited with status 3");
        assertFalse(r.stderr().contains("rank 0 (pid"), "rank 0 was stopped by the launcher, not a failure\n" + r.all());
        assertEquals(List.of(), Launch.leftIn(Launch.tmpdir(tmp)), "files left in the launcher's TMPDIR");
    }

    @Test
    void aFailedJobEndsWithASummaryOfEveryRank() {
        // rank 0 ends normally, rank 1 fails a moment later, ranks 2 and 3 are still running and get stopped
        Launch.Result r = Launch.run(tmp, "--oversubscribe", "-n", "1", "true", ":", "-n", "1", "sh", "-c",
                "sleep 1; exit 3", ":", "-n", "2", "sleep", "60");
        r.assertStatus(3);
        String summary = r.stderr().substring(r.stderr().indexOf("pmix4j run: how the 4 processes of job "));
        List<String> lines = summary.lines().toList();
        assertTrue(lines.size() >= 4, r.all());
        assertTrue(Pattern.matches("  process rank 1 \\(pid \\d+\\) on node \\S+ exited with status 3 \\(the first failure\\)",
                lines.get(1)), r.all());
        assertEquals("  rank 0 ended normally", lines.get(2), r.all());
        assertEquals("  ranks 2-3 stopped by the launcher", lines.get(3), r.all());
    }

    @Test
    void aRankKilledBySigkillMakesTheLauncherExit137() {
        Launch.Result r = Launch.run(tmp, "-n", "2", Launch.probe(), "--on", "0", "--sleep", "60", "--on", "1",
                "--kill", "9");
        r.assertStatus(137);
        r.assertStderrContains("process rank 1 (pid ", "killed by signal 9 (SIGKILL)");
    }

    @Test
    void theFirstFailureDecidesNotItsConsequences() {
        // rank 1 fails first with 4; rank 0 would exit 5 a second later but is stopped before (SIGTERM)
        Launch.Result r = Launch.run(tmp, "-n", "2", Launch.probe(), "--on", "0", "--sleep", "2", "--exit", "5",
                "--on", "1", "--exit", "4");
        r.assertStatus(4);
        r.assertStderrContains("rank 1", "status 4");
        assertFalse(r.stderr().contains("status 5"), r.all());
        assertFalse(r.stderr().contains("signal 15"), "the ranks the launcher stopped are not failures\n" + r.all());
    }

    @Test
    void simultaneousFailuresNameTheRankWhoseStatusIsUsed() {
        // both fail at once: whichever the launcher sees first, it names that one and exits with its status
        for (int i = 0; i < 3; i++) {
            Launch.Result r = Launch.run(tmp, "-n", "2", "sh", "-c", "exit $((PMIX_RANK + 3))");
            assertTrue(r.status() == 3 || r.status() == 4, r.all());
            int rank = r.status() - 3;
            assertTrue(r.stderr().contains("process rank " + rank + " (pid ") && r.stderr().contains("exited with status "
                    + r.status()), "the rank named is the rank whose status is the launcher's\n" + r.all());
            String report = r.stderr().lines().findFirst().orElse("");
            assertTrue(report.startsWith("pmix4j run: process rank " + rank + " (pid ") && report.endsWith(" was stopped."),
                    "the report names the first failure\n" + r.all());
            // the summary lists both: whichever came second failed on its own too
            assertTrue(r.stderr().contains("process rank " + (1 - rank) + " (pid ") || r.stderr().contains(
                    "rank " + (1 - rank) + " stopped by the launcher"), r.all());
        }
    }

    @Test
    void abortStatusAndExitWithoutFinalize() {
        Launch.Result abort = Launch.run(tmp, "-n", "2", Launch.probe(), "--on", "0", "--sleep", "60", "--on", "1",
                "--abort", "5");
        abort.assertStatus(5);
        abort.assertStderrContains("rank 1", "abort", "status 5");

        Launch.Result noFinalize = Launch.run(tmp, "-n", "1", Launch.probe(), "--no-finalize");
        noFinalize.assertStatus(1);
        noFinalize.assertStderrContains("rank 0", "without calling PMIx_Finalize");
    }

    @Test
    void timeoutReportsEachProcessStateThenStopsTheJob() {
        Launch.Result r = Launch.run(tmp, "--timeout", "2", "--report-state-on-timeout", "-n", "2", Launch.probe(),
                "--sleep", "60");
        r.assertStatus(124);
        r.assertStderrContains("--timeout 2");
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(Pattern.compile("rank " + rank + " pid \\d+ on \\S+: (sleeping|running), connected to PMIx")
                    .matcher(r.stderr()).find(), "the state of rank " + rank + "\n" + r.all());
        }
        assertEquals(List.of(), Launch.leftIn(Launch.tmpdir(tmp)), "files left in the launcher's TMPDIR");
    }

    @Test
    void openMpiProgramsRunAndMpiAbortGivesItsStatus() {
        Launch.Result two = Launch.run(tmp, "-n", "2", Launch.mpiHello());
        two.assertStatus(0);
        assertEquals(List.of("mpi rank 0 of 2 sum 1", "mpi rank 1 of 2 sum 1"), two.lines("mpi ").stream().sorted()
                .toList(), two.all());

        Launch.Result four = Launch.run(tmp, "-n", "4", "--oversubscribe", Launch.mpiHello());
        four.assertStatus(0);
        assertEquals(4, four.lines("mpi rank ").stream().filter(l -> l.endsWith(" of 4 sum 6")).count(), four.all());

        Launch.Result abort = Launch.run(tmp, "-n", "2", Launch.mpiHello(), "abort", "1", "7");
        abort.assertStatus(7);
        abort.assertStderrContains("rank 1", "abort", "status 7");
        assertEquals(List.of(), Launch.leftIn(Launch.tmpdir(tmp)), "files left in the launcher's TMPDIR");
    }
}
