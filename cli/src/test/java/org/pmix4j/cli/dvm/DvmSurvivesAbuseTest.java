package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.client.EventOutcome;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.testkit.NativeBuild;

/**
 * The DVM survives whatever jobs and tools do: 200 abnormal jobs in a row (non-zero exits, SIGSEGV,
 * SIGKILL, PMIx_Abort, a rank killed inside a fence, an exit without PMIx_Finalize, a job that hangs until
 * it is stopped, a job that leaves children behind), front ends SIGKILLed in the middle of a launch, and
 * connections that say nothing. Then a normal job still runs, nothing of the abnormal jobs is left running,
 * the DVM holds no more connections than before, and {@code term} leaves nothing behind. How long a normal
 * job takes before and after is printed (and compared in {@code bench/dvm-abuse.sh}); no time is asserted.
 */
class DvmSurvivesAbuseTest {
    private static final int ABNORMAL_JOBS = 200;
    private static final String MARK = "313.";

    @TempDir
    Path tmp;

    @Test
    void twoHundredAbnormalJobsLeaveTheDvmServing() throws Exception {
        Path lifecycle = NativeBuild.pmixProgram(Path.of("src/test/c/lifecycle.c"));
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"))) {
            int fdsAtStart = openFiles(dvm.pid());
            List<Socket> silent = new ArrayList<>();
            Map<String, CompletableFuture<Integer>> ends = new ConcurrentHashMap<>();
            try (PmixTool tool = PmixTool.init(List.of(Attributes.SERVER_PIDINFO.info((int) dvm.pid()),
                    Attributes.SERVER_TMPDIR.info(dvm.sessionDir().toString())))) {
                tool.onForwardedOutput(o -> { });
                tool.registerEventHandler(List.of(PmixStatus.PMIX_EVENT_JOB_END), List.of(), e -> {
                    Proc p = e.affected().isEmpty() ? e.source() : e.affected().get(0);
                    ends.computeIfAbsent(p.nspace(), k -> new CompletableFuture<>()).complete(
                            e.value(Attributes.JOB_TERM_STATUS.key()).flatMap(Attributes.JOB_TERM_STATUS::read)
                                    .orElse(-1));
                    return EventOutcome.CONTINUE;
                });
                List<Long> before = normalJobs(tool, ends, 10);
                for (int i = 0; i < ABNORMAL_JOBS; i++) {
                    if (i % 20 == 7) {
                        killedFrontEnd(dvm);
                    }
                    if (i % 20 == 13) {
                        silent.add(new Socket("127.0.0.1", port(dvm)));
                    }
                    abnormalJob(tool, ends, i, lifecycle);
                }
                List<Long> after = normalJobs(tool, ends, 10);
                System.out.printf("DVM abuse: a normal job took %.1f ms (median of the first ten) and %.1f ms after"
                        + " %d abnormal jobs (median of ten)%n", median(before) / 1e6, median(after) / 1e6,
                        ABNORMAL_JOBS);
                assertTrue(dvm.process().isAlive(), dvm.process().all());
            }
            assertEquals(List.of(), leftovers(), "nothing an abnormal job started is still running");
            for (Socket s : silent) {
                s.close();
            }
            awaitFewerFiles(dvm.pid(), fdsAtStart + 8);
            DvmProcess.Ended term = dvm.run("term");
            assertEquals(0, term.status(), term.all());
            assertEquals(0, dvm.process().waitFor(Duration.ofSeconds(30)), dvm.process().all());
            assertEquals(List.of(), DvmTest.leftovers(dvm.tmpdir()));
        }
    }

    /** One abnormal job of eight kinds in turn; waits for its end (a stopped job included). */
    private static void abnormalJob(PmixTool tool, Map<String, CompletableFuture<Integer>> ends, int i, Path lifecycle)
            throws Exception {
        String l = lifecycle.toString();
        App app = switch (i % 8) {
            case 0 -> sh("exit 3", 2);
            case 1 -> sh("kill -SEGV $$", 1);
            case 2 -> sh("kill -KILL $$", 2);
            case 3 -> new App(l, List.of(l, "abort", "0", "7", "abort from the abuse test"), List.of(), null, 2, List.of());
            case 4 -> new App(l, List.of(l, "die", "1"), List.of(), null, 2, List.of());
            case 5 -> new App(l, List.of(l, "nofinalize", "0"), List.of(), null, 2, List.of());
            case 6 -> sh("exec sleep " + MARK + i, 2);
            default -> sh("sleep " + MARK + i + " & sleep " + MARK + i + " & exit 2", 1);
        };
        String ns = tool.spawn(List.of(Attributes.MAPBY.info(":OVERSUBSCRIBE")), List.of(app));
        if (i % 8 == 6) {
            // a job that hangs until its time is up: stopped as prun's --timeout stops it
            Thread.sleep(50);
            tool.jobControl(List.of(Proc.wildcard(ns)), List.of(Attributes.JOB_CTRL_TERMINATE.info(true)));
        }
        int term;
        try {
            term = ends.computeIfAbsent(ns, k -> new CompletableFuture<>()).get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("abnormal job " + i + " " + ns + " (" + app.argv() + ") did not end in 60 s");
        }
        assertTrue(term != PmixStatus.PMIX_SUCCESS, "abnormal job " + i + " (" + app.argv() + ") ended abnormally");
    }

    /** {@code n} jobs of one process that succeed; how long each took from the spawn to its end. */
    private static List<Long> normalJobs(PmixTool tool, Map<String, CompletableFuture<Integer>> ends, int n)
            throws Exception {
        List<Long> took = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            String ns = tool.spawn(List.of(), List.of(new App("true", List.of("true"), List.of(), null, 1, List.of())));
            int term = ends.computeIfAbsent(ns, k -> new CompletableFuture<>()).get(60, TimeUnit.SECONDS);
            took.add(System.nanoTime() - t0);
            assertEquals(PmixStatus.PMIX_SUCCESS, term, "a normal job succeeds");
        }
        return took;
    }

    /** A prun killed with SIGKILL right after it handed its job over (the job then ends: no PMIX_NOHUP). */
    private static void killedFrontEnd(DvmProcess dvm) throws Exception {
        try (LauncherProcess p = dvm.frontEnd("prun", "-n", "1", "sh", "-c", "echo launched; exec sleep " + MARK + "9")) {
            p.awaitOutput("launched", 1, Duration.ofSeconds(60));
            p.handle().destroyForcibly();
            p.waitFor(Duration.ofSeconds(30));
        }
    }

    private static App sh(String script, int np) {
        return new App("sh", List.of("sh", "-c", script), List.of(), null, np, List.of());
    }

    /** The DVM's TCP port, from its rendezvous file. */
    private static int port(DvmProcess dvm) throws IOException {
        String uri = Files.readAllLines(dvm.sessionDir().resolve("pmix." + DvmTest.hostname() + ".tool." + dvm.pid()))
                .get(0);
        Matcher m = Pattern.compile(":(\\d+)$").matcher(uri.strip());
        assertTrue(m.find(), uri);
        return Integer.parseInt(m.group(1));
    }

    /** Processes an abnormal job started that still run (20 s for the last ones to be stopped). */
    private static List<String> leftovers() throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            List<String> left = ProcessHandle.allProcesses().filter(h -> h.info().commandLine()
                    .map(c -> c.contains("sleep " + MARK)).orElse(false))
                    .map(h -> h.pid() + " " + h.info().commandLine().orElse("")).toList();
            if (left.isEmpty() || System.nanoTime() > end) {
                return left;
            }
            Thread.sleep(100);
        }
    }

    private static int openFiles(long pid) throws IOException {
        try (var s = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return (int) s.count();
        }
    }

    /** Waits (20 s at most) until the DVM holds at most {@code limit} open files, and asserts it. */
    private static void awaitFewerFiles(long pid, int limit) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        int n = openFiles(pid);
        while (n > limit && System.nanoTime() < end) {
            Thread.sleep(100);
            n = openFiles(pid);
        }
        assertTrue(n <= limit, "the DVM holds " + n + " open files; it started with " + (limit - 8));
    }

    private static double median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int m = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(m) : (sorted.get(m - 1) + sorted.get(m)) / 2.0;
    }
}
