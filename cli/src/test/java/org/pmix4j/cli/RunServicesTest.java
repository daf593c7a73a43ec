package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;

/**
 * The PMIx services of {@code pmix4j run} used by real libpmix 4.2.2 clients and python3-pmix: key-value
 * exchange on one node, PMIx_Spawn (a new namespace, PMIX_SPAWNED and PMIX_PARENT_ID, output forwarded,
 * the parent told of the end), PMIx_Query_info answered by the launcher, PMIx_Log to stdout, stderr and
 * syslog.
 */
class RunServicesTest {
    @TempDir
    Path tmp;

    private static Path program(String name) {
        return NativeBuild.pmixProgram(Path.of("src/test/c/" + name + ".c"));
    }

    private LauncherProcess launch(List<String> args) throws Exception {
        return LauncherProcess.start(Files.createDirectories(tmp.resolve("launcher-tmp")), args);
    }

    @Test
    void putCommitFenceGetOnFourOversubscribedProcesses() throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("../server/src/test/c/modex_client.c"));
        try (LauncherProcess p = launch(List.of("-n", "4", "--oversubscribe", exe.toString()))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            assertEquals(4, p.stdout().lines().filter(l -> l.matches("rank \\d: modex ok with 4 peers")).count(),
                    p.all());
        }
    }

    /** The scope and wait rules of modex_nodes.c, all ranks on one node, with and without collection. */
    @Test
    void scopesAndFencesWithAndWithoutCollection() throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("../server/src/test/c/modex_nodes.c"));
        for (String mode : List.of("collect", "nocollect", "nofence", "subset")) {
            Path dir = Files.createDirectories(tmp.resolve("launcher-" + mode));
            try (LauncherProcess p = LauncherProcess.start(dir, List.of("-n", "3", "--oversubscribe", exe.toString(),
                    mode))) {
                assertEquals(0, p.waitFor(Duration.ofSeconds(60)), mode + "\n" + p.all());
                assertEquals(3, p.stdout().lines().filter(l -> l.matches("DONE \\d 0")).count(), mode + "\n" + p.all());
            }
        }
    }

    @Test
    void spawnedJobHasItsOwnNamespaceKnowsItsParentAndItsEndIsNotified() throws Exception {
        Path exe = program("pmix_ops");
        try (LauncherProcess p = launch(List.of("-n", "1", "--oversubscribe", exe.toString(), "spawn"))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            String out = p.stdout();
            Matcher m = Pattern.compile("(?m)^spawn SUCCESS (\\S+)$").matcher(out);
            assertTrue(m.find(), p.all());
            String child = m.group(1);
            Matcher parent = Pattern.compile("(?m)^child 0 parent SUCCESS (\\S+):0$").matcher(out);
            assertTrue(parent.find(), p.all());
            assertTrue(!child.equals(parent.group(1)), "the children run in a namespace of their own\n" + p.all());
            for (int r = 0; r < 2; r++) {
                assertTrue(out.contains("child " + r + " spawned SUCCESS true"), p.all());
                assertTrue(out.contains("child " + r + " parent SUCCESS " + parent.group(1) + ":0"), p.all());
                assertTrue(p.stderr().contains("child " + r + " on stderr"), "stderr forwarded\n" + p.all());
            }
            assertTrue(out.contains("spawn-job-end " + child + " term 0 "), "the parent hears of the end\n" + p.all());
        }
    }

    @Test
    void queriesAreAnsweredByTheLauncher() throws Exception {
        Path exe = program("pmix_ops");
        try (LauncherProcess p = launch(List.of("-n", "2", exe.toString(), "query"))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            String out = p.stdout();
            Matcher ns = Pattern.compile("(?m)^query pmix\\.qry\\.ns (\\S+)$").matcher(out);
            assertTrue(ns.find(), p.all());
            String job = ns.group(1);
            assertTrue(out.contains("query pmix.qry.ptable array of 2 type 38"), p.all()); // 38: PMIX_PROC_INFO
            for (int r = 0; r < 2; r++) {
                assertTrue(Pattern.compile("(?m)^query proc " + Pattern.quote(job) + ":" + r + " host \\S+ pid \\d+ exe "
                        + ".*pmix_ops$").matcher(out).find(), p.all());
            }
            assertTrue(out.contains("query pmix.job.size 2"), p.all());
            assertTrue(out.contains("query pmix.num.nodes 1"), p.all());
            assertTrue(out.contains("query-status pmix.qry.spawn SUCCESS"), p.all());
        }
    }

    /**
     * Every rank asks for its job's process table as soon as it has initialised, while the launcher may still
     * be starting the last ranks: each table lists the whole job (a rank not started yet with no pid), never
     * only the processes started so far.
     */
    @Test
    void aProcessTableAskedForDuringTheLaunchListsTheWholeJob() throws Exception {
        Path exe = program("pmix_ops");
        try (LauncherProcess p = launch(List.of("-n", "64", "--oversubscribe", exe.toString(), "query"))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(90)), p.all());
            Matcher tables = Pattern.compile("(?m)^query pmix\\.qry\\.ptable array of (\\d+) type 38$").matcher(p.stdout());
            List<String> sizes = new java.util.ArrayList<>();
            while (tables.find()) {
                sizes.add(tables.group(1));
            }
            assertEquals(java.util.Collections.nCopies(64, "64"), sizes, p.all());
        }
    }

    /** syslog through logger(1): a stand-in on the launcher's PATH records what it was asked to write. */
    @Test
    void logWritesStdoutStderrAndSyslog() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path record = tmp.resolve("syslog.txt");
        Path logger = bin.resolve("logger");
        Files.writeString(logger, "#!/bin/sh\necho \"$*\" >> '" + record + "'\n");
        Files.setPosixFilePermissions(logger, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path exe = program("pmix_ops");
        List<String> args = List.of("-n", "2", exe.toString(), "log");
        LauncherProcess.Setup setup = new LauncherProcess.Setup(List.of(),
                Map.of("PATH", bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin")),
                ProcessBuilder.Redirect.from(new java.io.File("/dev/null")), null);
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(tmp.resolve("launcher-tmp")), args,
                setup)) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            for (int r = 0; r < 2; r++) {
                assertTrue(p.stdout().contains("log " + r + " SUCCESS"), p.all());
                assertTrue(p.stdout().contains("log-to-stdout from " + r + "\n"), p.all());
                assertTrue(p.stderr().contains("log-to-stderr from " + r), p.all());
            }
            String syslog = Files.readString(record);
            for (int r = 0; r < 2; r++) {
                assertTrue(syslog.contains("log-to-syslog from " + r), syslog + "\n" + p.all());
            }
        }
    }

    @Test
    void python3PmixClientsExchangePublishAndQuery() throws Exception {
        NativeBuild.requireTool("python3", "python3-pmix");
        List<String> args = new ArrayList<>(List.of("-n", "3", "--oversubscribe", "/usr/bin/python3",
                Path.of("src/test/python/modex_client.py").toAbsolutePath().toString()));
        try (LauncherProcess p = launch(args)) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(90)), p.all());
            assertEquals(3, p.stdout().lines().filter(l -> l.matches("DONE \\d 0")).count(), p.all());
            assertTrue(p.stdout().lines().noneMatch(l -> l.startsWith("FAIL ")), p.all());
        }
    }
}
