package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Unmodified Open MPI 4.1 programs, built with Debian's mpicc, under {@code pmix4j run}: hello, a ring,
 * MPI_Allreduce and MPI_Alltoall, MPI_Comm_spawn, and MPI_Publish_name / MPI_Lookup_name with
 * MPI_Comm_accept / MPI_Comm_connect between two jobs of one launcher (the second started by a PMIx tool
 * through the launcher's tool rendezvous file).
 */
class RunMpiTest {
    @TempDir
    Path tmp;

    private static Path mpi(String name) {
        return NativeBuild.mpiProgram(Path.of("src/test/c/" + name + ".c"));
    }

    private LauncherProcess launch(List<String> args) throws Exception {
        return LauncherProcess.start(Files.createDirectories(tmp.resolve("launcher-tmp")), args);
    }

    private static long count(LauncherProcess p, String prefix) {
        return p.stdout().lines().filter(l -> l.startsWith(prefix)).count();
    }

    @Test
    void helloOnFourProcesses() throws Exception {
        try (LauncherProcess p = launch(List.of("-n", "4", "--oversubscribe", mpi("mpi_hello").toString()))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            for (int r = 0; r < 4; r++) {
                assertTrue(p.stdout().contains("hello " + r + " of 4\n"), p.all());
            }
        }
    }

    @Test
    void ringOfFourProcesses() throws Exception {
        try (LauncherProcess p = launch(List.of("-n", "4", "--oversubscribe", mpi("mpi_ring").toString(), "20"))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            assertTrue(p.stdout().contains("ring 20 laps 4 ranks token 20"), p.all());
        }
    }

    @Test
    void allreduceAndAlltoallOnFourProcesses() throws Exception {
        try (LauncherProcess p = launch(List.of("-n", "4", "--oversubscribe", mpi("mpi_collectives").toString()))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            assertEquals(4, count(p, "allreduce "), p.all());
            assertEquals(4, p.stdout().lines().filter(l -> l.matches("allreduce \\d ok 6")).count(), p.all());
            assertEquals(4, p.stdout().lines().filter(l -> l.matches("alltoall \\d ok")).count(), p.all());
        }
    }

    @Test
    void commSpawnStartsChildrenThatShareACommunicatorWithTheParents() throws Exception {
        try (LauncherProcess p = launch(List.of("-n", "2", "--oversubscribe", mpi("mpi_spawn").toString(), "2"))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(90)), p.all());
            // 2 parents x 1000 + 2 children x 1: every one of the four saw the sum over the merged communicator
            assertEquals(2, p.stdout().lines().filter(l -> l.matches("parent \\d sum 2002")).count(), p.all());
            assertEquals(2, p.stdout().lines().filter(l -> l.matches("child \\d of 2 sum 2002")).count(), p.all());
        }
    }

    /**
     * Job 1 ({@code mpi_accept}) publishes a port and accepts; a tool ({@code job_tool.c}) connects to the
     * same launcher and spawns job 2 ({@code mpi_connect}), which looks the name up and connects. The
     * launcher is the data server of both jobs; the tool is told of job 2's end.
     */
    @Test
    void publishLookupAndConnectAcceptBetweenTwoJobsOfOneLauncher() throws Exception {
        Path accept = mpi("mpi_accept");
        Path connect = mpi("mpi_connect");
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/job_tool.c"));
        Path launcherTmp = Files.createDirectories(tmp.resolve("launcher-tmp"));
        try (LauncherProcess p = LauncherProcess.start(launcherTmp, List.of("-n", "1", "--oversubscribe",
                accept.toString(), "pmix4j-it-svc"))) {
            assertTrue(p.awaitOutput("published pmix4j-it-svc", 1, Duration.ofSeconds(60)), p.all());
            Path session = sessionDir(launcherTmp, p.pid());
            Run.Result t = Run.command(tool.toString(), session.toString(), Long.toString(p.pid()),
                    connect.toString(), "pmix4j-it-svc").timeout(Duration.ofSeconds(60)).go();
            assertEquals(0, t.exitCode(), t.all() + "\n" + p.all());
            assertTrue(t.stdout().matches("(?s).*job-end \\S+ exit 0\n.*"), t.all());
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            assertTrue(p.stdout().contains("accepted got 43"), p.all());
            // the tool spawned job 2 and (libpmix's default for a tool) took its output: the launcher does not
            // print a copy of it (issue 12)
            assertTrue(t.stdout().contains("connected got 42"), "job 2's output goes to its tool\n" + t.all());
            assertFalse(p.stdout().contains("connected got 42"), "and not also to the launcher\n" + p.all());
        }
    }

    /** The launcher's session directory, {@code <tmp>/pmix4j.<host>.<uid>/run.<pid>}. */
    static Path sessionDir(Path launcherTmp, long pid) throws Exception {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> s = Files.list(launcherTmp)) {
            for (Path top : s.toList()) {
                Path run = top.resolve("run." + pid);
                if (Files.isDirectory(run)) {
                    found.add(run);
                }
            }
        }
        assertEquals(1, found.size(), "the launcher's session directory under " + launcherTmp);
        return found.get(0);
    }
}
