package org.pmix4j.cli.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.Run;

/**
 * A launcher profiled with JFR keeps its job. HotSpot suspends the threads it samples with SIGUSR2, the signal
 * a launcher forwards to every process of its job: the launcher, which holds that signal for forwarding, sent
 * its job the JVM's own samplings, and the job died of SIGUSR2 within a second. bin/pmix4j gives its JVMs
 * another signal for that ({@code _JAVA_SR_SIGNUM}).
 */
class ProfiledLauncherTest {
    @TempDir
    Path tmp;

    @Test
    void aJobRunsToItsEndUnderALauncherSampledByJfr() throws Exception {
        Path top = RepositoryLayout.of(tmp.resolve("pmix4j"));
        Path tmpdir = Files.createDirectories(tmp.resolve("tmp"));
        Path recording = tmp.resolve("launcher.jfr");
        // a job that keeps the launcher's threads busy forwarding its output, so that the sampler suspends them
        // (into files, not into this test's memory)
        Run.Result run = Run.command(List.of(top.resolve("bin/pmix4j").toString(), "run", "-n", "2",
                        "--output", "dir=" + tmp.resolve("out"), "sh", "-c", "seq 1 3000000; sleep 1; echo finished"))
                .env("JAVA_HOME", System.getProperty("java.home")).env("TMPDIR", tmpdir.toString())
                // no class archive: the JVM turns JFR off while it writes one
                .env("PMIX4J_NO_AOT", "1")
                .env("PMIX4J_JAVA_OPTS", "-Xshare:off -XX:StartFlightRecording=filename=" + recording + ",settings=profile")
                .timeout(Duration.ofMinutes(2)).go();
        assertEquals(0, run.exitCode(), run.stderr());
        for (int rank = 0; rank < 2; rank++) {
            String name = "rank." + rank + "/stdout";
            try (var files = Files.walk(tmp.resolve("out"))) {
                Path stdout = files.filter(f -> f.endsWith(name)).findFirst().orElseThrow();
                assertTrue(Files.readString(stdout).endsWith("3000000\nfinished\n"), "rank " + rank + "'s output");
            }
        }
        assertTrue(Files.size(recording) > 0, "the recording was written");
    }
}
