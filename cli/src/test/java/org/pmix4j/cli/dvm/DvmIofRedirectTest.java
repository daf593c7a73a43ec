package org.pmix4j.cli.dvm;

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
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * The DVM prints the output of a job nobody forwards (a client's PMIx_Spawn, here iof_spawner.c under
 * prun); a libpmix 4.2.2 tool (iof_redirect.c) pulls it with PMIX_IOF_REDIRECT: the DVM does not print what
 * the tool takes, and prints again after the deregistration. The job writes "during-pull" once the pull is
 * registered (DIR/go1), then "after N" lines once the tool deregistered (DIR/go2), until DIR/go3.
 */
class DvmIofRedirectTest {
    @TempDir
    Path tmp;

    @Test
    void aToolPullingAJobTheDvmPrintsTakesItsOutputUntilDeregistered() throws Exception {
        Path spawner = NativeBuild.pmixProgram(Path.of("src/test/c/iof_spawner.c"));
        Path tool = NativeBuild.pmixProgram(Path.of("src/test/c/iof_redirect.c"));
        Path dir = Files.createDirectories(tmp.resolve("steps"));
        String d = dir.toString();
        String script = "echo \"ready $PMIX_NAMESPACE\"; "
                + "while [ ! -e " + d + "/go1 ]; do sleep 0.05; done; echo during-pull; "
                + "while [ ! -e " + d + "/go2 ]; do sleep 0.05; done; "
                + "i=0; while [ ! -e " + d + "/go3 ]; do echo \"after $i\"; i=$((i+1)); sleep 0.1; done; echo finished";
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("dvm"));
                LauncherProcess prun = dvm.frontEnd("prun", "-n", "1", spawner.toString(), d, "/bin/sh", "-c",
                        script)) {
            LauncherProcess out = dvm.process();
            Matcher ready = out.awaitLine("ready (\\S+)", Duration.ofSeconds(60));
            assertNotNull(ready, out.all() + "\n" + prun.all());
            Run.Result t = out.tool(List.of(tool.toString(), Long.toString(dvm.pid()), ready.group(1), d, "redirect"))
                    .timeout(Duration.ofSeconds(60)).go();
            assertEquals(0, t.exitCode(), t.all() + "\n" + out.all());
            assertTrue(t.stdout().contains("got [during-pull]"), t.all());
            assertTrue(t.stdout().contains("deregister rc=SUCCESS"), t.all());
            assertTrue(out.awaitOutput("after ", 1, Duration.ofSeconds(60)), "the DVM never printed again\n"
                    + out.all() + "\n" + t.all());
            Files.createFile(dir.resolve("go3"));
            assertEquals(0, prun.waitFor(Duration.ofSeconds(60)), prun.all());
            assertFalse(out.stdout().contains("during-pull"), out.all());
        }
    }
}
