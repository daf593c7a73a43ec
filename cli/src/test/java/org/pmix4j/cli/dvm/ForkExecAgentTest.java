package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * PMIX_FORKEXEC_AGENT with real libpmix 4.2.2 peers: a tool (fea_spawner.c) spawns an application
 * (fea_app.c, a PMIx client) with a fork/exec agent (fork_exec_agent.c) into a running {@code pmix4j dvm},
 * and into a running {@code pmix4j run}. Each agent connects back as a tool of the agents' job, reads its
 * spawn instructions (PMIX_DEBUG_TARGET, org.pmix4j.fea.argv / env, PMIX_WDIR) and forks the application process
 * it stands for. The application's ranks see their job as without agents (size, local rank and size), each
 * was forked by its agent, the spawn returns the application's namespace, PMIX_QUERY_NAMESPACES lists the
 * agents' namespace beside it while the job runs (with a proctable of the agents), and the job ends
 * normally.
 */
class ForkExecAgentTest {
    private static Path agent;
    private static Path app;
    private static Path spawner;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() {
        agent = NativeBuild.pmixProgram(Path.of("src/test/c/fork_exec_agent.c"));
        app = NativeBuild.pmixProgram(Path.of("src/test/c/fea_app.c"));
        spawner = NativeBuild.pmixProgram(Path.of("src/test/c/fea_spawner.c"));
    }

    @Test
    void aDvmStartsEachProcessThroughItsAgent() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("dvm"))) {
            Path go = tmp.resolve("go");
            Run.Result r = dvm.tool(spawner.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()),
                    agent.toString(), "2", go.toString(), app.toString(), go.toString());
            ranThroughAgents(r, 2, dvm.process().all());
            assertTrue(dvm.process().isAlive(), dvm.process().all());
        }
    }

    @Test
    void aRunStartsEachProcessThroughItsAgent() throws Exception {
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(tmp.resolve("launcher-tmp")),
                List.of("-n", "1", "/bin/sh", "-c", "echo ready; sleep 120"))) {
            assertTrue(p.awaitOutput("ready", 1, Duration.ofSeconds(60)), p.all());
            Path go = tmp.resolve("go");
            Run.Result r = p.tool(List.of(spawner.toString(), "-", Long.toString(p.pid()), agent.toString(), "1",
                    go.toString(), app.toString(), go.toString())).timeout(Duration.ofSeconds(90)).go();
            ranThroughAgents(r, 1, p.all());
            assertTrue(p.isAlive(), p.all());
        }
    }

    /**
     * PMIX_DEBUG_STOP_IN_INIT beside the agents: the application, a libpmix client, waits in PMIx_Init (no rank
     * has printed once the spawn has returned) until {@code pmix4j debug release} releases the job.
     */
    @Test
    void theApplicationStopsInInitUntilReleased() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("dvm"))) {
            Path go = tmp.resolve("go");
            ProcessBuilder pb = new ProcessBuilder(spawner.toString(), dvm.sessionDir().toString(),
                    Long.toString(dvm.pid()), agent.toString(), "2", go.toString(), app.toString(), go.toString())
                    .redirectErrorStream(true);
            pb.environment().keySet().removeIf(k -> k.startsWith("PMIX_") || k.startsWith("OMPI_"));
            for (String v : List.of("TMPDIR", "TMP", "TEMP")) {
                pb.environment().put(v, dvm.tmpdir().toString());
            }
            pb.environment().put("FEA_STOP_IN_INIT", "1");
            Process tool = pb.start();
            StringBuffer out = new StringBuffer();
            Thread reader = Thread.ofVirtual().start(() -> {
                try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(tool.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = lines.readLine()) != null;) {
                        out.append(line).append('\n');
                    }
                } catch (java.io.IOException e) {
                    out.append("(read failed: ").append(e).append(")\n");
                }
            });
            try {
                Eventually.until(() -> out.indexOf("spawned ") >= 0 || !tool.isAlive(), () -> out + dvm.process().all());
                Matcher spawned = Pattern.compile("spawned SUCCESS (\\S+)").matcher(out);
                assertTrue(spawned.find(), out + dvm.process().all());
                assertTrue(out.indexOf("app rank") < 0, "the application waits in PMIx_Init\n" + out);
                DvmProcess.Ended released = dvm.run("debug", "release", spawned.group(1));
                assertEquals(0, released.status(), released.all() + dvm.process().all());
                assertTrue(tool.waitFor(90, java.util.concurrent.TimeUnit.SECONDS), out + dvm.process().all());
                reader.join();
                ranThroughAgents(tool.exitValue(), out.toString(), out.toString(), 2, dvm.process().all());
            } finally {
                tool.destroyForcibly().waitFor();
            }
        }
    }

    /** What the spawner, the agents and the application printed says each rank ran through its agent. */
    private static void ranThroughAgents(Run.Result r, int np, String launcher) {
        ranThroughAgents(r.exitCode(), r.stdout(), r.all(), np, launcher);
    }

    private static void ranThroughAgents(int exitCode, String out, String toolAll, int np, String launcher) {
        String all = toolAll + "\n--- launcher\n" + launcher;
        assertEquals(0, exitCode, all);
        Matcher spawned = Pattern.compile("spawned SUCCESS (\\S+)").matcher(out);
        assertTrue(spawned.find(), all);
        String ns = spawned.group(1);
        String agentsNs = null;
        for (int rank = 0; rank < np; rank++) {
            Matcher a = find("app rank " + rank + " size (\\d+) local-rank (\\d+) local-size (\\d+) pid (\\d+)"
                    + " ppid (\\d+) ns (\\S+)", out, all);
            assertEquals(ns, a.group(6), "the application runs in the namespace the spawn returned\n" + all);
            assertEquals(np, Integer.parseInt(a.group(1)), "the job's size counts no agent\n" + all);
            assertEquals(rank, Integer.parseInt(a.group(2)), "local rank\n" + all);
            assertEquals(np, Integer.parseInt(a.group(3)), "local size: no agent among the node's processes\n" + all);
            long appPid = Long.parseLong(a.group(4));
            long parent = Long.parseLong(a.group(5));

            Matcher f = find("fea " + rank + " identity (\\S+):" + rank + " pid (\\d+)", out, all);
            if (agentsNs == null) {
                agentsNs = f.group(1);
            }
            assertEquals(agentsNs, f.group(1), "every agent is a rank of one agents' job\n" + all);
            assertEquals(Long.parseLong(f.group(2)), parent, "rank " + rank + " was forked by its agent\n" + all);
            find("fea " + rank + " target " + Pattern.quote(ns) + ":" + rank + "\n", out, all);
            find("fea " + rank + " started pid " + appPid + " for " + Pattern.quote(ns) + ":" + rank + "\n", out, all);
            // the agents' proctable: the processes the launcher started, the agents themselves
            find("proctable " + Pattern.quote(agentsNs) + " rank " + rank + " pid " + f.group(2) + " exe "
                    + Pattern.quote(agent.toString()) + "\n", out, all);
        }
        assertNotEquals(ns, agentsNs, all);
        Matcher listed = find("namespaces (\\S+)", out, all);
        List<String> names = Arrays.asList(listed.group(1).split(","));
        assertTrue(names.contains(ns) && names.contains(agentsNs),
                "the application's and the agents' namespaces are listed while the job runs\n" + all);
        find("job-end " + Pattern.quote(ns) + " exit 0\n", out, all);
    }

    private static Matcher find(String regex, String text, String all) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), "no /" + regex + "/ in\n" + all);
        return m;
    }
}
