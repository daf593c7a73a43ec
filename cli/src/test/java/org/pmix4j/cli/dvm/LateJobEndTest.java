package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * The job lifecycle as a tool that comes late sees it (issue 16): a libpmix 4.2.2 tool (late_job_end.c)
 * registers for PMIX_EVENT_JOB_END only after the jobs it cares about (of {@code true}, or a shell that
 * prints its namespace) are surely over, no longer listed by PMIX_QUERY_NAMESPACES, and still gets each
 * job's end from the server's event cache: with the namespace, PMIX_JOB_TERM_STATUS and PMIX_EVENT_TIMESTAMP,
 * each to the handler whose PMIX_EVENT_AFFECTED_PROC names that job and to no other. The jobs were spawned
 * by the tool itself with PMIX_NOTIFY_JOB_EVENTS (then their PMIX_EVENT_JOB_START and PMIX_LAUNCH_COMPLETE,
 * sent to it alone, wait in the cache too), or by {@code pmix4j prun}, the late tool knowing only their
 * namespaces; against {@code pmix4j dvm}, and against {@code pmix4j run} as the tool's server.
 */
class LateJobEndTest {
    private static final Pattern SPAWNED = Pattern.compile("^spawned (\\S+)$", Pattern.MULTILINE);
    private static final Pattern SPAWNED_OTHER = Pattern.compile("^spawned-other (\\S+)$", Pattern.MULTILINE);

    @TempDir
    Path tmp;

    @Test
    void aToolThatSpawnedTwoShortJobsGetsTheirEventsFromTheCacheAfterTheyEnded() throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/late_job_end.c"));
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("dvm"))) {
            long before = now();
            Run.Result r = dvm.tool(tool.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()), "spawn",
                    "/bin/true");
            long after = now();
            String all = r.all() + "\n--- the DVM\n" + dvm.process().all();
            assertEquals(0, r.exitCode(), all);
            String ns = group(SPAWNED, r.stdout(), all);
            String other = group(SPAWNED_OTHER, r.stdout(), all);
            assertTrue(r.stdout().contains("gone " + ns + " " + other + "\n"), all);
            // the tool asked for every event of its jobs: start, launch complete and end, in that order, for the
            // handler on that job; the other handler has the other job's end, and nothing else
            List<String> mine = r.stdout().lines().filter(l -> l.startsWith("mine ")).toList();
            assertEquals(3, mine.size(), all);
            assertEvent(mine.get(0), "mine event JOB_START nspace " + ns + " timestamp ", before, after, all);
            assertEvent(mine.get(1), "mine event LAUNCH_COMPLETE nspace " + ns + " timestamp ", before, after, all);
            assertEvent(mine.get(2), "mine event JOB_END nspace " + ns
                    + " term_status 0 procid none exit_code none timestamp ", before, after, all);
            List<String> others = r.stdout().lines().filter(l -> l.startsWith("other ")).toList();
            assertEquals(1, others.size(), all);
            assertEvent(others.get(0), "other event JOB_END nspace " + other
                    + " term_status 0 procid none exit_code none timestamp ", before, after, all);
            // PMIX_LOG_JOB_EVENTS: the DVM logged them (to the tool that launched the jobs, which prints them)
            String logs = r.all() + dvm.process().all();
            assertTrue(logs.contains("job " + ns + " started (1 process)"), all);
            assertTrue(logs.contains("job " + ns + " launch complete"), all);
            assertTrue(logs.contains("job " + ns + " ended: PMIX_SUCCESS"), all);
            assertTrue(dvm.process().isAlive(), all);
        }
    }

    @Test
    void aToolThatOnlyKnowsTheNamespacesGetsTheEndsOfJobsPrunStarted() throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/late_job_end.c"));
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("prun"))) {
            long before = now();
            String ns = prunNamespace(dvm, "0");
            String failed = prunNamespace(dvm, "3");
            long after = now();
            Run.Result r = dvm.tool(tool.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()), "nspace",
                    ns, failed);
            String all = r.all() + "\n--- the DVM\n" + dvm.process().all();
            assertEquals(0, r.exitCode(), all);
            assertTrue(r.stdout().contains("gone " + ns + " " + failed + "\n"), all);
            // prun asked for no start events: the late tool has the ends only
            List<String> mine = r.stdout().lines().filter(l -> l.startsWith("mine ")).toList();
            assertEquals(1, mine.size(), all);
            assertEvent(mine.get(0), "mine event JOB_END nspace " + ns
                    + " term_status 0 procid none exit_code none timestamp ", before, after, all);
            List<String> others = r.stdout().lines().filter(l -> l.startsWith("other ")).toList();
            assertEquals(1, others.size(), all);
            assertEvent(others.get(0), "other event JOB_END nspace " + failed + " term_status "
                    + org.pmix4j.api.PmixStatus.PMIX_ERR_JOB_NON_ZERO_TERM + " procid " + failed
                    + ":0 exit_code 3 timestamp ", before, after, all);
        }
    }

    @Test
    void theSameWithPmix4jRunAsTheToolsServer() throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/late_job_end.c"));
        Path launcherTmp = Files.createDirectories(tmp.resolve("run"));
        try (LauncherProcess p = LauncherProcess.start(launcherTmp, List.of("--oversubscribe", "-n", "1", "sh", "-c",
                "echo up; sleep 60"))) {
            assertTrue(p.awaitOutput("up", 1, Duration.ofSeconds(60)), p.all());
            long before = now();
            Run.Result r = p.tool(List.of(tool.toString(), runSessionDir(launcherTmp, p.pid()).toString(),
                    Long.toString(p.pid()), "spawn", "/bin/true")).timeout(Duration.ofSeconds(90)).go();
            long after = now();
            String all = r.all() + "\n--- the launcher\n" + p.all();
            assertEquals(0, r.exitCode(), all);
            String ns = group(SPAWNED, r.stdout(), all);
            String other = group(SPAWNED_OTHER, r.stdout(), all);
            List<String> mine = r.stdout().lines().filter(l -> l.startsWith("mine ")).toList();
            assertEquals(3, mine.size(), all);
            assertEvent(mine.get(0), "mine event JOB_START nspace " + ns + " timestamp ", before, after, all);
            assertEvent(mine.get(1), "mine event LAUNCH_COMPLETE nspace " + ns + " timestamp ", before, after, all);
            assertEvent(mine.get(2), "mine event JOB_END nspace " + ns
                    + " term_status 0 procid none exit_code none timestamp ", before, after, all);
            List<String> others = r.stdout().lines().filter(l -> l.startsWith("other ")).toList();
            assertEquals(List.of("other event JOB_END nspace " + other), others.stream()
                    .map(l -> l.replaceFirst(" term_status .*", "")).toList(), all);
            p.signal("TERM");
            p.waitFor(Duration.ofSeconds(60));
        }
    }

    /** Runs {@code prun sh -c 'echo ns $PMIX_NAMESPACE; exit CODE'} to its end; the job's namespace. */
    private static String prunNamespace(DvmProcess dvm, String code) throws InterruptedException {
        DvmProcess.Ended e = dvm.run("prun", "-n", "1", "sh", "-c", "echo ns $PMIX_NAMESPACE; exit " + code);
        assertEquals(Integer.parseInt(code), e.status(), e.all());
        return group(Pattern.compile("^ns (\\S+)$", Pattern.MULTILINE), e.stdout(), e.all());
    }

    /** The launcher's session directory, {@code <tmp>/pmix4j.<host>.<uid>/run.<pid>}. */
    private static Path runSessionDir(Path launcherTmp, long pid) throws Exception {
        try (Stream<Path> s = Files.list(launcherTmp)) {
            return s.map(top -> top.resolve("run." + pid)).filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    private static String group(Pattern p, String text, String all) {
        Matcher m = p.matcher(text);
        assertTrue(m.find(), p + "\n" + all);
        return m.group(1);
    }

    private static long now() {
        return System.currentTimeMillis() / 1000;
    }

    /** {@code <prefix><timestamp>} with the time between {@code before} and {@code after}. */
    private static void assertEvent(String line, String prefix, long before, long after, String all) {
        assertTrue(line.startsWith(prefix), "expected '" + prefix + "...', got '" + line + "'\n" + all);
        long t = Long.parseLong(line.substring(prefix.length()));
        assertTrue(t >= before - 1 && t <= after + 1, "PMIX_EVENT_TIMESTAMP " + t + " within [" + before + ", " + after
                + "]\n" + all);
    }
}
