package org.pmix4j.cli.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;

/**
 * mpirun's and prterun's options that have a meaning in pmix4j, run for real: the environment directives, MCA
 * parameters from a tune file, the rule for root under a personality, --report-pid, --forward-signals, -q.
 */
class CompatOptionsTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    private record Result(int status, String stdout, String stderr) {
        String all() {
            return "exit status " + status + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    private Result run(Map<String, String> env, String... args) throws Exception {
        LauncherProcess.Setup setup = new LauncherProcess.Setup(List.of(), env,
                ProcessBuilder.Redirect.from(new java.io.File("/dev/null")), null);
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(dir.resolve("tmp")), List.of(args),
                setup)) {
            int status = p.waitFor(LIMIT);
            return new Result(status, p.stdout(), p.stderr());
        }
    }

    @Test
    void environmentDirectivesInPrrteOrder() throws Exception {
        Result r = run(Map.of("COMPAT_A", "a", "COMPAT_B", "b", "COMPAT_GONE", "x", "COMPAT_LIST", "one"),
                "-np", "2", "-x", "COMPAT_*", "--set-env", "SET=1", "--unset-env", "COMPAT_GONE",
                "--append-env", "COMPAT_LIST[:]", "two", "--prepend-env", "COMPAT_LIST[:]", "zero",
                "--mca", "btl", "self", "--gmca", "g", "2", "--pmixmca", "p", "3",
                "sh", "-c", "echo \"A=$COMPAT_A B=$COMPAT_B GONE=${COMPAT_GONE-unset} LIST=$COMPAT_LIST SET=$SET"
                        + " btl=$OMPI_MCA_btl g=$OMPI_MCA_g p=$PMIX_MCA_p\"");
        assertEquals(0, r.status(), r.all());
        List<String> lines = r.stdout().lines().toList();
        assertEquals(2, lines.size(), r.all());
        for (String l : lines) {
            assertEquals("A=a B=b GONE=unset LIST=zero:one:two SET=1 btl=self g=2 p=3", l, r.all());
        }
    }

    @Test
    void tuneFilesInEitherForm() throws Exception {
        Path prrte = Files.writeString(dir.resolve("prrte.conf"), "# PRRTE's form\nbtl = tcp,self\n\n");
        Path ompi = Files.writeString(dir.resolve("ompi.conf"), "-x TUNED=yes --mca coll ^hcoll\n");
        Result r = run(Map.of(), "-np", "1", "--tune", prrte + "," + ompi, "sh", "-c",
                "echo \"btl=$OMPI_MCA_btl coll=$OMPI_MCA_coll tuned=$TUNED\"");
        assertEquals(0, r.status(), r.all());
        assertEquals("btl=tcp,self coll=^hcoll tuned=yes\n", r.stdout(), r.all());
        Result bad = run(Map.of(), "-np", "1", "--tune", dir.resolve("none.conf").toString(), "true");
        assertEquals(2, bad.status(), bad.all());
        assertTrue(bad.stderr().contains("--tune " + dir.resolve("none.conf")), bad.all());
    }

    @Test
    void rootUnderAPersonalityFollowsMpirunsRule() throws Exception {
        assertTrue(isRoot(), "the tests run as root");
        Result refused = run(Map.of(), "--personality", "ompi", "-np", "1", "echo", "ran");
        assertEquals(2, refused.status(), refused.all());
        assertTrue(refused.stderr().contains("--allow-run-as-root") && refused.stderr().contains(
                "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"), refused.all());
        assertEquals("", refused.stdout(), refused.all());
        Result flag = run(Map.of(), "--personality", "ompi", "--allow-run-as-root", "-np", "1", "echo", "ran");
        assertEquals("ran\n", flag.stdout(), flag.all());
        Result onlyOne = run(Map.of("PRTE_ALLOW_RUN_AS_ROOT", "1"), "--personality", "prte", "-np", "1", "echo", "ran");
        assertEquals(2, onlyOne.status(), onlyOne.all());
        Result both = run(Map.of("PRTE_ALLOW_RUN_AS_ROOT", "1", "PRTE_ALLOW_RUN_AS_ROOT_CONFIRM", "1"),
                "--personality", "prte", "-np", "1", "echo", "ran");
        assertEquals("ran\n", both.stdout(), both.all());
        Result plain = run(Map.of(), "-np", "1", "echo", "ran");
        assertEquals("ran\n", plain.stdout(), "pmix4j run itself runs as root: " + plain.all());
        Result unknown = run(Map.of(), "--personality", "slurm", "-np", "1", "echo", "ran");
        assertEquals(2, unknown.status(), unknown.all());
        assertTrue(unknown.stderr().contains("--personality slurm"), unknown.all());
    }

    @Test
    void reportPidAndQuiet() throws Exception {
        Path pidFile = dir.resolve("pid");
        Result r = run(Map.of(), "--report-pid", pidFile.toString(), "-np", "1", "--tag-output", "-bynode", "-novm",
                "echo", "x");
        assertEquals(0, r.status(), r.all());
        assertTrue(Files.readString(pidFile).strip().matches("\\d+"), r.all());
        List<String> notices = r.stderr().lines().toList();
        assertEquals(2, notices.size(), "one line for the conversions, one for the ignored option: " + r.all());
        assertTrue(notices.get(0).contains("--tag-output -> --output tag") && notices.get(0).contains(
                "-bynode -> --map-by node"), r.all());
        assertTrue(notices.get(1).contains("-novm: ignored"), r.all());
        Result quiet = run(Map.of(), "-q", "-np", "1", "--tag-output", "-bynode", "-novm", "echo", "x");
        assertEquals("[1,0]<stdout>: x\n", quiet.stdout(), quiet.all());
        assertEquals("", quiet.stderr(), quiet.all());
    }

    @Test
    void forwardedSignalReachesTheProcesses() throws Exception {
        Path ready = dir.resolve("ready");
        String script = "trap 'echo got ALRM; exit 0' ALRM; touch " + ready + "; while :; do sleep 0.1; done";
        LauncherProcess.Setup setup = LauncherProcess.Setup.DEFAULT;
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(dir.resolve("tmp")),
                List.of("-np", "1", "--forward-signals", "SIGALRM", "sh", "-c", script), setup)) {
            long deadline = System.nanoTime() + LIMIT.toNanos();
            while (!Files.exists(ready) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(Files.exists(ready), p.all());
            // once is enough when all is well; again every few seconds so that a loaded machine's slowness
            // (the shell runs its trap only when its current sleep ends) cannot fail the test
            p.signal("ALRM");
            while (!p.awaitOutput("got ALRM", 1, Duration.ofSeconds(5)) && p.isAlive()
                    && System.nanoTime() < deadline) {
                if (p.isAlive()) {
                    p.signal("ALRM");
                }
            }
            assertEquals(0, p.waitFor(LIMIT), p.all());
            assertTrue(p.stdout().contains("got ALRM"), p.all());
        }
        Result bad = run(Map.of(), "-np", "1", "--forward-signals", "KILL", "true");
        assertEquals(2, bad.status(), bad.all());
        assertTrue(bad.stderr().contains("--forward-signals") && bad.stderr().contains("KILL"), bad.all());
    }

    @Test
    void anAppfileAndMpmdSegmentsTakeMpirunsSpellings() throws Exception {
        Path appfile = Files.writeString(dir.resolve("apps"), "# two applications\n-np 1 -x WHO=first sh -c 'echo"
                + " $WHO'\n-np 1 -wdir " + dir + " -mca btl self sh -c 'echo $OMPI_MCA_btl $(pwd)'\n");
        Result r = run(Map.of(), "--app", appfile.toString());
        assertEquals(0, r.status(), r.all());
        assertEquals(List.of("first", "self " + dir), r.stdout().lines().sorted().toList(), r.all());
        Result mpmd = run(Map.of(), "-np", "1", "echo", "a", ":", "-np", "1", "-wdir", dir.toString(), "pwd");
        assertEquals(List.of(dir.toString(), "a"), mpmd.stdout().lines().sorted().toList(), mpmd.all());
        Result perAppHost = run(Map.of(), "-np", "1", "echo", "a", ":", "-host", "x", "-np", "1", "pwd");
        assertEquals(2, perAppHost.status(), perAppHost.all());
        assertTrue(perAppHost.stderr().contains("-host applies to the whole job"), perAppHost.all());
        assertFalse(perAppHost.stderr().contains("Unknown option"), perAppHost.all());
    }

    private static boolean isRoot() throws IOException {
        return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
    }
}
