package org.pmix4j.cli.multinode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.Run;
import org.pmix4j.testkit.TestHosts;

/** {@code pmix4j run} across hosts built by the test (network namespaces with their own sshd). */
class MultiNodeRunTest {
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
        List<String> cmd = LauncherProcess.commandLine(List.of(), "run", runArgs);
        return hosts.on("h1", cmd.toArray(String[]::new)).timeout(Duration.ofSeconds(60)).go();
    }

    @Test
    void aProgramRunsOnEveryHost() {
        Run.Result r = run("--host", "h1,h2,h3", "--map-by", "node", "-n", "3", "hostname");
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdout().lines().sorted().toList();
        assertEquals(List.of("h1", "h2", "h3"), lines, r.all());
    }
}
