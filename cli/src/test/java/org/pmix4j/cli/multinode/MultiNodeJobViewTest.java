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

/**
 * What a debugger or workflow tool sees of jobs over three hosts (issue 16), with libpmix 4.2.2 peers:
 * <ul>
 * <li>process tables: each process of {@code proc_table client} asks its own node's server.
 * PMIX_QUERY_PROC_TABLE, answered by the launcher for the daemons, gives every process with the host it runs
 * on and its pid there; PMIX_QUERY_LOCAL_PROC_TABLE gives only the processes of the asking process's node;</li>
 * <li>lifecycle events: a process on h2 ({@code job_events}) spawns a job that runs on h3 (h2's one slot is its own) and gets its
 * PMIX_EVENT_JOB_START, PMIX_LAUNCH_COMPLETE and PMIX_EVENT_JOB_END, raised by the launcher on h1.</li>
 * </ul>
 */
@RunsAlone
class MultiNodeJobViewTest {
    private static TestHosts hosts;

    @BeforeAll
    static void hosts() {
        TestHosts.assumeAvailable();
        hosts = TestHosts.create(3);
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
        return hosts.on("h1", LauncherProcess.commandLine(List.of(), "run", runArgs).toArray(String[]::new))
                .timeout(Duration.ofSeconds(90)).go();
    }

    @Test
    void theFullTableHasEveryHostAndPidAndTheLocalOneOnlyThisNodesProcesses() {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/proc_table.c"));
        Run.Result r = run("--host", "h1,h2,h3", "--map-by", "node", "-n", "3", exe.toString(), "client");
        assertEquals(0, r.exitCode(), r.all());
        String out = r.stdout();
        String ns = null;
        String[] host = new String[3];
        String[] pid = new String[3];
        Matcher me = Pattern.compile("^rank (\\d): me (\\S+):\\d host (\\S+) pid (\\d+)$", Pattern.MULTILINE)
                .matcher(out);
        while (me.find()) {
            int rank = Integer.parseInt(me.group(1));
            ns = me.group(2);
            host[rank] = me.group(3);
            pid[rank] = me.group(4);
        }
        assertEquals(List.of("h1", "h2", "h3"), List.of(host), r.all());
        for (int asking = 0; asking < 3; asking++) {
            String prefix = "rank " + asking + ": ";
            List<String> full = out.lines().filter(l -> l.startsWith(prefix + "table ")).toList();
            List<String> local = out.lines().filter(l -> l.startsWith(prefix + "local ")).toList();
            assertEquals(3, full.size(), r.all());
            for (int rank = 0; rank < 3; rank++) {
                assertTrue(full.get(rank).startsWith(prefix + "table " + ns + ":" + rank + " host " + host[rank] + " exe "
                        + exe + " pid " + pid[rank] + " state "), "rank " + asking + " on rank " + rank + "\n" + r.all());
            }
            assertEquals(1, local.size(), "the local table of " + host[asking] + " has its one process\n" + r.all());
            assertTrue(local.get(0).startsWith(prefix + "local " + ns + ":" + asking + " host " + host[asking] + " exe "
                    + exe + " pid " + pid[asking] + " state "), r.all());
        }
    }

    @Test
    void aProcessOnAnotherNodeThanTheLaunchersGetsTheLifecycleEventsOfTheJobItSpawned() {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/job_events.c"));
        long before = System.currentTimeMillis() / 1000;
        Run.Result r = run("--host", "h2:1,h3:2", "--display", "map", "-n", "1", exe.toString(), "2", "/bin/hostname");
        long after = System.currentTimeMillis() / 1000;
        assertEquals(0, r.exitCode(), r.all());
        Matcher spawned = Pattern.compile("^spawned (\\S+) \\(SUCCESS\\)$", Pattern.MULTILINE).matcher(r.stdout());
        assertTrue(spawned.find(), r.all());
        String child = spawned.group(1);
        assertTrue(r.stdout().contains("child-ended yes"), r.all());
        // the parent runs on h2 (the map of job 1); the child on the hosts of the run, none the launcher's
        assertTrue(Pattern.compile("^Data for node: h2\\t.*\\n\\s+Process jobid: \\S+@1 App: 0 Process rank: 0 ",
                Pattern.MULTILINE).matcher(r.stdout()).find(), r.all());
        List<String> childHosts = r.stdout().lines().filter(l -> l.matches("h\\d")).toList();
        assertEquals(2, childHosts.size(), r.all());
        // h2's only slot is the parent's, from its placement on (JobTable counts a rank not yet reported started)
        assertEquals(List.of("h3", "h3"), childHosts, r.all());
        List<String> events = r.stdout().lines().filter(l -> l.startsWith("event ")).toList();
        assertEquals(3, events.size(), r.all());
        String[] expected = {"event JOB_START nspace " + child + " timestamp ",
            "event LAUNCH_COMPLETE nspace " + child + " timestamp ",
            "event JOB_END nspace " + child + " term_status 0 procid none exit_code none timestamp "};
        for (int i = 0; i < 3; i++) {
            assertTrue(events.get(i).startsWith(expected[i]), expected[i] + "...\n" + r.all());
            long t = Long.parseLong(events.get(i).substring(expected[i].length()));
            assertTrue(t >= before - 1 && t <= after + 1, "PMIX_EVENT_TIMESTAMP " + t + "\n" + r.all());
        }
        // PMIX_LOG_JOB_EVENTS, PMIX_LOG_COMPLETION: the launcher logs them
        assertTrue(r.stderr().contains("job " + child + " started (2 processes)"), r.all());
        assertTrue(r.stderr().contains("job " + child + " ended: PMIX_SUCCESS"), r.all());
    }
}
