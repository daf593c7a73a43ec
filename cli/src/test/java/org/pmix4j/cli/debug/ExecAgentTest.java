package org.pmix4j.cli.debug;

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
 * PMIX_EXEC_AGENT, as the Standard's tools chapter describes it: a libpmix 4.2.2 tool (agent_spawn.c) spawns a
 * job into a running {@code pmix4j run} through an exec agent (exec_agent.c); the launcher starts the agent in
 * each process's place with the process's command line as its arguments, and the agent execs the process in
 * its own place: the process has the agent's pid and the PMIx environment the launcher gave.
 */
class ExecAgentTest {
    @TempDir
    Path tmp;

    @Test
    void eachProcessIsStartedByTheAgentWhichExecsItInItsPlace() throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/agent_spawn.c"));
        Path agent = NativeBuild.pmixProgram(Path.of("src/test/c/exec_agent.c"));
        try (LauncherProcess run = LauncherProcess.start(tmp, List.of("--oversubscribe", "-n", "1", "/bin/sh", "-c",
                "echo up; sleep 120"))) {
            assertTrue(run.awaitOutput("up", 1, Duration.ofSeconds(60)), run.all());
            Run.Result r = run.tool(List.of(tool.toString(), Long.toString(run.pid()), agent.toString(), "2", "/bin/sh",
                    "-c", "echo app pid $$ agent $EXEC_AGENT_PID rank $PMIX_RANK")).timeout(Duration.ofSeconds(90)).go();
            assertEquals(0, r.exitCode(), r.all() + run.all());
            Matcher app = Pattern.compile("app pid (\\d+) agent (\\d+) rank (\\d)").matcher(r.stdout());
            int seen = 0;
            while (app.find()) {
                assertEquals(app.group(1), app.group(2), "the agent exec'd the process in its place: " + r.all());
                assertTrue(r.stderr().contains("exec-agent pid " + app.group(1) + " runs /bin/sh"), r.all());
                seen++;
            }
            assertEquals(2, seen, "both ranks ran through the agent\n" + r.all());
            assertTrue(r.stdout().matches("(?s).*job-end \\S+ status SUCCESS.*"), r.all());
        }
    }
}
