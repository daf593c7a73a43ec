package org.pmix4j.cli.multinode;

import org.pmix4j.cli.RunsAlone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.testkit.TestHosts;

/** {@code pmix4j run} across four hosts built by the test (network namespaces with their own sshd). */
@RunsAlone
class MultiNodeRunTest {
    private static TestHosts hosts;

    @BeforeAll
    static void hosts() {
        TestHosts.assumeAvailable();
        hosts = TestHosts.create(4);
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
        Run.Result r = run("--host", "h1,h2,h3,h4", "--map-by", "node", "-n", "4", "hostname");
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdout().lines().sorted().toList();
        assertEquals(List.of("h1", "h2", "h3", "h4"), lines, r.all());
    }

    /**
     * Output relayed from another host waits on that host while the launcher cannot write it out: a rank
     * that writes 16 MB to a launcher whose stdout nobody reads stops in its own write (the file it makes
     * once it has written everything is not made), instead of filling the launcher's memory; read, all of it
     * arrives, and the rank ends.
     */
    @Test
    void aFloodOfRemoteOutputWaitsForTheLauncherToWriteIt() throws Exception {
        long bytes = 16L << 20;
        Path written = hosts.dir().resolve("flood-written");
        List<String> runArgs = new ArrayList<>(List.of("--launch-agent", String.join(" ", hosts.launchAgent()),
                "--host", "h2", "-n", "1", "sh", "-c", "yes | head -c " + bytes + " && touch " + written));
        Process launcher = hosts.start("h1", LauncherProcess.commandLine(List.of(), "run", runArgs)
                .toArray(String[]::new));
        try {
            StringBuffer err = new StringBuffer();
            Thread errReader = collect(launcher.getErrorStream(), err);
            java.io.InputStream out = launcher.getInputStream();
            assertEquals('y', out.read(), "the rank's output comes");
            // nobody reads the launcher's stdout for a while: the rank's output could go nowhere but memory
            Thread.sleep(8000);
            assertTrue(!java.nio.file.Files.exists(written), "the rank wrote all of its output while the launcher's"
                    + " stdout was not read: the launcher holds it in memory\n" + err);
            long read = 1 + out.transferTo(java.io.OutputStream.nullOutputStream());
            assertTrue(launcher.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the launcher did not end");
            errReader.join(10_000);
            assertEquals(bytes, read, "every byte of the rank's output\n" + err);
            assertEquals(0, launcher.exitValue(), err.toString());
            assertTrue(java.nio.file.Files.exists(written), "the rank ended without writing everything\n" + err);
        } finally {
            launcher.destroyForcibly();
        }
    }

    /**
     * The other way: a remote rank that does not read its stdin makes the launcher stop reading its own (as
     * a local one does, by its full pipe), instead of the rank's node queueing all of it; once the rank
     * reads, every byte arrives.
     */
    @Test
    void stdinForARemoteRankThatDoesNotReadWaitsAtTheLauncher() throws Exception {
        long bytes = 32L << 20;
        Path reading = hosts.dir().resolve("stdin-rank-started");
        List<String> runArgs = new ArrayList<>(List.of("--launch-agent", String.join(" ", hosts.launchAgent()),
                "--host", "h2", "-n", "1", "sh", "-c", "touch " + reading + "; sleep 6; wc -c"));
        Process launcher = hosts.start("h1", LauncherProcess.commandLine(List.of(), "run", runArgs)
                .toArray(String[]::new));
        try {
            java.util.concurrent.atomic.AtomicLong fed = new java.util.concurrent.atomic.AtomicLong();
            Thread feeder = Thread.ofVirtual().start(() -> {
                byte[] chunk = new byte[64 * 1024];
                java.util.Arrays.fill(chunk, (byte) 'x');
                try (java.io.OutputStream in = launcher.getOutputStream()) {
                    while (fed.get() < bytes) {
                        in.write(chunk);
                        fed.addAndGet(chunk.length);
                    }
                } catch (java.io.IOException e) {
                    // the launcher went away: the assertions below say how far it got
                }
            });
            StringBuffer err = new StringBuffer();
            Thread errReader = collect(launcher.getErrorStream(), err);
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            while (!java.nio.file.Files.exists(reading) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(java.nio.file.Files.exists(reading), "the rank did not start\n" + err);
            Thread.sleep(3000);
            long taken = fed.get();
            assertTrue(taken < (8L << 20), "the launcher took " + taken + " bytes of stdin for a rank that reads"
                    + " none yet: its node holds them in memory\n" + err);
            String out = new String(launcher.getInputStream().readAllBytes()).strip();
            assertTrue(launcher.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the launcher did not end");
            feeder.join(10_000);
            errReader.join(10_000);
            assertEquals(Long.toString(bytes), out, "every byte of stdin reached the rank\n" + err);
            assertEquals(0, launcher.exitValue(), err.toString());
        } finally {
            launcher.destroyForcibly();
        }
    }

    /** Reads {@code in} to its end into {@code into} on a thread of its own (a launcher's stderr). */
    private static Thread collect(java.io.InputStream in, StringBuffer into) {
        return Thread.ofVirtual().start(() -> {
            try {
                into.append(new String(in.readAllBytes()));
            } catch (java.io.IOException e) {
                into.append(e);
            }
        });
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

    /**
     * Two ranks per host on four hosts, tree radix 1 (h4 is reached through h2 and h3): every rank reads every
     * key.
     */
    private static void checkModex(String mode) {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/multinode_client.c"));
        Run.Result r = run("--host", "h1:2,h2:2,h3:2,h4:2", "--tree-radix", "1", "-n", "8", exe.toString(), mode);
        assertEquals(0, r.exitCode(), r.all());
        String out = r.stdout();
        String[] hostOf = {"h1", "h1", "h2", "h2", "h3", "h3", "h4", "h4"};
        for (int rank = 0; rank < 8; rank++) {
            String peers = rank / 2 * 2 + "," + (rank / 2 * 2 + 1);
            assertTrue(out.contains("rank " + rank + " host " + hostOf[rank] + " nodeid " + (rank / 2) + " localsize 2 peers "
                    + peers + " size 8"), out);
            for (int t = 0; t < 8; t++) {
                assertTrue(out.contains("get " + rank + " " + t + " value-" + t + "-on-" + hostOf[t] + " host "
                        + hostOf[t]), "rank " + rank + " reading rank " + t + ":\n" + r.all());
            }
            assertTrue(out.contains("done " + rank), out);
        }
    }

    /**
     * Hosts given by address keep it as their node's name (PMIX_HOSTNAME), and answer to their own host name
     * too (PMIX_HOSTNAME_ALIASES, from what each daemon's kernel says): a rank that asks for its node by the
     * name gethostname() gives it finds its local peers and resolves them, as under PRRTE. The launcher's
     * node is named by its host name, and the address it was given is its alias.
     */
    @Test
    void aNodeGivenByAddressIsFoundByItsHostName() {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/multinode_client.c"));
        String h1 = hosts.host("h1").address();
        String h2 = hosts.host("h2").address();
        String h3 = hosts.host("h3").address();
        Run.Result r = run("--host", h1 + ":1," + h2 + ":2," + h3 + ":1", "-n", "4", exe.toString(), "names");
        assertEquals(0, r.exitCode(), r.all());
        String out = r.stdout();
        assertTrue(out.contains("rank 0 host h1 nodeid 0"), out);
        assertTrue(out.contains("rank 1 host " + h2 + " nodeid 1"), out);
        assertTrue(out.contains("rank 3 host " + h3 + " nodeid 2"), out);
        assertTrue(out.contains("names 0 own h1 aliases " + h1 + " peers 0 resolved 1"), out);
        assertTrue(out.contains("names 1 own h2 aliases h2 peers 1,2 resolved 2"), out);
        assertTrue(out.contains("names 2 own h2 aliases h2 peers 1,2 resolved 2"), out);
        assertTrue(out.contains("names 3 own h3 aliases h3 peers 3 resolved 1"), out);
    }

    @Test
    void anOpenMpiRingAndCollectivesRunOverTcpAcrossTheHosts() {
        Path ring = NativeBuild.mpiProgram(Path.of("src/test/c/mpi_ring.c"));
        Run.Result r = run("--host", "h1:2,h2:2,h3:2,h4:2", "-n", "8", ring.toString(), "20");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("ring 20 laps 8 ranks token 20"), r.all());
        Path collectives = NativeBuild.mpiProgram(Path.of("src/test/c/mpi_collectives.c"));
        Run.Result c = run("--host", "h1:2,h2:2,h3:2,h4:2", "--map-by", "node", "-n", "8", collectives.toString());
        assertEquals(0, c.exitCode(), c.all());
    }

    @Test
    void publishedDataIsFoundFromEveryHost() {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/multinode_client.c"));
        Run.Result r = run("--host", "h1,h2,h3", "--map-by", "node", "-n", "3", exe.toString(), "pubsub");
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.stdout().contains("lookup " + rank + " from-h1 by "), r.all());
            assertTrue(r.stdout().contains("done " + rank), r.all());
        }
    }

    @Test
    void aRankOnAnotherHostSpawnsAJobAcrossTheHostsAndHearsItsEnd() {
        // the launcher's node runs nothing: rank 0 is on h2; its children go one per node of h2, h3
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/pmix_ops.c"));
        Run.Result r = run("--host", "h2:2,h3:2", "--map-by", "node", "-n", "1", exe.toString(), "spawn");
        assertEquals(0, r.exitCode(), r.all());
        Matcher m = Pattern.compile("(?m)^spawn SUCCESS (\\S+)$").matcher(r.stdout());
        assertTrue(m.find(), r.all());
        String child = m.group(1);
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(r.stdout().contains("child " + rank + " parent SUCCESS "), r.all());
        }
        assertTrue(r.stdout().contains("spawn-job-end " + child + " term 0 "), r.all());
    }

    @Test
    void theJavaClientExchangesKeysAcrossTheHosts() {
        List<String> ring = LauncherProcess.commandLine(List.of(), "example", List.of("ring"));
        List<String> args = new ArrayList<>(List.of("--host", "h1,h2,h3", "--map-by", "node", "-n", "3"));
        args.addAll(ring);
        Run.Result r = run(args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 3; rank++) {
            int left = (rank + 2) % 3;
            assertTrue(r.stdout().contains("rank " + rank + " of 3 got \"token of rank " + left + "\" from rank " + left),
                    r.all());
        }
    }

    @Test
    void stdinReachesARankOnAnotherHostAndItsOutputComesBackTagged() {
        List<String> runArgs = new ArrayList<>(List.of("--launch-agent", String.join(" ", hosts.launchAgent()),
                "--host", "h1,h2,h3", "--map-by", "node", "--stdin", "2", "--output", "tag-detailed", "-n", "3",
                "sh", "-c", "echo on $(hostname); cat"));
        List<String> cmd = LauncherProcess.commandLine(List.of(), "run", runArgs);
        byte[] input = "first line\nsecond line\n".repeat(1000).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Run.Result r = hosts.on("h1", cmd.toArray(String[]::new)).stdin(input).timeout(Duration.ofSeconds(60)).go();
        assertEquals(0, r.exitCode(), r.all());
        // tag-detailed: [job,rank][host:pid]<stdout>: line
        List<String> fromH3 = r.stdout().lines().filter(l -> l.matches("\\[\\d+,2\\]\\[h3:\\d+\\]<stdout>: .*")).toList();
        assertTrue(!fromH3.isEmpty() && fromH3.get(0).endsWith("on h3"), r.all());
        assertEquals(2001, fromH3.size(), "every line of stdin, back from rank 2 on h3:\n" + r.stdout());
        assertTrue(fromH3.get(2000).endsWith("second line"), fromH3.get(2000));
        for (int rank = 0; rank < 2; rank++) {
            int rk = rank;
            assertEquals(1, r.stdout().lines().filter(l -> l.matches("\\[\\d+," + rk + "\\]\\[h" + (rk + 1)
                    + ":\\d+\\]<stdout>: on h" + (rk + 1))).count(), r.stdout());
        }
    }

    @Test
    void anOpenMpiJobSpawnsChildrenOnOtherHostsAndTalksToThem() {
        // MPI_Comm_spawn: PMIx_Spawn from rank 0, then PMIx_Connect between the jobs across the nodes
        Path spawn = NativeBuild.mpiProgram(Path.of("src/test/c/mpi_spawn.c"));
        Run.Result r = run("--host", "h1:2,h2:2,h3:2", "--map-by", "node", "-n", "2", spawn.toString(), "3");
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(r.stdout().contains("parent " + rank + " sum 2003"), r.all());
        }
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.stdout().contains("child " + rank + " of 3 sum 2003"), r.all());
        }
    }

    @Test
    void aGroupOverEveryHostGetsOneContextId() {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/multinode_client.c"));
        Run.Result r = run("--host", "h1:2,h2:2,h3:2,h4:2", "--map-by", "node", "-n", "8", exe.toString(), "group");
        assertEquals(0, r.exitCode(), r.all());
        List<String> ids = r.stdout().lines().filter(l -> l.startsWith("group ")).map(l -> l.replaceAll(".* context ", ""))
                .distinct().toList();
        assertEquals(1, ids.size(), "one context id for every member:\n" + r.stdout());
        assertTrue(Long.parseLong(ids.get(0)) > 0, r.stdout());
        assertEquals(8, r.stdout().lines().filter(l -> l.startsWith("done ")).count(), r.all());
    }

    @Test
    void aJobStoppedInInitOnTwoHostsIsReadyOnceAndReleasedByOneRelease() throws Exception {
        pausedOnTwoHosts("--stop-in-init", "in PMIx_Init");
    }

    @Test
    void aJobHeldAtExecOnTwoHostsIsReadyOnceAndReleasedByOneRelease() throws Exception {
        pausedOnTwoHosts("--stop-on-exec", "at exec");
    }

    /**
     * A job paused over two hosts: the launcher counts both nodes' processes and says once that the job is ready,
     * naming each rank's pid and host; gdb (this JVM shares the hosts' pid namespace) reads rank 1 on h2 while it
     * waits; one {@code pmix4j debug release} reaches both nodes and the job runs to its end.
     */
    private static void pausedOnTwoHosts(String option, String where) throws Exception {
        org.pmix4j.cli.debug.Gdb.require();
        Path target = NativeBuild.pmixProgram(Path.of("src/test/c/debug_target.c"), "-g", "-O0");
        Path out = java.nio.file.Files.createTempFile("paused", ".out");
        List<String> runArgs = new ArrayList<>(List.of("--launch-agent", String.join(" ", hosts.launchAgent()),
                "--host", "h1,h2", "--map-by", "node", option, "-n", "2", target.toString()));
        Process launcher = hosts.start("h1", out, LauncherProcess.commandLine(List.of(), "run", runArgs)
                .toArray(String[]::new));
        try {
            Pattern ready = Pattern.compile("its 2 processes are paused " + where + ", ready for a debugger"
                    + " \\(rank:pid@host 0:(\\d+)@h1 1:(\\d+)@h2\\); release them with: pmix4j debug release --pid (\\d+)"
                    + " (\\S+)");
            Matcher m = null;
            long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (m == null && System.nanoTime() < end && launcher.isAlive()) {
                Matcher now = ready.matcher(java.nio.file.Files.readString(out));
                if (now.find()) {
                    m = now;
                } else {
                    Thread.sleep(20);
                }
            }
            assertTrue(m != null, java.nio.file.Files.readString(out));
            assertEquals(42, org.pmix4j.cli.debug.Gdb.readInt(Long.parseLong(m.group(2)), "answer"),
                    "rank 1 on h2 waits before main's assignment");
            Run.Result rel = hosts.on("h1", LauncherProcess.commandLine(List.of(), "debug", List.of("release",
                    "--pid", m.group(3), m.group(4))).toArray(String[]::new)).timeout(Duration.ofSeconds(60)).go();
            assertEquals(0, rel.exitCode(), rel.all());
            assertTrue(launcher.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), java.nio.file.Files.readString(out));
            String all = java.nio.file.Files.readString(out);
            assertEquals(0, launcher.exitValue(), all);
            assertTrue(all.contains("rank 0 answer 7") && all.contains("rank 1 answer 7"), all);
        } finally {
            launcher.destroyForcibly();
            java.nio.file.Files.deleteIfExists(out);
        }
    }
}
