package org.pmix4j.cli.multinode;

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
 * Process tables of a job over three hosts (issue 16): each process of {@code proc_table client} (libpmix
 * 4.2.2) asks its own node's server. PMIX_QUERY_PROC_TABLE, answered by the launcher for the daemons,
 * gives every process with the host it runs on and its pid there; PMIX_QUERY_LOCAL_PROC_TABLE gives only
 * the processes of the asking process's node.
 */
class MultiNodeProcTableTest {
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

    @Test
    void theFullTableHasEveryHostAndPidAndTheLocalOneOnlyThisNodesProcesses() {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/proc_table.c"));
        List<String> runArgs = new ArrayList<>(List.of("--launch-agent", String.join(" ", hosts.launchAgent())));
        runArgs.addAll(List.of("--host", "h1,h2,h3", "--map-by", "node", "-n", "3", exe.toString(), "client"));
        Run.Result r = hosts.on("h1", LauncherProcess.commandLine(List.of(), "run", runArgs).toArray(String[]::new))
                .timeout(Duration.ofSeconds(90)).go();
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
}
