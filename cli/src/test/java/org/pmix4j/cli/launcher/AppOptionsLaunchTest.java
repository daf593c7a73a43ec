package org.pmix4j.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;

/**
 * The application options of {@code pmix4j run} with real PMIx clients: -n, MPMD contexts separated by ':',
 * per-application -x (forward and set), --wdir and --path; their errors name the option and the value; and
 * {@code --help} documents every option of the launcher.
 */
class AppOptionsLaunchTest {
    @TempDir
    Path tmp;

    @Test
    void mpmdContextsEachWithTheirOwnCountEnvironmentAndDirectory() throws Exception {
        Path launchDir = Files.createDirectories(tmp.resolve("launch-dir"));
        Path workDir = Files.createDirectories(tmp.resolve("work dir"));
        Map<String, String> env = new HashMap<>();
        env.put("PMIX4J_TEST_FWD", "from the launcher");
        env.put("PMIX4J_TEST_NOT_EXPORTED", "x");
        LauncherProcess.Setup setup = new LauncherProcess.Setup(List.of(), env, LauncherProcess.Setup.DEFAULT.stdin(),
                launchDir);
        String probe = Launch.probe();
        Launch.Result r = Launch.run(tmp, setup, Launch.args("--oversubscribe",
                "-n", "2", "-x", "FOO=one=1", "-x", "PMIX4J_TEST_FWD", probe, "--cwd", "--env", "FOO", "--env",
                "PMIX4J_TEST_FWD", "--env", "BAR",
                ":", "--np", "1", "-x", "BAR=two", "--wdir", workDir.toString(), probe, "--cwd", "--env", "FOO",
                "--env", "BAR", "--env", "PMIX4J_TEST_FWD"));
        r.assertStatus(0);
        for (int rank = 0; rank < 3; rank++) {
            int app = rank < 2 ? 0 : 1;
            assertEquals("3 appnum " + app + " lrank " + rank, r.probe(rank, "size"), "rank " + rank + "\n" + r.all());
        }
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(launchDir.toRealPath().toString(), r.probe(rank, "cwd"), r.all());
            assertTrue(r.stdout().contains("rank " + rank + " env FOO=one=1\n"), "-x NAME=VALUE sets it\n" + r.all());
            assertTrue(r.stdout().contains("rank " + rank + " env PMIX4J_TEST_FWD=from the launcher\n"),
                    "-x NAME forwards the launcher's value\n" + r.all());
            assertTrue(r.stdout().contains("rank " + rank + " env BAR unset\n"), "the other app's -x\n" + r.all());
        }
        assertEquals(workDir.toRealPath().toString(), r.probe(2, "cwd"), "--wdir\n" + r.all());
        assertTrue(r.stdout().contains("rank 2 env BAR=two\n"), r.all());
        assertTrue(r.stdout().contains("rank 2 env FOO unset\n"), "-x belongs to its own application\n" + r.all());
        // the launcher's environment reaches the processes as it is (as with mpirun), -x only adds to it
        assertTrue(r.stdout().contains("rank 2 env PMIX4J_TEST_FWD=from the launcher\n"), r.all());
    }

    @Test
    void pathFindsTheProgramAndIsTheProcessesPath() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("probe-on-path"), Path.of(Launch.probe()));
        String path = bin + ":/usr/bin:/bin";
        // no -n: one process
        Launch.Result r = Launch.run(tmp, "--path", path, "probe-on-path", "--env", "PATH");
        r.assertStatus(0);
        assertEquals("1 appnum 0 lrank 0", r.probe(0, "size"), r.all());
        assertTrue(r.stdout().contains("rank 0 env PATH=" + path + "\n"), r.all());

        Launch.Result missing = Launch.run(tmp, "-n", "1", "probe-on-path");
        missing.assertStatus(127);
        missing.assertStderrContains("probe-on-path", "not found on the PATH");
    }

    @Test
    void badApplicationOptionsAreRefusedNamingOptionAndValue() throws Exception {
        Map<List<String>, List<String>> cases = Map.of(
                List.of("-x", "PMIX4J_SURELY_NOT_SET", "true"), List.of("-x PMIX4J_SURELY_NOT_SET", "no"),
                List.of("--wdir", tmp.resolve("nope").toString(), "true"), List.of("--wdir", "nope",
                        "no such directory"),
                List.of("-n", "0", "true"), List.of("-n 0"),
                List.of("-n", "1", "true", ":", "-n", "1", "--wdir", "/no/such/dir", "true"),
                        List.of("--wdir /no/such/dir"),
                List.of("-n", "1", "/no/such/program"), List.of("/no/such/program", "no such file"),
                // what picocli refuses: the option, the value, a suggestion for a misspelling, no usage dump
                List.of("-n", "abc", "true"), List.of("--np", "'abc'", "not an int", "--help"),
                List.of("--timeout", "soon", "true"), List.of("--timeout", "'soon'"),
                List.of("--npp", "2", "true"), List.of("Unknown option: '--npp'", "Possible solutions: --np"));
        for (var c : cases.entrySet()) {
            Launch.Result r = Launch.run(tmp, c.getKey().toArray(String[]::new));
            assertTrue(r.status() != 0, c.getKey() + " must fail\n" + r.all());
            for (String expected : c.getValue()) {
                assertTrue(r.stderr().contains(expected), c.getKey() + ": the error should name '" + expected + "'\n"
                        + r.all());
            }
            assertTrue(r.stderr().lines().count() < 8, "a short message, not a usage dump\n" + r.all());
        }
    }

    @Test
    void helpDocumentsEveryOptionWithExamples() throws Exception {
        Launch.Result r = Launch.run(tmp, "--help");
        r.assertStatus(0);
        String help = r.stdout();
        for (String option : List.of("-n", "--np", ":", "-x", "--wdir", "--path", "--map-by", "PE=", "OVERSUBSCRIBE",
                "NOOVERSUBSCRIBE", "--oversubscribe", "--rank-by", "--bind-to", "none", "core", "package",
                "--report-bindings", "--display", "map", "--host", "--hostfile", "--output", "tag", "timestamp", "xml",
                "merge-stderr-to-stdout", "dir=", "file=", "--stream-buffering", "--stdin", "all", "--timeout",
                "--report-state-on-timeout", "SIGINT", "SIGTERM", "SIGHUP", "SIGUSR1", "SIGUSR2", "SIGTSTP",
                "SIGCONT", "128+N", "Examples:")) {
            assertTrue(help.contains(option), "--help does not mention " + option + "\n" + help);
        }
        assertTrue(help.lines().filter(l -> l.startsWith("  pmix4j run ")).count() >= 5, "examples\n" + help);
    }
}
