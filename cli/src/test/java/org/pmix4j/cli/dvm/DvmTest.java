package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;

/**
 * {@code pmix4j dvm} with its front ends, used as a user would: jobs one after another and at once, their
 * output, statuses and failure messages at the front end (and not at the DVM), {@code run --dvm},
 * {@code term} leaving nothing behind, a daemonized DVM, and the front ends' errors.
 */
class DvmTest {
    @TempDir
    Path tmp;

    @Test
    void jobsRunOneAfterAnotherAndAtOnceAndTermLeavesNothing() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"))) {
            Path session = dvm.sessionDir();
            assertTrue(Files.exists(session.resolve("pmix." + hostname() + ".tool." + dvm.pid())),
                    "the DVM's rendezvous file by pid\n" + listing(dvm.tmpdir()));

            DvmProcess.Ended hello = dvm.run("prun", "-n", "2", "echo", "hello from the DVM");
            assertEquals(0, hello.status(), hello.all());
            assertEquals("hello from the DVM\nhello from the DVM\n", hello.stdout(), hello.all());

            assertEquals(List.of(), jobDirsAfterAWhile(session),
                    "an ended job's session directory is gone while the DVM runs on");

            DvmProcess.Ended failed = dvm.run("prun", "-n", "2", "sh", "-c", "echo before; exit 3");
            assertEquals(3, failed.status(), "the job's first failure is the front end's status\n" + failed.all());
            assertTrue(failed.stderr().contains("exited with status 3; the job "), failed.all());
            assertTrue(failed.stderr().contains("processes of job "), "the failure summary\n" + failed.all());

            DvmProcess.Ended tagged = dvm.run("prun", "-n", "2", "--output", "tag", "sh", "-c", "echo out; echo err >&2");
            assertEquals(0, tagged.status(), tagged.all());
            assertTrue(tagged.stdout().matches("(?s).*\\[\\d+,0\\]<stdout>: out\n.*"), tagged.all());
            assertTrue(tagged.stderr().matches("(?s).*\\[\\d+,1\\]<stderr>: err\n.*"), tagged.all());

            // four at once, each its own namespace
            List<LauncherProcess> many = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                many.add(dvm.frontEnd("prun", "-n", "2", "--oversubscribe", "sh", "-c",
                        "sleep 0.3; echo ns=$PMIX_NAMESPACE"));
            }
            Set<String> namespaces = new HashSet<>();
            for (LauncherProcess p : many) {
                try (p) {
                    assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
                    Matcher m = Pattern.compile("ns=(\\S+)").matcher(p.stdout());
                    assertTrue(m.find(), p.all());
                    namespaces.add(m.group(1));
                }
            }
            assertEquals(4, namespaces.size(), "every job has a namespace of its own: " + namespaces);

            DvmProcess.Ended tooMany = dvm.run("prun", "-n", "4096", "true");
            assertEquals(1, tooMany.status(), tooMany.all());
            assertTrue(tooMany.stderr().contains("pmix4j dvm: PMIx_Spawn by ")
                    && tooMany.stderr().contains(" was refused: "), "why, from the DVM\n" + tooMany.all());
            assertTrue(tooMany.stderr().contains("pmix4j prun: the DVM refused the job: PMIX_ERR_JOB_FAILED_TO_LAUNCH"),
                    tooMany.all());

            DvmProcess.Ended viaRun = dvm.run("run", "--dvm=pid:" + dvm.pid(), "-n", "1", "echo", "through run --dvm");
            assertEquals(0, viaRun.status(), viaRun.all());
            assertEquals("through run --dvm\n", viaRun.stdout(), viaRun.all());

            String dvmOutput = dvm.process().all();
            assertFalse(dvmOutput.contains("hello from the DVM") || dvmOutput.contains("exited with status 3"),
                    "what a front end takes, the DVM does not print as well\n" + dvmOutput);

            DvmProcess.Ended term = dvm.run("term");
            assertEquals(0, term.status(), term.all());
            assertEquals(0, dvm.process().waitFor(Duration.ofSeconds(30)), dvm.process().all());
            assertEquals(List.of(), leftovers(dvm.tmpdir()), "term leaves nothing on disk");
            assertFalse(ProcessHandle.of(dvm.pid()).map(ProcessHandle::isAlive).orElse(false));
        }
    }

    @Test
    void frontEndsSayWhatIsWrong() throws Exception {
        Path empty = tmp.resolve("empty");
        Files.createDirectories(empty);
        for (String command : List.of("prun", "term")) {
            try (LauncherProcess p = LauncherProcess.startCommand(empty, command,
                    command.equals("prun") ? List.of("-n", "1", "true") : List.of(), LauncherProcess.Setup.DEFAULT)) {
                assertEquals(1, p.waitFor(Duration.ofSeconds(60)), p.all());
                assertTrue(p.stderr().contains("pmix4j " + command + ": no DVM is running (looked for " + empty),
                        p.all());
            }
        }
        try (LauncherProcess p = LauncherProcess.startCommand(empty, "prun", List.of("--pid", "1", "-n", "1", "true"),
                LauncherProcess.Setup.DEFAULT)) {
            assertEquals(1, p.waitFor(Duration.ofSeconds(60)), p.all());
            assertTrue(p.stderr().contains("no DVM or pmix4j run with pid 1"), p.all());
        }
        try (DvmProcess a = DvmProcess.start(tmp.resolve("two")); DvmProcess b = DvmProcess.start(tmp.resolve("two"))) {
            DvmProcess.Ended which = a.run("prun", "-n", "1", "true");
            assertEquals(1, which.status(), which.all());
            assertTrue(which.stderr().contains("several DVMs are running"), which.all());
            DvmProcess.Ended chosen = a.run("prun", "--pid", Long.toString(b.pid()), "-n", "1", "echo", "b");
            assertEquals(0, chosen.status(), chosen.all());
            DvmProcess.Ended bad = a.run("prun", "--pid", Long.toString(b.pid()), "--map-by", "nonsense", "true");
            assertEquals(2, bad.status(), bad.all());
            assertTrue(bad.stderr().contains("--map-by nonsense"), bad.all());
        }
    }

    @Test
    void oneSystemServerPerNode() throws Exception {
        try (DvmProcess first = DvmProcess.start(tmp.resolve("sys"), "--system-server", "--tmpdir",
                tmp.resolve("sys").toString())) {
            DvmProcess.Ended viaSystem = first.run("prun", "--system-server", "--tmpdir", tmp.resolve("sys").toString(),
                    "-n", "1", "echo", "system");
            assertEquals(0, viaSystem.status(), viaSystem.all());
            assertEquals("system\n", viaSystem.stdout(), viaSystem.all());
            DvmProcess.Ended second = first.run("dvm", "--system-server", "--tmpdir", tmp.resolve("sys").toString());
            assertNotEquals(0, second.status(), second.all());
            assertTrue(second.stderr().contains("pmix.sys."), "the message names the system-server file\n"
                    + second.all());
        }
    }

    @Test
    void aDaemonizedDvmDetachesAndTermStopsIt() throws Exception {
        Path t = tmp.resolve("daemon");
        Files.createDirectories(t);
        long pid;
        try (LauncherProcess start = LauncherProcess.startCommand(t, "dvm", List.of("--daemonize", "--report-pid", "-"),
                LauncherProcess.Setup.DEFAULT)) {
            assertEquals(0, start.waitFor(Duration.ofSeconds(60)), start.all());
            pid = Long.parseLong(start.stdout().strip());
        }
        try {
            ProcessHandle daemon = ProcessHandle.of(pid).orElseThrow();
            assertTrue(daemon.isAlive());
            try (LauncherProcess job = LauncherProcess.startCommand(t, "prun", List.of("-n", "1", "echo", "daemon"),
                    LauncherProcess.Setup.DEFAULT)) {
                assertEquals(0, job.waitFor(Duration.ofSeconds(60)), job.all());
                assertEquals("daemon\n", job.stdout());
            }
            try (LauncherProcess term = LauncherProcess.startCommand(t, "term", List.of(), LauncherProcess.Setup.DEFAULT)) {
                assertEquals(0, term.waitFor(Duration.ofSeconds(60)), term.all());
            }
            // ended: gone, or a zombie that the node's init has yet to reap (the daemonized DVM is its child)
            assertTrue(org.pmix4j.runtime.ProcessStates.ended(daemon),
                    "term returns once the DVM has ended; it is " + org.pmix4j.runtime.ProcessStates.kernelState(pid));
            assertEquals(List.of(), leftovers(t));
        } finally {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void timeLimitAndSignalsStopTheJobNotTheDvm() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("sig"))) {
            DvmProcess.Ended limited = dvm.run("prun", "--timeout", "1", "--report-state-on-timeout", "-n", "2",
                    "sleep", "30");
            assertEquals(124, limited.status(), limited.all());
            assertTrue(limited.stderr().contains("the time limit for the job was reached (--timeout 1 seconds)"),
                    limited.all());
            assertTrue(limited.stderr().matches("(?s).*rank 1 pid \\d+ on \\S+: RUNNING, sleeping.*"),
                    "each process's state\n" + limited.all());

            try (LauncherProcess job = dvm.frontEnd("prun", "-n", "2", "sh", "-c", "echo started; sleep 30")) {
                assertTrue(job.awaitOutput("started", 2, Duration.ofSeconds(60)), job.all());
                job.signal("INT");
                assertEquals(130, job.waitFor(Duration.ofSeconds(60)), job.all());
                assertTrue(job.stderr().contains("caught SIGINT, stopping the job"), job.all());
            }
            DvmProcess.Ended after = dvm.run("prun", "-n", "1", "echo", "still serving");
            assertEquals(0, after.status(), after.all());
            assertEquals("still serving\n", after.stdout());
            assertTrue(dvm.process().isAlive());
        }
    }

    @Test
    void theFrontEndsStdinReachesTheJob() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("stdin"))) {
            byte[] input = new byte[3 << 20];
            new java.util.Random(12).nextBytes(input);
            Path file = tmp.resolve("input.bin");
            Files.write(file, input);
            String expected = java.util.HexFormat.of().formatHex(
                    java.security.MessageDigest.getInstance("MD5").digest(input));
            LauncherProcess.Setup fromFile = new LauncherProcess.Setup(List.of(), java.util.Map.of(),
                    ProcessBuilder.Redirect.from(file.toFile()), null);
            // rank 0 (the default) gets all of it, in order, then end of file
            try (LauncherProcess p = LauncherProcess.startCommand(dvm.tmpdir(), "prun", List.of("-n", "2", "sh", "-c",
                    "if [ $PMIX_RANK = 0 ]; then md5sum; else cat; echo rank1-eof; fi"), fromFile)) {
                assertEquals(0, p.waitFor(Duration.ofSeconds(120)), dvm.report(p));
                assertTrue(p.stdout().contains(expected + "  -"), p.all());
                assertTrue(p.stdout().contains("rank1-eof"), "a rank not named reads /dev/null\n" + p.all());
            }
            // --stdin all: every rank gets every byte
            try (LauncherProcess p = LauncherProcess.startCommand(dvm.tmpdir(), "prun", List.of("-n", "2",
                    "--oversubscribe", "--stdin", "all", "md5sum"), fromFile)) {
                assertEquals(0, p.waitFor(Duration.ofSeconds(120)), dvm.report(p));
                assertEquals(2, p.count(expected + "  -"), p.all());
            }
        }
    }

    @Test
    void aDvmThatDiesMidJobIsReportedByItsFrontEnd() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("dies"))) {
            try (LauncherProcess job = dvm.frontEnd("prun", "-n", "1", "sh", "-c", "echo running; exec sleep 271.5")) {
                assertTrue(job.awaitOutput("running", 1, Duration.ofSeconds(60)), job.all());
                dvm.process().handle().destroyForcibly();
                assertEquals(1, job.waitFor(Duration.ofSeconds(60)), job.all());
                assertTrue(job.stderr().contains("lost the connection to the DVM before job "), job.all());
            } finally {
                // what a killed runtime leaves behind is the security issue's (issue 13), not the front end's
                ProcessHandle.allProcesses().filter(h -> h.info().commandLine().map(c -> c.endsWith("sleep 271.5"))
                        .orElse(false)).forEach(ProcessHandle::destroyForcibly);
            }
        }
    }

    /** The job directories in a DVM's session directory, once they are gone (10 s at most: removed just after the end is told). */
    private static List<String> jobDirsAfterAWhile(Path session) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            List<String> dirs;
            try (Stream<Path> s = Files.list(session)) {
                dirs = s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).toList();
            }
            if (dirs.isEmpty() || System.nanoTime() > end) {
                return dirs;
            }
            Thread.sleep(20);
        }
    }

    /** What is left under a TMPDIR besides the test's own files. */
    static List<String> leftovers(Path dir) throws java.io.IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(p -> !p.equals(dir)).forEach(p -> out.add(dir.relativize(p).toString()));
        }
        return out;
    }

    private static String listing(Path dir) throws java.io.IOException {
        return String.join("\n", leftovers(dir));
    }

    static String hostname() {
        return org.pmix4j.server.ServerConfig.localHostname();
    }
}
