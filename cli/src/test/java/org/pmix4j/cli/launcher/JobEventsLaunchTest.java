package org.pmix4j.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.PmixStatus;

/**
 * Job lifecycle events with a real libpmix client (job_events.c) that PMIx_Spawn's a child job with
 * PMIX_NOTIFY_JOB_EVENTS, PMIX_NOTIFY_COMPLETION, PMIX_LOG_JOB_EVENTS and PMIX_LOG_COMPLETION: it receives
 * PMIX_EVENT_JOB_START, PMIX_LAUNCH_COMPLETE and PMIX_EVENT_JOB_END (with PMIX_JOB_TERM_STATUS,
 * PMIX_EVENT_TIMESTAMP and, for a failed job, the first failed PMIX_PROCID and its PMIX_EXIT_CODE), in that
 * order, and the launcher logs them.
 */
class JobEventsLaunchTest {
    @TempDir
    Path tmp;

    @Test
    void successfulChildJob() {
        long before = System.currentTimeMillis() / 1000;
        Launch.Result r = Launch.run(tmp, "-n", "1", Launch.jobEvents(), "1", Launch.probe());
        long after = System.currentTimeMillis() / 1000;
        r.assertStatus(0);
        String child = child(r);
        List<String> events = r.lines("event ");
        assertEquals(3, events.size(), r.all());
        assertEvent(events.get(0), "JOB_START nspace " + child + " timestamp ", before, after, r);
        assertEvent(events.get(1), "LAUNCH_COMPLETE nspace " + child + " timestamp ", before, after, r);
        assertEvent(events.get(2), "JOB_END nspace " + child + " term_status 0 procid none exit_code none timestamp ",
                before, after, r);
        // PMIX_LOG_JOB_EVENTS / PMIX_LOG_COMPLETION: the launcher prints them
        r.assertStderrContains("job " + child + " started (1 process", "job " + child + " ended: PMIX_SUCCESS");
    }

    @Test
    void failedChildJobNamesTheFirstFailedProcessAndItsExitCode() {
        long before = System.currentTimeMillis() / 1000;
        Launch.Result r = Launch.run(tmp, "--oversubscribe", "-n", "1", Launch.jobEvents(), "2", Launch.probe(),
                "--on", "0", "--sleep", "60", "--on", "1", "--exit", "3");
        long after = System.currentTimeMillis() / 1000;
        // a failed child job counts for the launcher's status, as in PRRTE
        r.assertStatus(3);
        String child = child(r);
        List<String> events = r.lines("event ");
        assertEquals(3, events.size(), r.all());
        assertTrue(events.get(0).startsWith("event JOB_START nspace " + child), r.all());
        assertTrue(events.get(1).startsWith("event LAUNCH_COMPLETE nspace " + child), r.all());
        assertEvent(events.get(2), "JOB_END nspace " + child + " term_status " + PmixStatus.PMIX_ERR_JOB_NON_ZERO_TERM
                + " procid " + child + ":1 exit_code 3 timestamp ", before, after, r);
        r.assertStderrContains("job " + child + " ended: PMIX_ERR_JOB_NON_ZERO_TERM (first failure: rank 1, exit code 3)");
    }

    @Test
    void completionOnlyGivesTheEndAndLogsOnlyIt() {
        Launch.Result r = Launch.run(tmp, "-n", "1", Launch.jobEvents(), "--completion-only", "1", Launch.probe());
        r.assertStatus(0);
        String child = child(r);
        List<String> events = r.lines("event ");
        assertEquals(1, events.size(), "PMIX_NOTIFY_COMPLETION alone: the end, not the start\n" + r.all());
        assertTrue(events.get(0).startsWith("event JOB_END nspace " + child + " term_status 0 "), r.all());
        r.assertStderrContains("job " + child + " ended: PMIX_SUCCESS");
        assertTrue(!r.stderr().contains(" started ("), "PMIX_LOG_COMPLETION logs the end only\n" + r.all());
    }

    @Test
    void aRefusedSpawnIsExplainedAtTheLauncher() {
        // more processes than this node has slots, without --oversubscribe: placement refuses the child job
        int tooMany = Runtime.getRuntime().availableProcessors() + 64;
        Launch.Result r = Launch.run(tmp, "-n", "1", Launch.jobEvents(), Integer.toString(tooMany), Launch.probe());
        r.assertStatus(0);
        assertTrue(r.stdout().contains("spawned  ("), "no namespace for a refused spawn\n" + r.all());
        assertTrue(!r.stdout().contains("(SUCCESS)"), "the spawn reports its failure\n" + r.all());
        assertTrue(r.lines("rank ").isEmpty(), "no child process started\n" + r.all());
        r.assertStderrContains("PMIx_Spawn by ", " was refused: ", "not enough slots");
    }

    private static String child(Launch.Result r) {
        Matcher m = Pattern.compile("^spawned (\\S+@2) \\(SUCCESS\\)$", Pattern.MULTILINE).matcher(r.stdout());
        assertTrue(m.find(), "the spawn succeeded\n" + r.all());
        assertTrue(r.stdout().contains("child-ended yes"), "the child's job end arrived\n" + r.all());
        return m.group(1);
    }

    /** {@code event <prefix><timestamp>} with the time between {@code before} and {@code after}. */
    private static void assertEvent(String line, String prefix, long before, long after, Launch.Result r) {
        assertTrue(line.startsWith("event " + prefix), "expected 'event " + prefix + "...'\n" + r.all());
        long t = Long.parseLong(line.substring(("event " + prefix).length()));
        assertTrue(t >= before - 1 && t <= after + 1, "PMIX_EVENT_TIMESTAMP " + t + " within the run [" + before + ", "
                + after + "]");
    }
}
