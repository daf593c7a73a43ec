package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.pmix4j.server.ServerConfig;
import org.pmix4j.testkit.NativeBuild;

/**
 * {@code pmix4j run --json}: the job map, the bindings and the failure summary as JSON lines among the
 * job's own output, read back and checked against the real job (its libpmix clients' ranks and pids, the
 * node, how each ended); and {@code pmix4j version --json}.
 */
class JsonRunReportsTest {
    @TempDir
    Path tmp;

    @Test
    void theMapBindingsAndFailureOfARealJobAsJsonLines() throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/lifecycle.c"));
        String host = ServerConfig.localHostname();
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(tmp.resolve("t")), List.of("--json",
                "--display", "map", "--report-bindings", "-n", "3", "--oversubscribe", exe.toString(), "abort", "1",
                "7", "the \"reason\"\tgiven"))) {
            assertEquals(7, p.waitFor(Duration.ofSeconds(60)), p.all());
            List<Map<String, Object>> docs = JsonDoc.lines(p.stdout());
            List<String> types = docs.stream().map(d -> (String) d.get("type")).toList();
            assertEquals(List.of("map", "bindings", "failure"), types, p.all());
            // every other line is the job's own
            for (String line : p.stdout().split("\n")) {
                // (PMIx_Abort returns once the launcher has the request: the client says so before it is stopped)
                assertTrue(line.startsWith("{") || line.startsWith("ready ") || line.startsWith("FENCE ")
                        || line.startsWith("ABORT-RETURNED "),
                        line + "\n" + p.all());
            }

            Map<String, Object> map = docs.get(0);
            String nspace = (String) map.get("nspace");
            assertTrue(nspace.startsWith("pmix4j-"), p.all());
            List<Object> mapped = JsonDoc.array(map.get("processes"));
            assertEquals(3, mapped.size(), p.all());
            for (int r = 0; r < 3; r++) {
                Map<String, Object> proc = JsonDoc.object(mapped.get(r));
                assertEquals((long) r, proc.get("rank"));
                assertEquals(host, proc.get("node"));
                assertEquals(0L, proc.get("app"));
            }
            Map<String, Object> node = JsonDoc.object(JsonDoc.array(map.get("nodes")).get(0));
            assertEquals(host, node.get("name"));
            assertEquals(3L, node.get("procs"));
            assertEquals(map.get("processes"), docs.get(1).get("processes"), "the bindings are the map's");

            Map<String, Object> failure = docs.get(2);
            assertEquals(nspace, failure.get("nspace"));
            assertEquals(7L, failure.get("exitStatus"));
            assertEquals("PMIX_ERR_JOB_ABORTED", failure.get("termStatus"));
            Map<String, Object> first = JsonDoc.object(failure.get("first"));
            assertEquals(1L, first.get("rank"));
            assertEquals(7L, first.get("status"));
            assertEquals("process rank 1 (pid " + pidOf(p, 1) + ") called abort with status 7: the \"reason\"\tgiven",
                    first.get("why"));
            List<Object> procs = JsonDoc.array(failure.get("processes"));
            assertEquals(3, procs.size());
            for (int r = 0; r < 3; r++) {
                Map<String, Object> proc = JsonDoc.object(procs.get(r));
                assertEquals((long) r, proc.get("rank"));
                assertEquals(pidOf(p, r), proc.get("pid"), p.all());
                assertEquals(host, proc.get("node"));
                assertEquals(r == 1 ? "first failure" : "stopped by the launcher", proc.get("how"), p.all());
            }
        }
    }

    @Test
    void aJobThatSucceedsPrintsItsMapOnly() throws Exception {
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(tmp.resolve("t")), List.of("--json",
                "--display", "map", "-n", "2", "sh", "-c", "echo rank $PMIX_RANK"))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            List<Map<String, Object>> docs = JsonDoc.lines(p.stdout());
            assertEquals(1, docs.size(), p.all());
            assertEquals("map", docs.get(0).get("type"));
            assertTrue(p.stdout().contains("rank 0\n") && p.stdout().contains("rank 1\n"), p.all());
            assertNull(docs.get(0).get("cpusPerRank"));
        }
    }

    @Test
    void versionAsJson() throws Exception {
        try (LauncherProcess p = LauncherProcess.startCommand(tmp, "version", List.of("--json"),
                LauncherProcess.Setup.DEFAULT)) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            Map<String, Object> v = JsonDoc.object(JsonDoc.parse(p.stdout()));
            assertEquals("version", v.get("type"));
            assertEquals(Version.number(), v.get("pmix4j"));
            assertEquals("4.2", v.get("openpmixWire"));
            assertEquals("v41", v.get("bfrops"));
            Map<String, Object> java = JsonDoc.object(v.get("java"));
            assertEquals((long) Runtime.version().feature(), java.get("feature"));
            assertEquals(Runtime.version().toString(), java.get("version"));
        }
        try (LauncherProcess p = LauncherProcess.startCommand(tmp, "version", List.of(),
                LauncherProcess.Setup.DEFAULT)) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            assertTrue(p.stdout().startsWith("pmix4j " + Version.number() + "\n"), p.all());
        }
    }

    private static long pidOf(LauncherProcess p, int rank) {
        Matcher m = Pattern.compile("(?m)^ready " + rank + " (\\d+)$").matcher(p.stdout());
        assertTrue(m.find(), "rank " + rank + " did not start\n" + p.all());
        return Long.parseLong(m.group(1));
    }
}
