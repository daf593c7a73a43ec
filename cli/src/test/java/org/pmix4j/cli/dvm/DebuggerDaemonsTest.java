package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Debugger daemons as the tools chapter has debuggers start them, by libpmix 4.2.2 tools against a DVM: the
 * daemons (dbg_daemon.c, PMIx clients) find their targets by PMIX_DEBUG_TARGET in their job data, their
 * PMIX_LOCAL_RANK and the target's proctable, and check each target's pid is alive and is the target.
 * <ul>
 * <li>Co-location (dbg_attach.c): daemons attached to a running job, N per process, N per node, beside one
 * process; what cannot be carried out is refused naming it (both counts, 0, no such rank, no such job).</li>
 * <li>Co-spawn (dbg_cospawn.c): an application and its daemons in one spawn: the spawn answers the
 * application's namespace, whose job size leaves the daemons out; the tool finds the daemons' namespace by
 * PMIX_QUERY_NAMESPACES and their job data's PMIX_DEBUG_TARGET, and pulls their output.</li>
 * <li>Daemons are a job of their own: the end of the job they debug does not end them.</li>
 * </ul>
 */
class DebuggerDaemonsTest {
    /** "daemon R target NS:r lrank TL pid P host H alive yes|no environ yes|no". */
    private static final Pattern TARGET = Pattern.compile(
            "daemon (\\d+) target (\\S+):(\\d+) lrank (\\d+) pid (\\d+) host (\\S+) alive (\\w+) environ (\\w+)");

    private static Path attach;
    private static Path cospawn;
    private static Path daemon;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() {
        attach = NativeBuild.pmixProgram(Path.of("src/test/c/dbg_attach.c"));
        cospawn = NativeBuild.pmixProgram(Path.of("src/test/c/dbg_cospawn.c"));
        daemon = NativeBuild.pmixProgram(Path.of("src/test/c/dbg_daemon.c"));
    }

    /** One target a daemon found. */
    record Found(int daemon, String nspace, int rank, int localRank, long pid, String host, boolean alive,
            boolean environ) {
    }

    static List<Found> found(String output) {
        List<Found> out = new ArrayList<>();
        Matcher m = TARGET.matcher(output);
        while (m.find()) {
            out.add(new Found(Integer.parseInt(m.group(1)), m.group(2), Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)), Long.parseLong(m.group(5)), m.group(6), m.group(7).equals("yes"),
                    m.group(8).equals("yes")));
        }
        return out;
    }

    /** By target rank: how many daemons found it; every one found it alive and as the target. */
    static Map<Integer, Integer> daemonsPerTarget(List<Found> found, String nspace, String all) {
        Map<Integer, Integer> out = new HashMap<>();
        for (Found f : found) {
            assertEquals(nspace, f.nspace(), all);
            assertTrue(f.alive() && f.environ(), "a live target with its PMIX_NAMESPACE and PMIX_RANK\n" + all);
            out.merge(f.rank(), 1, Integer::sum);
        }
        return out;
    }

    @Test
    void daemonsAttachedToARunningJobFindTheirTargets() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"));
                LauncherProcess job = dvm.frontEnd("prun", "-n", "2", "sh", "-c",
                        "echo ns $PMIX_NAMESPACE; exec sleep 61.5")) {
            Matcher ns = job.awaitLine("ns (\\S+)", Duration.ofSeconds(60));
            assertTrue(ns != null && job.awaitOutput("ns ", 2, Duration.ofSeconds(60)), job.all());
            String target = ns.group(1);

            // two per process: both processes, each found by two daemons whose local rank / 2 is its local rank
            Run.Result perProc = attach(dvm, target, "all", "per-proc", "2");
            assertEquals(0, perProc.exitCode(), perProc.all() + dvm.process().all());
            assertTrue(perProc.stdout().contains("daemons-size 4\n"), perProc.all());
            List<Found> found = found(perProc.stdout());
            assertEquals(Map.of(0, 2, 1, 2), daemonsPerTarget(found, target, perProc.all()));
            for (Found f : found) {
                assertEquals(f.daemon() / 2, f.localRank(), "daemon local rank / 2 = its target's\n" + perProc.all());
                String cmd = ProcessHandle.of(f.pid()).flatMap(h -> h.info().commandLine()).orElse("");
                assertTrue(cmd.endsWith("sleep 61.5"), "the pid is the application's: " + cmd);
            }
            assertTrue(perProc.stdout().matches("(?s).*job-end \\S+ exit 0\n.*"), perProc.all());

            // three per node: each sees both processes of its node
            Run.Result perNode = attach(dvm, target, "all", "per-node", "3");
            assertEquals(0, perNode.exitCode(), perNode.all() + dvm.process().all());
            assertTrue(perNode.stdout().contains("daemons-size 3\n"), perNode.all());
            assertEquals(Map.of(0, 3, 1, 3), daemonsPerTarget(found(perNode.stdout()), target, perNode.all()));

            // one process, neither count given: one daemon on its node, for it alone
            Run.Result one = attach(dvm, target, "1", "none", "1");
            assertEquals(0, one.exitCode(), one.all() + dvm.process().all());
            assertTrue(one.stdout().contains("daemons-size 1\n") && one.stdout().contains("target " + target + ":1\n"),
                    one.all());
            assertEquals(Map.of(1, 1), daemonsPerTarget(found(one.stdout()), target, one.all()));

            refused(dvm, attach(dvm, target, "all", "both", "1"), "BAD-PARAM", "PMIX_DEBUG_DAEMONS_PER_PROC (1) and"
                    + " PMIX_DEBUG_DAEMONS_PER_NODE (1) were both given");
            refused(dvm, attach(dvm, target, "all", "per-proc", "0"), "BAD-PARAM",
                    "PMIX_DEBUG_DAEMONS_PER_PROC 0: at least one daemon must be asked for");
            refused(dvm, attach(dvm, target, "7", "per-node", "1"), "NOT-FOUND", "PMIX_DEBUG_TARGET " + target
                    + ":7: job " + target + " has ranks 0..1");
            refused(dvm, attach(dvm, "nosuch@1", "all", "per-node", "1"), "NOT-FOUND",
                    "this runtime runs no job nosuch@1");

            // the daemons' jobs ended on their own; the application runs on
            assertTrue(job.isAlive(), "the debugged job outlives its daemons\n" + job.all());
            job.signal("TERM");
            job.waitFor(Duration.ofSeconds(60));
        }
    }

    @Test
    void anApplicationCoSpawnedWithItsDaemonsIsItsOwnJob() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("c"))) {
            Run.Result perProc = dvm.tool(cospawn.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()),
                    tmp.resolve("release-1").toString(), "2", "per-proc", "1", daemon.toString(), "sleep", "62.5");
            assertEquals(0, perProc.exitCode(), perProc.all() + dvm.process().all());
            String out = perProc.stdout();
            Matcher spawned = Pattern.compile("spawned SUCCESS (\\S+)\n").matcher(out);
            assertTrue(spawned.find(), out);
            String app = spawned.group(1);
            assertTrue(out.contains("app-size 2\n"), "the application's job size leaves the daemons out\n" + out);
            Matcher daemons = Pattern.compile("daemons (\\S+) target " + Pattern.quote(app) + ":\\*\n").matcher(out);
            assertTrue(daemons.find(), "a namespace of PMIX_QUERY_NAMESPACES debugs the application\n" + out);
            assertTrue(!daemons.group(1).equals(app), out);
            assertTrue(out.contains("daemons-size 2\n"), out);
            assertTrue(out.contains("daemons-proctable 2\n"), "the daemons' proctable, by their namespace\n" + out);
            List<Found> found = found(out);
            assertEquals(Map.of(0, 1, 1, 1), daemonsPerTarget(found, app, out));
            for (Found f : found) {
                assertEquals(f.daemon(), f.localRank(), "one per process: a daemon's local rank is its target's\n"
                        + out);
            }
            assertTrue(out.contains("job-end " + daemons.group(1) + " exit 0\n"), out);
            assertTrue(out.contains("job-end " + app + " exit"), out);

            Run.Result perNode = dvm.tool(cospawn.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()),
                    tmp.resolve("release-2").toString(), "2", "per-node", "2", daemon.toString(), "sleep", "62.5");
            assertEquals(0, perNode.exitCode(), perNode.all() + dvm.process().all());
            assertTrue(perNode.stdout().contains("daemons-size 2\n"), perNode.all());
            Matcher app2 = Pattern.compile("spawned SUCCESS (\\S+)\n").matcher(perNode.stdout());
            assertTrue(app2.find(), perNode.all());
            assertEquals(Map.of(0, 2, 1, 2), daemonsPerTarget(found(perNode.stdout()), app2.group(1), perNode.all()));
        }
    }

    /**
     * The Standard: a pause asked for in a co-spawn does not apply to the debugger daemons. The application (a
     * libpmix client) waits in PMIx_Init, the DVM says it is paused; the daemons run meanwhile and find their
     * targets' pids by the proctable.
     */
    @Test
    void aPauseInACoSpawnHoldsTheApplicationNotItsDaemons() throws Exception {
        Path target = NativeBuild.pmixProgram(Path.of("src/test/c/debug_target.c"));
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("p"))) {
            Run.Result r = dvm.process().tool(List.of(cospawn.toString(), dvm.sessionDir().toString(),
                    Long.toString(dvm.pid()), tmp.resolve("release-p").toString(), "2", "per-proc", "1",
                    daemon.toString(), target.toString())).env("DBG_COSPAWN_PAUSE", "init")
                    .timeout(java.time.Duration.ofSeconds(90)).go();
            assertEquals(0, r.exitCode(), r.all() + dvm.process().all());
            Matcher spawned = Pattern.compile("spawned SUCCESS (\\S+)\n").matcher(r.stdout());
            assertTrue(spawned.find(), r.all());
            String app = spawned.group(1);
            // the DVM's message about the job goes to the tool that launched it (its diagnostics)
            assertTrue((r.all() + dvm.process().stderr()).contains("job " + app + ": its 2 processes are paused in"
                    + " PMIx_Init"), "the application waited in init\n" + r.all() + dvm.process().all());
            assertEquals(Map.of(0, 1, 1, 1), daemonsPerTarget(found(r.stdout()), app, r.all()),
                    "the daemons ran and found both paused targets");
            assertTrue(!r.stdout().contains("answer"), "the application never got past init\n" + r.all());
        }
    }

    @Test
    void daemonsOutliveTheJobTheyDebug() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("o"));
                LauncherProcess job = dvm.frontEnd("prun", "-n", "1", "sh", "-c",
                        "echo ns $PMIX_NAMESPACE; exec sleep 61.35")) {
            Matcher ns = job.awaitLine("ns (\\S+)", Duration.ofSeconds(60));
            assertTrue(ns != null, job.all());
            Path release = tmp.resolve("release");
            CompletableFuture<Run.Result> attached = CompletableFuture.supplyAsync(() -> dvm.tool(attach.toString(),
                    dvm.sessionDir().toString(), Long.toString(dvm.pid()), ns.group(1), "all", "per-node", "1",
                    daemon.toString(), release.toString()));
            // the daemon has found its target and waits: the job it debugs ends under it
            Path ready = tmp.resolve("release.ready.0");
            long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!Files.exists(ready) && System.nanoTime() < end && !attached.isDone()) {
                Thread.sleep(20);
            }
            assertTrue(Files.exists(ready), attached.isDone() ? attached.get().all() : dvm.process().all());
            job.signal("TERM");
            job.waitFor(Duration.ofSeconds(60));
            assertTrue(DvmProcess.awaitSleep("61.35", false).isEmpty(), "the debugged job ended\n" + job.all());
            Files.createFile(release);
            Run.Result r = attached.get(90, TimeUnit.SECONDS);
            assertEquals(0, r.exitCode(), r.all() + dvm.process().all());
            assertTrue(r.stdout().contains("daemon 0 released yes\n"), "the daemon lived on\n" + r.all());
            assertTrue(r.stdout().matches("(?s).*job-end \\S+ exit 0\n.*"), "and ended on its own\n" + r.all());
        }
    }

    private static Run.Result attach(DvmProcess dvm, String target, String rank, String per, String n) {
        return dvm.tool(attach.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()), target, rank, per,
                n, daemon.toString());
    }

    /** The spawn was refused with {@code status}, and the DVM said why. */
    private static void refused(DvmProcess dvm, Run.Result r, String status, String why) throws InterruptedException {
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("spawned " + status + " -"), r.all());
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!dvm.process().stderr().contains(why) && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        assertTrue(dvm.process().stderr().contains(why), why + "\n" + dvm.process().all());
    }
}
