package org.pmix4j.cli.multinode;

import org.pmix4j.cli.RunsAlone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.cli.LeftBehind;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.testkit.TestHosts;
import org.pmix4j.testkit.TestSlurm;

/**
 * {@code pmix4j run} inside a Slurm allocation ({@code salloc} on three test hosts running a real Slurm):
 * without --host it runs on the allocation's nodes with their slots, and starts its daemons with one srun
 * step; nothing of it (daemon, srun, job) is left when salloc returns.
 */
@RunsAlone
class SlurmRunTest {
    private static TestHosts hosts;
    private static TestSlurm slurm;

    @BeforeAll
    static void cluster() {
        TestSlurm.assumeAvailable();
        hosts = TestHosts.create(3);
        slurm = TestSlurm.start(hosts);
    }

    @AfterAll
    static void teardown() {
        if (slurm != null) {
            slurm.close();
        }
        if (hosts != null) {
            hosts.close();
        }
    }

    /** After each test: no daemon srun started, and no srun of ours, is left; the allocation is gone. */
    @AfterEach
    void nothingLeftBehind() throws Exception {
        Retry.eventually(Duration.ofSeconds(60), () -> assertEquals(List.of(), ours(), "left running"));
        // a job whose salloc ended is COMPLETING a moment longer
        Retry.eventually(Duration.ofSeconds(30), () -> {
            Run.Result q = slurm.run("h1", "squeue", "-h", "-o", "%i %T");
            assertEquals("", q.stdout().strip(), q.all());
        });
        for (TestHosts.Host h : hosts.hosts()) {
            Retry.eventually(Duration.ofSeconds(10), () -> assertEquals(List.of(), LeftBehind.contents(h.tmpDir()),
                    "left in the TMPDIR of " + h.name()));
        }
    }

    /** Our daemons (started with --id-by-node) and the srun that started them. */
    private static List<String> ours() {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains("--id-by-node"))
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
    }

    /** {@code salloc -N3 --ntasks-per-node=2 pmix4j run ARGS} on h1: two slots on each host. */
    private static Run.Result inAllocation(String... runArgs) {
        List<String> cmd = new ArrayList<>(List.of("salloc", "-N3", "--ntasks-per-node=2"));
        cmd.addAll(LauncherProcess.commandLine(List.of(), "run", List.of(runArgs)));
        return slurm.on("h1", cmd.toArray(String[]::new)).timeout(Duration.ofSeconds(120)).go();
    }

    @Test
    void pmixClientsRunOnTheAllocationsNodesAndSlotsAndFenceAcrossThem() {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/multinode_client.c"));
        Run.Result r = inAllocation("-n", "6", exe.toString(), "fence");
        assertEquals(0, r.exitCode(), r.all() + "\n" + slurm.logs());
        String out = r.stdout();
        // by slot over h1, h2, h3 (the allocation's order), two slots each; h1 is the launcher's node (daemon 0)
        String[] hostOf = {"h1", "h1", "h2", "h2", "h3", "h3"};
        for (int rank = 0; rank < 6; rank++) {
            String peers = rank / 2 * 2 + "," + (rank / 2 * 2 + 1);
            assertTrue(out.contains("rank " + rank + " host " + hostOf[rank] + " nodeid " + (rank / 2)
                    + " localsize 2 peers " + peers + " size 6"), r.all());
            for (int t = 0; t < 6; t++) {
                assertTrue(out.contains("get " + rank + " " + t + " value-" + t + "-on-" + hostOf[t] + " host "
                        + hostOf[t]), "rank " + rank + " reading rank " + t + ":\n" + r.all());
            }
            assertTrue(out.contains("done " + rank), r.all());
        }
    }

    @Test
    void theDaemonsAreOneSrunStepOnTheOtherNodes() {
        // a process started by an srun-started daemon is inside that job step; the launcher's own are not
        Run.Result r = inAllocation("-n", "6", "sh", "-c", "echo $(hostname) job=$SLURM_JOB_ID step=${SLURM_STEP_ID:-none}"
                + " tasks=${SLURM_STEP_NUM_TASKS:-none}");
        assertEquals(0, r.exitCode(), r.all());
        // srun's notices (under this Slurm: no CPU binding) are not the user's business
        assertEquals(List.of(), r.stderr().lines().filter(l -> !l.startsWith("salloc: ")).toList(), r.all());
        List<String> lines = r.stdout().lines().sorted().toList();
        assertEquals(6, lines.size(), r.all());
        String job = lines.get(0).split(" ")[1];
        String step = lines.get(2).split(" ")[2];
        assertTrue(step.matches("step=\\d+"), r.all());
        assertEquals(List.of("h1 " + job + " step=none tasks=none", "h1 " + job + " step=none tasks=none",
                "h2 " + job + " " + step + " tasks=2", "h2 " + job + " " + step + " tasks=2",
                "h3 " + job + " " + step + " tasks=2", "h3 " + job + " " + step + " tasks=2"), lines, r.all());
    }

    @Test
    void moreProcessesThanTheAllocationsSlotsAreRefused() {
        Run.Result r = inAllocation("-n", "7", "hostname");
        assertNotEquals(0, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("6 slots in all (h1: 2, h2: 2, h3: 2)"), r.all());
        assertEquals("", r.stdout(), r.all());
    }

    @Test
    void aHostOutsideTheAllocationFailsTheLaunchNamingIt() {
        List<String> cmd = new ArrayList<>(List.of("salloc", "-N2", "-w", "h1,h2"));
        cmd.addAll(LauncherProcess.commandLine(List.of(), "run", List.of("--host", "h1,h2,h3", "-n", "3", "hostname")));
        Run.Result r = slurm.on("h1", cmd.toArray(String[]::new)).timeout(Duration.ofSeconds(120)).go();
        assertNotEquals(0, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("h3 is not a node of the Slurm allocation (job "), r.all());
        assertEquals("", r.stdout(), r.all());
    }

    @Test
    void aStepSrunCannotCreateFailsTheLaunchWithSrunsError() {
        // more CPUs per task than any node has (srun reads SRUN_CPUS_PER_TASK): srun refuses the daemons' step
        List<String> cmd = new ArrayList<>(List.of("salloc", "-N3", "env", "SRUN_CPUS_PER_TASK=999"));
        cmd.addAll(LauncherProcess.commandLine(List.of(), "run", List.of("-n", "3", "hostname")));
        Run.Result r = slurm.on("h1", cmd.toArray(String[]::new)).timeout(Duration.ofSeconds(120)).go();
        assertNotEquals(0, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("srun (the daemons' step on h2,h3) exited with status"), r.all());
        assertTrue(r.stderr().contains("srun: error:"), r.all());
        assertEquals("", r.stdout(), r.all());
    }

    @Test
    void aKilledLauncherTakesItsSrunDaemonsAndTheirProcessesWithIt() throws Exception {
        List<String> cmd = new ArrayList<>(List.of("env", "SLURM_CONF=" + slurm.conf(), "salloc", "-N3",
                "--ntasks-per-node=2"));
        cmd.addAll(LauncherProcess.commandLine(List.of(), "run", List.of("--map-by", "node", "-n", "3", "sh", "-c",
                "echo pid $$ on $(hostname); exec sleep 60")));
        Path out = hosts.dir().resolve("killed-launcher.out");
        Process salloc = hosts.start("h1", out, cmd.toArray(String[]::new));
        List<Long> ranks = new ArrayList<>();
        for (String host : List.of("h2", "h3")) {
            Pattern p = Pattern.compile("pid (\\d+) on " + host);
            Retry.eventually(Duration.ofSeconds(60), () -> assertTrue(p.matcher(Files.readString(out)).find(),
                    Files.readString(out)));
            Matcher m = p.matcher(Files.readString(out));
            assertTrue(m.find());
            ranks.add(Long.parseLong(m.group(1)));
        }
        // srun (which runs as two processes) and the daemons on h2 and h3
        assertTrue(ours().stream().anyMatch(l -> l.contains("/srun ")), ours().toString());
        assertEquals(2, ours().stream().filter(l -> !l.contains("/srun ")).count(), ours().toString());
        ProcessHandle launcher = salloc.toHandle().descendants().filter(p -> p.info().commandLine().orElse("")
                .contains("org.pmix4j.cli.Main run --map-by node")).findFirst().orElseThrow();
        launcher.destroyForcibly();
        Retry.eventually(Duration.ofSeconds(60), () -> {
            for (long pid : ranks) {
                assertTrue(ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true), "rank " + pid + " alive");
            }
            assertEquals(List.of(), ours(), "daemons or srun left");
        });
        assertTrue(salloc.waitFor(60, TimeUnit.SECONDS), Files.readString(out));
        // the SIGKILLed launcher's session directory on h1 is for the next start, or pmix4j clean, to reclaim; so
        // are the daemons' when Slurm, ending the allocation, ends them before they are done (srun gave them h1's
        // TMPDIR); that nothing else is left is checked after the test
        Run.Result clean = hosts.on("h1", LauncherProcess.commandLine(List.of(), "clean", List.of())
                .toArray(String[]::new)).go();
        assertEquals(0, clean.exitCode(), clean.all());
        assertTrue(clean.stdout().contains("run." + launcher.pid()), clean.all());
        for (String h : List.of("h2", "h3")) {
            Run.Result c = hosts.on(h, LauncherProcess.commandLine(List.of(), "clean", List.of("--tmpdir",
                    hosts.host("h1").tmpDir().toString())).toArray(String[]::new)).go();
            assertEquals(0, c.exitCode(), c.all());
        }
    }
}
