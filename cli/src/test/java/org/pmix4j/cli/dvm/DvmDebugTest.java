package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.cli.debug.Gdb;
import org.pmix4j.testkit.NativeBuild;

/**
 * The user's debugging flow with a DVM: {@code pmix4j debug launch} starts a job stopped in init, prints its
 * process table, runs gdb on rank 1 (here in batch mode, reading a variable), releases the job when gdb exits
 * and follows it to its end; {@code prun --stop-in-init} leaves the job paused (the DVM says how to release it,
 * through prun's diagnostics) until {@code pmix4j debug release}.
 */
class DvmDebugTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @TempDir
    Path tmp;

    @Test
    void debugLaunchAttachesGdbToRankOneThenReleasesTheJob() throws Exception {
        Gdb.require();
        Path target = NativeBuild.pmixProgram(Path.of("src/test/c/debug_target.c"), "-g", "-O0");
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"))) {
            DvmProcess.Ended d = dvm.run("debug", "launch", "--attach", "1", "--debugger",
                    "gdb -nx -batch -p {pid} -ex 'print answer' -ex detach", "-n", "2", target.toString());
            assertEquals(0, d.status(), d.all());
            assertTrue(d.stderr().matches("(?s).*  rank 0 pid \\d+ host \\S+ state \\S+ \\S*debug_target\n"
                    + "  rank 1 pid \\d+ host .*"), "the process table\n" + d.all());
            // gdb's own output goes to the terminal (here: the front end's stdout)
            assertTrue(d.all().contains("$1 = 42"), "gdb read rank 1 while it waited in PMIx_Init\n" + d.all());
            assertTrue(d.stderr().contains("pmix4j debug: released job "), d.all());
            assertTrue(d.stdout().contains("rank 0 answer 7") && d.stdout().contains("rank 1 answer 7"), d.all());
        }
    }

    @Test
    void prunStopInInitWaitsForPmix4jDebugRelease() throws Exception {
        Path target = NativeBuild.pmixProgram(Path.of("src/test/c/debug_target.c"), "-g", "-O0");
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"));
                LauncherProcess prun = dvm.frontEnd("prun", "--stop-in-init", "-n", "2", target.toString())) {
            Matcher m = prun.awaitErrorLine("job (\\S+): its 2 processes are paused in PMIx_Init, ready for a debugger"
                    + " .*; release them with: pmix4j debug release --pid " + dvm.pid() + " (\\S+)", LIMIT);
            assertTrue(m != null, "prun shows the DVM's message\n" + prun.all() + dvm.process().all());
            assertFalse(prun.stdout().contains("answer"), prun.all());
            DvmProcess.Ended rel = dvm.run("debug", "release", m.group(2));
            assertEquals(0, rel.status(), rel.all());
            assertEquals(0, prun.waitFor(LIMIT), prun.all());
            assertTrue(prun.stdout().contains("rank 0 answer 7") && prun.stdout().contains("rank 1 answer 7"),
                    prun.all());
        }
    }
}
