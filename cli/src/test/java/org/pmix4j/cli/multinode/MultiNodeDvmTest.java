package org.pmix4j.cli.multinode;

import org.pmix4j.cli.RunsAlone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.testkit.TestHosts;

/** A DVM over three hosts: jobs submitted with prun run on every host, one after another; term ends it all. */
@RunsAlone
class MultiNodeDvmTest {
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

    private static Run.Result on(String host, String command, String... args) {
        return hosts.on(host, LauncherProcess.commandLine(List.of(), command, List.of(args)).toArray(String[]::new))
                .timeout(Duration.ofSeconds(60)).go();
    }

    @Test
    void jobsSubmittedToAMultiNodeDvmRunOnEveryHost() throws Exception {
        Path uri = hosts.dir().resolve("dvm.uri");
        Process dvm = hosts.start("h1", hosts.dir().resolve("dvm.log"), LauncherProcess.commandLine(List.of(), "dvm",
                List.of("--host", "h1:2,h2:2,h3:2", "--launch-agent", String.join(" ", hosts.launchAgent()),
                        "--tree-radix", "1", "--report-uri", uri.toString())).toArray(String[]::new));
        try {
            long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!(Files.exists(uri) && Files.size(uri) > 0) && System.nanoTime() < end && dvm.isAlive()) {
                Thread.sleep(100);
            }
            assertTrue(Files.exists(uri), "the DVM did not report its URI: " + Files.readString(
                    hosts.dir().resolve("dvm.log")));
            Run.Result first = on("h1", "prun", "--dvm-uri", "file:" + uri, "--map-by", "node", "-n", "3", "hostname");
            assertEquals(0, first.exitCode(), first.all());
            assertEquals(List.of("h1", "h2", "h3"), first.stdout().lines().sorted().toList(), first.all());
            Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/multinode_client.c"));
            Run.Result second = on("h1", "prun", "--dvm-uri", "file:" + uri, "-n", "6", exe.toString(), "fence");
            assertEquals(0, second.exitCode(), second.all() + "\n--- the DVM's log\n"
                    + Files.readString(hosts.dir().resolve("dvm.log")));
            for (int rank = 0; rank < 6; rank++) {
                assertTrue(second.stdout().contains("done " + rank), second.all());
            }
            Run.Result term = on("h1", "term", "--dvm-uri", "file:" + uri);
            assertEquals(0, term.exitCode(), term.all());
            assertTrue(dvm.waitFor(30, TimeUnit.SECONDS), "the DVM did not end");
            assertEquals(0, dvm.exitValue(), Files.readString(hosts.dir().resolve("dvm.log")));
        } finally {
            dvm.destroyForcibly();
        }
        // the daemons went with it
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (daemons() > 0 && System.nanoTime() < end) {
            Thread.sleep(100);
        }
        assertEquals(0, daemons(), "daemons left running");
    }

    private static long daemons() {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(" daemon --parent"))
                .count();
    }
}
