package org.pmix4j.cli.top;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.JsonDoc;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.server.ServerConfig;

/**
 * {@code pmix4j top --once} and {@code -n N --json} against a {@code pmix4j run} (named by its pid, as
 * pmix4j ps names one): frames for scripts, read back and checked against the real job: its processes'
 * pids, node and state, their resident memory (from the runtime's PMIX_PROC_STATS, compared with
 * /proc/PID/statm), their forwarded output (at least what the launcher printed of them), and from the second
 * frame on a CPU share and an output rate.
 */
class TopOnceTest {
    @TempDir
    Path tmp;

    @Test
    void framesForScriptsOfARunningJob() throws Exception {
        Path tmpdir = Files.createDirectories(tmp.resolve("t"));
        try (LauncherProcess run = LauncherProcess.start(tmpdir, List.of("-n", "2", "sh", "-c",
                "echo up $PMIX_NAMESPACE $PMIX_RANK $$; while :; do echo tick; sleep 0.1; done"))) {
            assertTrue(run.awaitOutput("up ", 2, Duration.ofSeconds(60)), run.all());
            Matcher up = Pattern.compile("(?m)^up (\\S+) (\\d) (\\d+)$").matcher(run.stdout());
            String ns = null;
            long[] pids = new long[2];
            while (up.find()) {
                ns = up.group(1);
                pids[Integer.parseInt(up.group(2))] = Long.parseLong(up.group(3));
            }
            String pid = Long.toString(run.pid());

            LauncherProcess.Setup setup = LauncherProcess.Setup.DEFAULT;
            try (LauncherProcess top = LauncherProcess.startCommand(tmpdir, "top", List.of("--pid", pid, "--once",
                    "--json"), setup)) {
                assertEquals(0, top.waitFor(Duration.ofSeconds(60)), top.all());
                Map<String, Object> frame = JsonDoc.object(JsonDoc.parse(top.stdout()));
                assertEquals("top", frame.get("type"));
                assertEquals("pid " + pid, frame.get("target"));
                List<Object> jobs = JsonDoc.array(frame.get("jobs"));
                assertEquals(1, jobs.size(), top.all());
                Map<String, Object> job = JsonDoc.object(jobs.get(0));
                assertEquals(ns, job.get("nspace"));
                List<Object> procs = JsonDoc.array(job.get("processes"));
                assertEquals(2, procs.size());
                for (int rank = 0; rank < 2; rank++) {
                    Map<String, Object> p = JsonDoc.object(procs.get(rank));
                    assertEquals((long) rank, p.get("rank"));
                    assertEquals(pids[rank], p.get("pid"));
                    assertEquals(ServerConfig.localHostname(), p.get("node"));
                    assertEquals("RUNNING", p.get("state"));
                    assertNull(p.get("cpuPercent"), "no CPU share before a second sample");
                    // the shell's resident set, as its /proc/PID/statm says (pages), within a page either way
                    double rss = ((Number) p.get("rssMB")).doubleValue();
                    long pages = Long.parseLong(Files.readString(Path.of("/proc/" + pids[rank] + "/statm"))
                            .split(" ")[1]);
                    assertTrue(rss > 0 && Math.abs(rss - pages * 4096 / 1048576.0) < 1, p + " statm pages " + pages);
                    // at least its "up" line was forwarded: the launcher printed it
                    long bytes = (Long) p.get("outputBytes");
                    assertTrue(bytes >= ("up " + ns + " " + rank + " " + pids[rank] + "\n").length(), p.toString());
                }
            }

            try (LauncherProcess top = LauncherProcess.startCommand(tmpdir, "top", List.of("--pid", pid, "-n", "2",
                    "-d", "0.5", "--json"), setup)) {
                assertEquals(0, top.waitFor(Duration.ofSeconds(60)), top.all());
                List<Map<String, Object>> frames = JsonDoc.lines(top.stdout());
                assertEquals(2, frames.size(), top.all());
                for (int rank = 0; rank < 2; rank++) {
                    Map<String, Object> first = process(frames.get(0), rank);
                    Map<String, Object> second = process(frames.get(1), rank);
                    assertNotNull(second.get("cpuPercent"), second.toString());
                    assertTrue(((Number) second.get("cpuPercent")).doubleValue() >= 0, second.toString());
                    assertTrue(((Number) second.get("outputBytesPerSecond")).doubleValue() >= 0, second.toString());
                    assertTrue((Long) second.get("outputBytes") >= (Long) first.get("outputBytes"), second.toString());
                }
            }

            try (LauncherProcess top = LauncherProcess.startCommand(tmpdir, "top", List.of("--pid", pid, "--once"),
                    setup)) {
                assertEquals(0, top.waitFor(Duration.ofSeconds(60)), top.all());
                assertTrue(top.stdout().contains("NSPACE") && top.stdout().contains("EVENTS"), top.all());
                for (int rank = 0; rank < 2; rank++) {
                    assertTrue(Pattern.compile("(?m)^" + Pattern.quote(ns) + " +" + rank + " +" + pids[rank] + " ")
                            .matcher(top.stdout()).find(), top.all());
                }
            }
        }
    }

    @Test
    void jsonWithoutOnceAndABadCountAreRefusedByName() throws Exception {
        try (LauncherProcess top = LauncherProcess.startCommand(tmp, "top", List.of("--json"),
                LauncherProcess.Setup.DEFAULT)) {
            assertEquals(2, top.waitFor(Duration.ofSeconds(60)), top.all());
            assertTrue(top.stderr().contains("pmix4j top: --json prints frames for scripts: give it --once or -n N"),
                    top.all());
        }
        try (LauncherProcess top = LauncherProcess.startCommand(tmp, "top", List.of("-n", "0"),
                LauncherProcess.Setup.DEFAULT)) {
            assertEquals(2, top.waitFor(Duration.ofSeconds(60)), top.all());
            assertTrue(top.stderr().contains("-n 0: the number of frames must be at least 1"), top.all());
        }
        try (LauncherProcess top = LauncherProcess.startCommand(tmp, "top", List.of("--once"),
                LauncherProcess.Setup.DEFAULT)) {
            assertEquals(1, top.waitFor(Duration.ofSeconds(60)), top.all());
            assertTrue(top.stderr().contains("pmix4j top: no DVM is running"), top.all());
        }
    }

    private static Map<String, Object> process(Map<String, Object> frame, int rank) {
        Map<String, Object> job = JsonDoc.object(JsonDoc.array(frame.get("jobs")).get(0));
        return JsonDoc.object(JsonDoc.array(job.get("processes")).get(rank));
    }
}
