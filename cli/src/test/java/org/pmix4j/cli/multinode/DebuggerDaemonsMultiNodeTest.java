package org.pmix4j.cli.multinode;

import org.pmix4j.cli.RunsAlone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.testkit.TestHosts;

/**
 * Debugger daemons attached to a job that runs on three hosts (a DVM over h1, h2, h3; the job mapped by
 * node, one process per host): a libpmix tool (dbg_attach.c) asks for them per process and per node, and
 * for one process; each daemon (dbg_daemon.c) runs on its target's host and finds it there by
 * PMIX_DEBUG_TARGET, its local rank and the proctable, alive and with the target's PMIX_NAMESPACE/RANK.
 */
@RunsAlone
class DebuggerDaemonsMultiNodeTest {
    private static final Pattern HEADER = Pattern.compile("daemon (\\d+) of (\\d+) lrank (\\d+) host (\\S+) target");
    private static final Pattern TARGET = Pattern.compile(
            "daemon (\\d+) target (\\S+):(\\d+) lrank (\\d+) pid (\\d+) host (\\S+) alive (\\w+) environ (\\w+)");

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

    @Test
    void daemonsRunBesideTheirTargetsOnEveryHost() throws Exception {
        Path attach = NativeBuild.pmixProgram(Path.of("src/test/c/dbg_attach.c"));
        Path daemon = NativeBuild.pmixProgram(Path.of("src/test/c/dbg_daemon.c"));
        Path uri = hosts.dir().resolve("dvm.uri");
        Path dvmLog = hosts.dir().resolve("dvm.log");
        Process dvm = hosts.start("h1", dvmLog, LauncherProcess.commandLine(List.of(), "dvm",
                List.of("--host", "h1:1,h2:1,h3:1", "--launch-agent", String.join(" ", hosts.launchAgent()),
                        "--report-uri", uri.toString())).toArray(String[]::new));
        Process job = null;
        try {
            long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!(Files.exists(uri) && Files.size(uri) > 0) && System.nanoTime() < end && dvm.isAlive()) {
                Thread.sleep(100);
            }
            assertTrue(Files.exists(uri), "the DVM did not report its URI: " + Files.readString(dvmLog));
            Path jobLog = hosts.dir().resolve("job.log");
            job = hosts.start("h1", jobLog, LauncherProcess.commandLine(List.of(), "prun", List.of("--dvm-uri",
                    "file:" + uri, "--map-by", "node", "-n", "3", "sh", "-c",
                    "echo ns $PMIX_NAMESPACE rank $PMIX_RANK host $(hostname); exec sleep 64.5"))
                    .toArray(String[]::new));
            Pattern line = Pattern.compile("ns (\\S+) rank (\\d+) host (\\S+)");
            Map<Integer, String> hostOf = new HashMap<>();
            String target = null;
            while (hostOf.size() < 3 && System.nanoTime() < end + Duration.ofSeconds(60).toNanos() && job.isAlive()) {
                Matcher m = line.matcher(Files.exists(jobLog) ? Files.readString(jobLog) : "");
                while (m.find()) {
                    target = m.group(1);
                    hostOf.put(Integer.parseInt(m.group(2)), m.group(3));
                }
                Thread.sleep(100);
            }
            assertEquals(Set.of("h1", "h2", "h3"), Set.copyOf(hostOf.values()), Files.readString(jobLog));

            // one per process: one on each host, local rank 0 there, beside the process of that host
            Run.Result perProc = attach(attach, uri, target, "all", "per-proc", "1", daemon);
            assertEquals(0, perProc.exitCode(), perProc.all() + "\n--- the DVM's log\n" + Files.readString(dvmLog));
            assertTrue(perProc.stdout().contains("daemons-size 3\n"), perProc.all());
            assertEquals(Set.of("h1", "h2", "h3"), daemonHosts(perProc.stdout(), 0), perProc.all());
            assertEquals(Map.of(0, 1, 1, 1, 2, 1), targets(perProc.stdout(), target, hostOf, perProc.all()));

            // two per node: six daemons, each host's two both find its process
            Run.Result perNode = attach(attach, uri, target, "all", "per-node", "2", daemon);
            assertEquals(0, perNode.exitCode(), perNode.all() + "\n--- the DVM's log\n" + Files.readString(dvmLog));
            assertTrue(perNode.stdout().contains("daemons-size 6\n"), perNode.all());
            assertEquals(Map.of(0, 2, 1, 2, 2, 2), targets(perNode.stdout(), target, hostOf, perNode.all()));

            // one process: its host alone
            Run.Result one = attach(attach, uri, target, "2", "per-proc", "1", daemon);
            assertEquals(0, one.exitCode(), one.all() + "\n--- the DVM's log\n" + Files.readString(dvmLog));
            assertEquals(Set.of(hostOf.get(2)), daemonHosts(one.stdout(), 0), one.all());
            assertEquals(Map.of(2, 1), targets(one.stdout(), target, hostOf, one.all()));

            assertTrue(job.isAlive(), "the debugged job outlives its daemons\n" + Files.readString(jobLog));
            Run.Result term = hosts.on("h1", LauncherProcess.commandLine(List.of(), "term", List.of("--dvm-uri",
                    "file:" + uri)).toArray(String[]::new)).timeout(Duration.ofSeconds(60)).go();
            assertEquals(0, term.exitCode(), term.all());
        } finally {
            if (job != null) {
                job.destroyForcibly();
            }
            dvm.destroyForcibly();
        }
    }

    private static Run.Result attach(Path attach, Path uri, String target, String rank, String per, String n,
            Path daemon) {
        return hosts.on("h1", attach.toString(), "file:" + uri, "0", target, rank, per, n, daemon.toString())
                .timeout(Duration.ofSeconds(90)).go();
    }

    /** The hosts of the daemons of local rank {@code localRank}. */
    private static Set<String> daemonHosts(String out, int localRank) {
        Set<String> hostsSeen = new TreeSet<>();
        Matcher m = HEADER.matcher(out);
        while (m.find()) {
            if (Integer.parseInt(m.group(3)) == localRank) {
                hostsSeen.add(m.group(4));
            }
        }
        return hostsSeen;
    }

    /** By target rank, how many daemons found it: each on the target's own host, alive, the target. */
    private static Map<Integer, Integer> targets(String out, String nspace, Map<Integer, String> hostOf, String all) {
        Map<Integer, Integer> counts = new HashMap<>();
        Matcher m = TARGET.matcher(out);
        while (m.find()) {
            int rank = Integer.parseInt(m.group(3));
            assertEquals(nspace, m.group(2), all);
            assertEquals(hostOf.get(rank), m.group(6), "found on its target's host\n" + all);
            assertTrue(m.group(7).equals("yes") && m.group(8).equals("yes"), "alive and the target\n" + all);
            counts.merge(rank, 1, Integer::sum);
        }
        return counts;
    }
}
