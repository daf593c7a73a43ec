package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * A libpmix 4.2.2 tool (iof_redirect.c) pulls the stdout of the job a running {@code pmix4j run} prints:
 * with PMIX_IOF_REDIRECT (the default) the launcher does not print what the tool takes, with PMIX_IOF_COPY
 * it does; once the pull is deregistered, or the tool is gone without deregistering, the launcher prints
 * the job's output again. The job writes "during-pull" once the pull is registered (DIR/go1), then "after
 * N" lines once the tool is done (DIR/go2), until DIR/go3.
 */
class IofRedirectTest {
    @TempDir
    Path tmp;

    /** The job: its nspace, then a line per phase the tool and the test step it through. */
    static List<String> job(Path dir) {
        String d = dir.toString();
        return List.of("/bin/sh", "-c", "echo \"ready $PMIX_NAMESPACE\"; "
                + "while [ ! -e " + d + "/go1 ]; do sleep 0.05; done; echo during-pull; "
                + "while [ ! -e " + d + "/go2 ]; do sleep 0.05; done; "
                + "i=0; while [ ! -e " + d + "/go3 ]; do echo \"after $i\"; i=$((i+1)); sleep 0.1; done; echo finished");
    }

    @Test
    void aRedirectingPullTakesTheOutputFromTheLauncherUntilDeregistered() throws Exception {
        String launcher = pull("redirect");
        assertFalse(launcher.contains("during-pull"), launcher);
    }

    @Test
    void aCopyingPullLeavesTheOutputPrintedToo() throws Exception {
        String launcher = pull("copy");
        assertTrue(launcher.contains("during-pull"), launcher);
    }

    @Test
    void theLauncherPrintsAgainOnceTheRedirectingToolIsGone() throws Exception {
        String launcher = pull("leave");
        assertFalse(launcher.contains("during-pull"), launcher);
    }

    /** Runs the job and the tool in {@code mode}; answers the launcher's stdout once the job ended. */
    private String pull(String mode) throws Exception {
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/iof_redirect.c"));
        Path dir = Files.createDirectories(tmp.resolve("steps"));
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(tmp.resolve("launcher-tmp")),
                concat(List.of("-n", "1"), job(dir)))) {
            Matcher ready = p.awaitLine("ready (\\S+)", Duration.ofSeconds(60));
            assertNotNull(ready, p.all());
            Run.Result t = p.tool(List.of(tool.toString(), Long.toString(p.pid()), ready.group(1), dir.toString(),
                    mode)).timeout(Duration.ofSeconds(60)).go();
            assertEquals(0, t.exitCode(), t.all() + "\n" + p.all());
            assertTrue(t.stdout().contains("got [during-pull]"), t.all());
            if (!mode.equals("leave")) {
                assertTrue(t.stdout().contains("deregister rc=SUCCESS"), t.all());
            } else {
                Files.createFile(dir.resolve("go2"));
            }
            assertTrue(p.awaitOutput("after ", 1, Duration.ofSeconds(60)), "the launcher never printed again\n"
                    + p.all() + "\n" + t.all());
            Files.createFile(dir.resolve("go3"));
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            return p.stdout();
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
