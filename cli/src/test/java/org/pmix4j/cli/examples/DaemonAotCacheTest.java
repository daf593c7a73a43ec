package org.pmix4j.cli.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.Run;

/**
 * On JDK 25+, the daemons a launcher starts on other nodes get an AOT cache of their own, and so does a launcher
 * that may start daemons, both trained by bin/pmix4j on one job with a rank here and one on a made-up node
 * (reached through bin/lib/aot-training-agent): a daemon started through a launch agent then loads its classes
 * from its cache, and the launcher the cluster's code from its own, not from the jar. They are made by the
 * first launch that may start daemons (a launch on one node does not wait for them). The other node here is
 * this machine under another name, reached through an agent that runs the daemon's command here.
 */
class DaemonAotCacheTest {
    @TempDir
    Path tmp;

    @Test
    void aDaemonStartsWithItsOwnCacheMadeOnTheFirstLaunchThatMayStartDaemons() throws Exception {
        int major = Runtime.version().feature();
        assumeTrue(major >= 25, "the daemons get an AOT cache on JDK 25+ only");
        Path top = RepositoryLayout.of(tmp.resolve("pmix4j"));
        Path cache = top.resolve("cli/target/pmix4j-" + major + "-daemon.aot");
        Path clusterCache = top.resolve("cli/target/pmix4j-" + major + "-cluster.aot");

        Run.Result single = launch(top, List.of("-n", "1", "true"), null);
        assertEquals(0, single.exitCode(), single.all());
        assertFalse(Files.exists(cache), "a launch on this node alone trained the daemon cache");
        assertFalse(Files.exists(clusterCache), "a launch on this node alone trained the multi-node launcher's cache");

        Path agent = tmp.resolve("here-agent");
        Files.writeString(agent, "#!/bin/sh\nshift\nexec /bin/sh -c \"exec $*\"\n");
        assertTrue(agent.toFile().setExecutable(true));
        Path logs = Files.createDirectories(tmp.resolve("logs"));
        Run.Result job = launch(top, List.of("--host", "pmix4j-test-node:1", "--launch-agent", agent.toString(),
                "-n", "1", "true"), "-Xlog:class+load=info:file=" + logs + "/%p.log");
        assertEquals(0, job.exitCode(), job.all());
        assertTrue(Files.isRegularFile(cache) && Files.size(cache) > 0, "no daemon cache after a launch with --host");
        assertTrue(Files.isRegularFile(clusterCache) && Files.size(clusterCache) > 0,
                "no multi-node launcher's cache after a launch with --host");
        try (Stream<Path> left = Files.list(top.resolve("cli/target"))) {
            List<String> names = left.map(p -> p.getFileName().toString())
                    .filter(n -> n.contains("daemon") || n.contains("cluster"))
                    .filter(n -> !n.equals(cache.getFileName().toString())
                            && !n.equals(clusterCache.getFileName().toString())).toList();
            assertEquals(List.of(), names, "the training left a lock, configuration, pid file or a half-made cache");
        }
        List<String> daemonLog = null;
        List<String> launcherLog = null;
        try (Stream<Path> s = Files.list(logs)) {
            for (Path log : s.toList()) {
                List<String> lines = Files.readAllLines(log);
                if (lines.stream().anyMatch(l -> l.contains(" org.pmix4j.runtime.NodeDaemon "))) {
                    daemonLog = lines;
                } else if (lines.stream().anyMatch(l -> l.contains(" org.pmix4j.runtime.Cluster "))) {
                    launcherLog = lines;
                }
            }
        }
        assertTrue(daemonLog != null, "no JVM of the job loaded the daemon's class");
        assertTrue(launcherLog != null, "no JVM of the job loaded the launcher's cluster");
        // what every multi-node launcher runs: with the one-node launcher's cache, these came from the jar
        for (String launcherClass : List.of("org.pmix4j.runtime.Cluster", "org.pmix4j.runtime.RemoteProcesses",
                "org.pmix4j.runtime.cluster.ChildDaemons", "org.pmix4j.runtime.cluster.AgentStarter",
                "org.pmix4j.runtime.cluster.TreeCollectives")) {
            List<String> loads = launcherLog.stream().filter(l -> l.contains(" " + launcherClass + " ")).toList();
            assertEquals(1, loads.size(), launcherClass + " was not loaded once: " + loads);
            assertTrue(loads.get(0).contains("source: shared objects file"), "not from the launcher's cache: " + loads);
        }
        // what every daemon runs (with the launcher's cache, these and ~50 more came from the jar; a class
        // only some runs need, such as an error's, may still come from it)
        for (String daemonClass : List.of("org.pmix4j.runtime.NodeDaemon", "org.pmix4j.runtime.cluster.TreeMember",
                "org.pmix4j.runtime.cluster.TreeJoin", "org.pmix4j.runtime.cluster.DaemonLink",
                "org.pmix4j.runtime.cluster.DaemonRouter", "org.pmix4j.runtime.cluster.DaemonMessage$LaunchJob",
                "org.pmix4j.runtime.DaemonHost",
                // the shared-memory store's writer, which the daemon's training runs once (PMIX4J_AOT_TRAINING):
                // the job's registration writes its data with it
                "org.pmix4j.server.sharedstore.WriteLock", "org.pmix4j.server.sharedstore.NamespaceData")) {
            List<String> loads = daemonLog.stream().filter(l -> l.contains(" " + daemonClass + " ")).toList();
            assertEquals(1, loads.size(), daemonClass + " was not loaded once: " + loads);
            assertTrue(loads.get(0).contains("source: shared objects file"), "not from the daemon's cache: " + loads);
        }
        assertFalse(Files.exists(top.resolve("cli/target/.aot-training-daemon")), "the training's lock was left");
        assertFalse(Files.exists(top.resolve("cli/target/.aot-training-cluster")), "the training's lock was left");
    }

    private static Run.Result launch(Path top, List<String> args, String javaOptions) {
        List<String> all = new ArrayList<>(List.of("run"));
        all.addAll(args);
        return RepositoryLayout.pmix4j(top, all, javaOptions);
    }
}
