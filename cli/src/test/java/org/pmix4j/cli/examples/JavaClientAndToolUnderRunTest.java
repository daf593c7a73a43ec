package org.pmix4j.cli.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.Run;

/**
 * The Java client library under {@code pmix4j run}, and the Java tool library attaching to a running
 * {@code pmix4j run} by each rule of the tools chapter's rendezvous chain.
 */
class JavaClientAndToolUnderRunTest {
    @TempDir
    Path tmp;

    @Test
    void clientJobUnderPmix4jRun() throws Exception {
        List<String> args = new ArrayList<>(List.of("-n", "4", "--oversubscribe"));
        args.addAll(JavaCommand.main(ClientJob.class));
        try (LauncherProcess p = LauncherProcess.start(tmp, args)) {
            assertEquals(0, p.waitFor(Duration.ofMinutes(2)), p.all());
            String out = p.stdout();
            for (int rank = 0; rank < 4; rank++) {
                String me = "RESULT rank " + rank + " ";
                assertTrue(out.contains(me + "size=4 localPeers=[0, 1, 2, 3]"), out);
                assertTrue(out.contains(me + "gets=[from-0, from-1, from-2, from-3]"), out);
                assertTrue(out.contains(me + "lookup=[cj.svc.0=port-0, cj.svc.1=port-1, cj.svc.2=port-2,"
                        + " cj.svc.3=port-3]"), out);
                assertTrue(out.contains(me + "event=true"), out);
            }
        }
    }

    private Run.Result tool(String... args) {
        Run run = Run.command(JavaCommand.main(ToolJob.class, args)).timeout(Duration.ofMinutes(1));
        for (String v : List.of("TMPDIR", "TMP", "TEMP")) {
            run.env(v, tmp.toString());
        }
        System.getenv().keySet().stream().filter(k -> k.startsWith("PMIX_")).forEach(run::unsetEnv);
        return run.go();
    }

    private static void attached(Run.Result r, String serverNspace, String jobNspace) {
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains(" server=" + serverNspace + ":0"), r.all());
        assertTrue(r.stdout().contains("TOOL namespaces=" + jobNspace), r.all());
    }

    @Test
    void javaToolAttachesByEachRuleOfTheChain() throws Exception {
        // a job that writes a line every 200 ms, for the output-forwarding check
        List<String> job = List.of("-n", "1", "bash", "-c", "for i in $(seq 300); do echo tick $i; sleep 0.2; done");
        try (LauncherProcess p = LauncherProcess.start(tmp, job)) {
            Path pidFile = ExamplesUnderLaunchersTest.awaitRendezvous(tmp, "pmix.", ".tool." + p.pid());
            Path nsFile = ExamplesUnderLaunchersTest.awaitRendezvous(pidFile.getParent(), "pmix.", "@0");
            String serverNs = nsFile.getFileName().toString().replaceFirst("^pmix\\.[^.]+\\.tool\\.", "");
            String jobNs = serverNs.replaceFirst("@0$", "@1");
            String uri = Files.readAllLines(pidFile).get(0);

            Run.Result byPid = tool("pid=" + p.pid());
            attached(byPid, serverNs, jobNs);
            // the launcher names tools after itself
            assertTrue(byPid.stdout().matches("(?s)TOOL self=" + serverNs.replace("@0", "") + "@tool\\.\\d+:0 .*"),
                    byPid.all());
            attached(tool("nspace=" + serverNs), serverNs, jobNs);
            attached(tool("file=" + pidFile), serverNs, jobNs);
            attached(tool("uri=" + uri), serverNs, jobNs);
            attached(tool("tcpuri=" + uri), serverNs, jobNs);
            attached(tool("systemfirst"), serverNs, jobNs);
            attached(tool(), serverNs, jobNs);
            Run.Result given = tool("pid=" + p.pid(), "toolns=watcher.tool");
            attached(given, serverNs, jobNs);
            assertTrue(given.stdout().contains("TOOL self=watcher.tool:0 "), given.all());
            // pmix4j run is no system server: asking only for one is an error that names it
            Run.Result system = tool("system");
            assertEquals(3, system.exitCode(), system.all());
            assertTrue(system.stdout().contains("TOOL ERROR PMIX_ERR_NOT_FOUND the system server"), system.all());
            Run.Result wrongPid = tool("pid=1");
            assertEquals(3, wrongPid.exitCode(), wrongPid.all());
            assertTrue(wrongPid.stdout().contains("TOOL ERROR PMIX_ERR_NOT_FOUND the server with pid 1"),
                    wrongPid.all());
            // and the tool receives the job's output
            Run.Result iof = tool("pid=" + p.pid(), "iof");
            assertEquals(0, iof.exitCode(), iof.all());
            assertTrue(iof.stdout().matches("(?s).*TOOL iof " + jobNs.replace(".", "\\.") + ":0 tick \\d+.*"), iof.all());
            p.signal("TERM");
            p.waitFor(Duration.ofSeconds(30));
        }
    }
}
