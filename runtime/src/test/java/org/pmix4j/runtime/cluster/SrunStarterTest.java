package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.runtime.placement.SlurmAllocation;

class SrunStarterTest {
    private static final String SECRET = "ab".repeat(32);
    private static final DaemonStarter.Request REQUEST = new DaemonStarter.Request(List.of(1, 2),
            List.of("h1", "h2", "h3"), List.of("/opt/pmix4j/bin/pmix4j", "daemon"), "10.0.0.1:4000,127.0.0.1:4000",
            5000, SECRET);

    private static final SlurmAllocation ALLOCATION = new SlurmAllocation("12", List.of(
            new SlurmAllocation.Node("h1", 2), new SlurmAllocation.Node("h2", 2), new SlurmAllocation.Node("h3", 2)));

    @TempDir
    Path dir;

    @Test
    void oneStepOfOneTaskPerNodeWithTheNodesInDaemonOrder() {
        assertEquals(List.of("srun", "--ntasks-per-node=1", "--mpi=none", "--cpu-bind=none",
                "--input=all", "--nodes=2", "--ntasks=2", "--nodelist=h2,h3", "/opt/pmix4j/bin/pmix4j", "daemon",
                "--parent", "10.0.0.1:4000,127.0.0.1:4000", "--id-by-node", "h2,h3", "--silence-limit", "5000"),
                new SrunStarter("srun", ALLOCATION).command(REQUEST, false));
        List<String> withExternal = new SrunStarter("/usr/bin/srun", ALLOCATION).command(REQUEST, true);
        assertEquals(List.of("/usr/bin/srun", "--external-launcher"), withExternal.subList(0, 2));
        assertFalse(String.join(" ", withExternal).contains(SECRET), "the secret is on no command line");
    }

    @Test
    void externalLauncherFromSlurm2311On() {
        assertFalse(SrunStarter.externalLauncher("slurm-wlm 22.05.8"));
        assertFalse(SrunStarter.externalLauncher("slurm 23.02.7"));
        assertTrue(SrunStarter.externalLauncher("slurm 23.11.4"));
        assertTrue(SrunStarter.externalLauncher("slurm 24.05.0"));
        assertFalse(SrunStarter.externalLauncher(""));
    }

    @Test
    void aFlatTree() {
        DaemonStarter s = new SrunStarter("srun", ALLOCATION);
        assertEquals(3, s.radix(64, 4));
        assertEquals(List.of(1, 2, 3), new DaemonTree(4, s.radix(2, 4)).children(0));
        assertEquals(1, s.radix(64, 1));
    }

    @Test
    void aDaemonsIdIsItsNodesPlaceInTheList() {
        assertEquals(1, SrunStarter.daemonId("h3,h2", Map.of("SLURMD_NODENAME", "h3", "SLURM_NODEID", "1")));
        assertEquals(2, SrunStarter.daemonId("h3,h2", Map.of("SLURMD_NODENAME", "h2", "SLURM_NODEID", "0")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SrunStarter.daemonId("h3,h2", Map.of()));
        assertTrue(e.getMessage().contains("SLURMD_NODENAME"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> SrunStarter.daemonId("h3,h2", Map.of("SLURMD_NODENAME", "h9")));
        assertEquals("--id-by-node h3,h2: this node (h9) is not one of them", e.getMessage());
    }

    @Test
    void theSecretIsSrunsStdinAndAnEarlyEndFailsEveryDaemonNotJoined() throws Exception {
        Path seen = dir.resolve("seen");
        Path srun = script("fake-srun", "case \"$1\" in --version) echo 'slurm 22.05.8'; exit 0;; esac\n"
                + "read line; echo \"$line\" > " + seen + "\n"
                + "env | grep -c '^PMIX_' >> " + seen + "\n"
                + "echo 'srun: cluster configuration lacks support for cpu binding' >&2\n"
                + "echo 'srun: error: Unable to create step for job 12: Requested nodes are busy' >&2\n"
                + "exit 1\n");
        Recorder r = new Recorder(Map.of(1, true));
        try (DaemonStarter.Started s = new SrunStarter(srun.toString(), ALLOCATION).start(REQUEST, r)) {
            assertEquals("h3", r.failedHosts.computeIfAbsent(2, k -> new CompletableFuture<>()).get(30, TimeUnit.SECONDS));
        }
        assertFalse(r.failedHosts.containsKey(1), "daemon 1 had joined");
        assertEquals("srun (the daemons' step on h2,h3) exited with status 1 before the daemon joined: srun: error:"
                + " Unable to create step for job 12: Requested nodes are busy", r.why.get(2));
        assertEquals(List.of("[srun] srun: error: Unable to create step for job 12: Requested nodes are busy"),
                r.lines, "srun's notices are not passed on, its errors are");
        assertEquals(List.of(SECRET, "0"), Files.readAllLines(seen));
    }

    @Test
    void aNodeOutsideTheAllocationFailsWithoutSrun() throws Exception {
        Path ran = dir.resolve("ran");
        Path srun = script("fake-srun", "touch " + ran + "\n");
        SlurmAllocation small = new SlurmAllocation("12", List.of(new SlurmAllocation.Node("h1", 2),
                new SlurmAllocation.Node("h2", 2)));
        Recorder r = new Recorder(Map.of());
        try (DaemonStarter.Started s = new SrunStarter(srun.toString(), small).start(REQUEST, r)) {
            r.failedHosts.computeIfAbsent(2, k -> new CompletableFuture<>()).get(30, TimeUnit.SECONDS);
        }
        assertEquals(Map.of(2, "h3 is not a node of the Slurm allocation (job 12: h1,h2), and srun starts daemons"
                + " only there"), r.why);
        assertFalse(Files.exists(ran), "srun was not run");
    }

    @Test
    void closingEndsAnSrunThatOutlivesItsDaemons() throws Exception {
        Path srun = script("fake-srun", "case \"$1\" in --version) exit 1;; esac\nexec sleep 600\n");
        Recorder r = new Recorder(Map.of(1, true, 2, true));
        DaemonStarter.Started s = new SrunStarter(srun.toString(), ALLOCATION).start(REQUEST, r);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (sleepers().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(1, sleepers().size(), "srun started");
        s.close();
        assertTrue(r.failedHosts.isEmpty(), r.why.toString());
        assertEquals(List.of(), sleepers(), "srun was ended");
    }

    private static List<ProcessHandle> sleepers() {
        return ProcessHandle.current().descendants().filter(p -> p.isAlive() && p.info().commandLine().orElse("")
                .contains("sleep 600")).toList();
    }

    private Path script(String name, String body) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private static final class Recorder implements DaemonStarter.Progress {
        final Map<Integer, Boolean> joined;
        final Map<Integer, CompletableFuture<String>> failedHosts = new ConcurrentHashMap<>();
        final Map<Integer, String> why = new ConcurrentHashMap<>();
        final List<String> lines = new ArrayList<>();

        Recorder(Map<Integer, Boolean> joined) {
            this.joined = joined;
        }

        @Override
        public boolean joined(int id) {
            return joined.getOrDefault(id, false);
        }

        @Override
        public void failed(int id, String host, String why) {
            this.why.put(id, why);
            failedHosts.computeIfAbsent(id, k -> new CompletableFuture<>()).complete(host);
        }

        @Override
        public synchronized void stderr(String line) {
            lines.add(line);
        }
    }
}
