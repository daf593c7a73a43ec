package org.pmix4j.cli.top;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.pmix4j.testkit.NativeBuild;

/**
 * {@code pmix4j ps} and {@code pmix4j top} against a PMIx server that is not pmix4j's: a resource manager
 * built on libpmix 4.2.2's server library (the client tests' host_server.c) running a job, named by its pid
 * and found, as libpmix's own tools find it, by the {@code pmix.<host>.tool.<pid>} file its library wrote.
 * That host answers the namespace query but not the process table, so the job is listed without processes.
 */
class ForeignServerTest {
    @TempDir
    Path tmp;

    @Test
    void psAndTopReachALibpmixServerByItsPid() throws Exception {
        Path host = NativeBuild.pmixProgram(Path.of("../client/src/test/c/host_server.c").toAbsolutePath().normalize());
        Path sessions = Files.createDirectories(tmp.resolve("d"));
        Path system = Files.createDirectories(tmp.resolve("s"));
        Path log = tmp.resolve("host.log");
        Process server = new ProcessBuilder(host.toString(), "-d", sessions.toString(), "-s", system.toString(),
                "-np", "2", "--", "/bin/sleep", "30").redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long pid = readyPid(log, server);
            for (String command : List.of("ps", "top")) {
                List<String> args = command.equals("top") ? List.of("--pid", Long.toString(pid), "--once", "--json")
                        : List.of("--pid", Long.toString(pid), "--json");
                try (LauncherProcess p = LauncherProcess.startCommand(sessions, command, args,
                        LauncherProcess.Setup.DEFAULT)) {
                    assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
                    Map<String, Object> report = JsonDoc.object(JsonDoc.parse(p.stdout()));
                    assertEquals(command, report.get("type"), p.all());
                    List<Object> jobs = JsonDoc.array(report.get("jobs"));
                    assertTrue(jobs.stream().anyMatch(j -> "hsjob".equals(JsonDoc.object(j).get("nspace"))),
                            "the libpmix host's job is not listed: " + p.all());
                }
            }
            assertTrue(Files.readString(log).contains("HOST query by"), "the host was never asked: " + Files.readString(log));
        } finally {
            server.destroy();
            server.waitFor();
        }
    }

    /** The host's pid from its "READY <uri> pid=N" line. */
    private static long readyPid(Path log, Process server) throws Exception {
        Pattern ready = Pattern.compile("READY \\S+ pid=(\\d+)");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = ready.matcher(Files.exists(log) ? Files.readString(log) : "");
            if (m.find()) {
                return Long.parseLong(m.group(1));
            }
            assertTrue(server.isAlive(), "the libpmix host ended: " + Files.readString(log));
            Thread.sleep(50);
        }
        throw new AssertionError("the libpmix host did not say READY: " + Files.readString(log));
    }
}
