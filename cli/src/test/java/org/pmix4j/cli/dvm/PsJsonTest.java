package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * {@code pmix4j ps --json} and {@code pmix4j prun --json} against a DVM, read back and checked against the
 * real job: the namespace, ranks, pids (each process printed its own), host and executable, the same as a
 * libpmix 4.2.2 tool (proc_table.c) reads from the same DVM; and the map and failure summary the DVM sends a
 * prun that asked for JSON, among the job's output.
 */
class PsJsonTest {
    @TempDir
    Path tmp;

    @Test
    void psAsJsonMatchesTheJobAndWhatALibpmixToolReads() throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/proc_table.c"));
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"));
                LauncherProcess job = dvm.frontEnd("prun", "-n", "2", "sh", "-c",
                        "echo up $PMIX_NAMESPACE $PMIX_RANK $$ $(hostname) $(command -v sh); sleep 60")) {
            assertTrue(job.awaitOutput("up ", 2, Duration.ofSeconds(60)), job.all());
            Matcher up = Pattern.compile("^up (\\S+) (\\d) (\\d+) (\\S+) (\\S+)$", Pattern.MULTILINE)
                    .matcher(job.stdout());
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
            DvmProcess.Ended ps = dvm.run("ps", "--json");
            assertEquals(0, ps.status(), ps.all());
            Map<String, Object> doc = JsonDoc.object(JsonDoc.parse(ps.stdout()));
            assertEquals("ps", doc.get("type"));
            Map<String, Object> theJob = null;
            for (Object j : JsonDoc.array(doc.get("jobs"))) {
                if (ns.equals(JsonDoc.object(j).get("nspace"))) {
                    theJob = JsonDoc.object(j);
                }
            }
            assertNotNull(theJob, ps.all());
            List<Object> procs = JsonDoc.array(theJob.get("processes"));
            assertEquals(2, procs.size(), ps.all());
            for (int rank = 0; rank < 2; rank++) {
                Map<String, Object> p = JsonDoc.object(procs.get(rank));
                assertEquals((long) rank, p.get("rank"));
                assertEquals(pids[rank], p.get("pid"), ps.all());
                assertEquals(host, p.get("node"));
                assertEquals(sh, p.get("executable"));
                assertEquals("RUNNING", p.get("state"));
                assertTrue(ProcessHandle.of(pids[rank]).isPresent(), "pid " + pids[rank] + " is alive");
            }

            // a libpmix tool's PMIX_QUERY_PROC_TABLE of the same job: the same pids
            Run.Result r = dvm.tool(tool.toString(), "tool", dvm.sessionDir().toString(), Long.toString(dvm.pid()), ns);
            assertEquals(0, r.exitCode(), r.all());
            for (int rank = 0; rank < 2; rank++) {
                assertTrue(r.stdout().contains("table " + ns + ":" + rank + " host " + host + " exe " + sh + " pid "
                        + pids[rank] + " "), r.all() + ps.all());
            }
        }
    }

    @Test
    void prunAsJsonGetsTheMapAndFailureFromTheDvm() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"))) {
            DvmProcess.Ended run = dvm.run("prun", "--json", "--display", "map", "-n", "2", "sh", "-c",
                    "echo pid $PMIX_RANK $$; exit $((PMIX_RANK * 4))");
            assertEquals(4, run.status(), run.all());
            List<Map<String, Object>> docs = JsonDoc.lines(run.stdout());
            assertEquals(List.of("map", "failure"), docs.stream().map(d -> d.get("type")).toList(), run.all());
            Map<String, Object> failure = docs.get(1);
            assertEquals(docs.get(0).get("nspace"), failure.get("nspace"));
            assertEquals(4L, failure.get("exitStatus"));
            assertEquals("PMIX_ERR_JOB_NON_ZERO_TERM", failure.get("termStatus"));
            assertEquals(1L, JsonDoc.object(failure.get("first")).get("rank"));
            List<Object> procs = JsonDoc.array(failure.get("processes"));
            for (int rank = 0; rank < 2; rank++) {
                Map<String, Object> p = JsonDoc.object(procs.get(rank));
                Matcher m = Pattern.compile("(?m)^pid " + rank + " (\\d+)$").matcher(run.stdout());
                assertTrue(m.find(), run.all());
                assertEquals(Long.parseLong(m.group(1)), p.get("pid"));
                assertEquals(rank == 0 ? "ended normally" : "first failure", p.get("how"), run.all());
                assertEquals(rank * 4L, p.get("exitStatus"));
            }
        }
    }
}
