package org.pmix4j.cli.top;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;

/**
 * {@code pmix4j top} in a real terminal (tmux, 120 x 30): against a DVM running a prun job of two processes,
 * the frame shows both with their real pids, node and state; it refreshes in place: when one process is
 * killed the job ends, the event pane shows the processes' and the job's end, and the job leaves the table;
 * q gives the terminal back and top exits 0.
 */
class TopTerminalTest {
    @TempDir
    Path tmp;

    @Test
    void aLiveViewOfADvmThatRefreshesAndQuitsOnQ() throws Exception {
        Path tmpdir = Files.createDirectories(tmp.resolve("t"));
        try (RuntimeUnderTest dvm = RuntimeUnderTest.dvm(tmpdir);
                LauncherProcess job = LauncherProcess.startCommand(tmpdir, "prun", List.of("-n", "2", "sh", "-c",
                        "echo up $PMIX_NAMESPACE $PMIX_RANK $$; exec sleep 600"), LauncherProcess.Setup.DEFAULT)) {
            assertTrue(job.awaitOutput("up ", 2, Duration.ofSeconds(60)), job.all());
            Matcher up = Pattern.compile("(?m)^up (\\S+) (\\d) (\\d+)$").matcher(job.stdout());
            String ns = null;
            long[] pids = new long[2];
            while (up.find()) {
                ns = up.group(1);
                pids[Integer.parseInt(up.group(2))] = Long.parseLong(up.group(3));
            }
            String host = org.pmix4j.server.ServerConfig.localHostname();
            List<String> env = new ArrayList<>();
            for (String v : List.of("TMPDIR", "TMP", "TEMP")) {
                env.add(v + "=" + tmpdir);
            }
            try (Tmux term = Tmux.start(tmp, LauncherProcess.commandLine(List.of(), "top", List.of("-d", "0.3")),
                    env, 120, 30)) {
                String nspace = ns;
                String screen = term.await(s -> s.contains("pmix4j top") && rowShown(s, nspace, 0, pids[0], host)
                        && rowShown(s, nspace, 1, pids[1], host), "both processes of " + ns);
                assertTrue(screen.contains("NSPACE") && screen.contains("%CPU") && screen.contains("EVENTS"), screen);

                // the job ends: one process killed, the other stopped by the DVM
                ProcessHandle.of(pids[1]).ifPresent(ProcessHandle::destroy);
                screen = term.await(s -> s.contains("PMIX_EVENT_JOB_END  job " + nspace + " ended"),
                        "the end of job " + ns);
                screen = term.await(s -> !s.contains(nspace + " ") || onlyInEvents(s, nspace),
                        "the table without job " + ns);
                assertFalse(rowShown(screen, nspace, 0, pids[0], host), screen);

                term.keys("q");
                screen = term.await(s -> s.contains("EXITED"), "top's exit");
                assertTrue(screen.contains("EXITED 0"), screen);
                // the alternate screen is gone: the frame is no longer there
                assertFalse(screen.contains("pmix4j top -"), screen);
            }
            assertTrue(dvm.process().isAlive(), "the DVM outlives the job and top\n" + dvm.process().all());
        }
    }

    /** Whether a table row of process {@code rank} of {@code ns} with its pid, node and RUNNING is on screen. */
    private static boolean rowShown(String screen, String ns, int rank, long pid, String host) {
        return Pattern.compile("(?m)^" + Pattern.quote(ns) + " +" + rank + " +" + pid + " +" + Pattern.quote(host)
                + " +RUNNING ").matcher(screen).find();
    }

    /** Whether the namespace shows only below the EVENTS line. */
    private static boolean onlyInEvents(String screen, String ns) {
        int events = screen.indexOf("\nEVENTS\n");
        return events >= 0 && !screen.substring(0, events).contains(ns);
    }
}
