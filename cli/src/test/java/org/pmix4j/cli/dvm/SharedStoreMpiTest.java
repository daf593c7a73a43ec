package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;

/**
 * Open MPI 4.1 programs with the shared-memory job-data store on (the default) and off ({@code PMIX_MCA_gds=hash}
 * in the launcher's or the DVM's environment, as for mpirun), under {@code pmix4j run} and under the DVM, at
 * 1, 8 and 64 processes (each launcher at 64 once: one with the store, one without). {@code mpi_store} counts, after MPI_Init, the lock-segment slots its job's processes
 * claimed: libpmix's ds21 component claims one only when it attached, and then its client reads from it.
 */
class SharedStoreMpiTest {
    private static Path program;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() {
        program = NativeBuild.mpiProgram(Path.of("src/test/c/mpi_store.c"));
    }

    private static LauncherProcess.Setup storeOff() {
        return new LauncherProcess.Setup(List.of(), Map.of("PMIX_MCA_gds", "hash"), LauncherProcess.Setup.DEFAULT.stdin(),
                null);
    }

    private static void assertRan(String out, int n, boolean store) {
        assertTrue(out.contains("ring " + n + " ok\n"), out);
        if (store) {
            assertTrue(out.contains("store " + n + " of " + n + " gds ds21,hash\n"), "every process attached: " + out);
        } else {
            assertTrue(out.contains("store off gds hash\n"), out);
        }
    }

    @Test
    void underRunEveryProcessAttachesTheStoreUnlessItIsTurnedOff() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        // on 2 cores each 64-process job takes seconds: the sizes are spread over the store on and off
        record Case(int processes, boolean store) {
        }
        // on 2 cores a 64-process job takes seconds: the sizes are spread over the store on and off
        for (Case c : List.of(new Case(1, true), new Case(64, true), new Case(8, false))) {
            List<String> args = List.of("-n", Integer.toString(c.processes()), "--oversubscribe", program.toString());
            try (LauncherProcess p = LauncherProcess.start(dir, args, c.store() ? LauncherProcess.Setup.DEFAULT : storeOff())) {
                assertEquals(0, p.waitFor(Duration.ofSeconds(120)), c + ": " + p.all());
                assertRan(p.stdout(), c.processes(), c.store());
            }
        }
    }

    @Test
    void underTheDvmJobsAfterJobsAttachTheStore() throws Exception {
        // two jobs one after the other: each namespace gets its own segments and lock slots
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("dvm-on"))) {
            for (int n : new int[] {8, 8}) {
                DvmProcess.Ended e = dvm.run("prun", "-n", Integer.toString(n), "--oversubscribe", program.toString());
                assertEquals(0, e.status(), e.all());
                assertRan(e.stdout(), n, true);
            }
        }
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("dvm-off"), storeOff())) {
            DvmProcess.Ended e = dvm.run("prun", "-n", "64", "--oversubscribe", program.toString());
            assertEquals(0, e.status(), e.all());
            assertRan(e.stdout(), 64, false);
        }
    }
}
