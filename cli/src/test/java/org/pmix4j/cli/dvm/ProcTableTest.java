package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Process tables as a debugger reads them (issue 16): a libpmix 4.2.2 tool (proc_table.c) asks a DVM for
 * PMIX_QUERY_NAMESPACES, PMIX_QUERY_PROC_TABLE and PMIX_QUERY_LOCAL_PROC_TABLE of a job {@code prun}
 * started, and gets one pmix_proc_info_t per process with its host, executable (the path that {@code sh}
 * resolves to in the job), pid, rank and state; Debian's
 * {@code pps} lists the namespace too. (Who may ask: ForeignUserTest; the local table on several nodes:
 * MultiNodeProcTableTest.)
 */
class ProcTableTest {
    @TempDir
    Path tmp;

    @Test
    void aToolReadsTheProcessTablesOfARunningJob() throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/proc_table.c"));
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"));
                LauncherProcess job = dvm.frontEnd("prun", "-n", "2", "sh", "-c",
                        "echo up $PMIX_NAMESPACE $PMIX_RANK $$ $(hostname) $(command -v sh); sleep 30")) {
            assertTrue(job.awaitOutput("up ", 2, Duration.ofSeconds(60)), job.all());
            Matcher up = Pattern.compile("^up (\\S+) (\\d) (\\d+) (\\S+) (\\S+)$", Pattern.MULTILINE).matcher(job.stdout());
            String ns = null;
            String host = null;
            String sh = null;
            long[] pids = new long[2];
            while (up.find()) {
                ns = up.group(1);
                pids[Integer.parseInt(up.group(2))] = Long.parseLong(up.group(3));
                host = up.group(4);
                sh = up.group(5);
            }
            Run.Result r = dvm.tool(tool.toString(), "tool", dvm.sessionDir().toString(), Long.toString(dvm.pid()), ns);
            String all = r.all() + "\n--- prun\n" + job.all() + "\n--- the DVM\n" + dvm.process().all();
            assertEquals(0, r.exitCode(), all);
            assertTrue(Pattern.compile("^namespaces (.*,)?" + Pattern.quote(ns) + "(,.*)?$", Pattern.MULTILINE)
                    .matcher(r.stdout()).find(), all);
            for (String table : List.of("table", "local")) {
                List<String> rows = r.stdout().lines().filter(l -> l.startsWith(table + " ")).toList();
                assertEquals(2, rows.size(), all);
                for (int rank = 0; rank < 2; rank++) {
                    assertEquals(table + " " + ns + ":" + rank + " host " + host + " exe " + sh + " pid " + pids[rank]
                            + " state " + "PROC EXECUTING", rows.get(rank), all);
                }
            }
            Run.Result pps = dvm.tool("pps");
            assertTrue(pps.all().matches("(?s).*Active nspaces: (\\S+,)?" + Pattern.quote(ns) + "(,\\S+)?\n.*"),
                    pps.all());
            job.signal("TERM");
            job.waitFor(Duration.ofSeconds(60));
        }
    }
}
