package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.server.ServerConfig;

/**
 * prterun's placement forms through {@code pmix4j prun} to a DVM: the DVM places and binds the job as
 * {@code --map-by ppr:N:RESOURCE}, {@code pe-list=} and a rankfile (named relative to prun's directory) ask,
 * and {@code --display allocation} reaches the front end with the job's output.
 */
class DvmPlacementTest {
    private static final String HOST = ServerConfig.localHostname();
    private static final String REPORT = "echo rank $PMIX_RANK cpus $(taskset -pc $$ | sed 's/.*: //')";

    @TempDir
    Path tmp;

    @Test
    void theDvmPlacesAsPrunAsks() throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"))) {
            DvmProcess.Ended ppr = dvm.run("prun", "-n", "2", "--map-by", "ppr:1:core", "--display", "allocation",
                    "sh", "-c", REPORT);
            assertEquals(0, ppr.status(), ppr.all());
            assertTrue(ppr.stdout().contains("rank 0 cpus 0\n") && ppr.stdout().contains("rank 1 cpus 1\n"),
                    ppr.all());
            assertTrue(ppr.stdout().contains("ALLOCATED NODES FOR JOB ") && ppr.stdout().contains("    " + HOST
                    + ": slots=" + cores + " max_slots=0 slots_inuse=0\n"), ppr.all());

            DvmProcess.Ended list = dvm.run("prun", "-n", "1", "--map-by", "pe-list=" + (cores - 1), "sh", "-c",
                    REPORT);
            assertEquals(0, list.status(), list.all());
            assertTrue(list.stdout().contains("rank 0 cpus " + (cores - 1) + "\n"), list.all());

            Files.writeString(tmp.resolve("rf"), "rank 0=" + HOST + " slot=1\nrank 1=+n0 slot=0\n");
            // named relative to prun's working directory (the test's), which the DVM does not share
            Path relative = Path.of("").toAbsolutePath().relativize(tmp.resolve("rf"));
            DvmProcess.Ended rf = dvm.run("prun", "-n", "2", "--map-by", "rankfile:FILE=" + relative, "sh", "-c",
                    REPORT);
            assertEquals(0, rf.status(), rf.all());
            assertTrue(rf.stdout().contains("rank 0 cpus 1\n") && rf.stdout().contains("rank 1 cpus 0\n"), rf.all());

            DvmProcess.Ended refused = dvm.run("prun", "-n", "1", "--display", "map-devel", "true");
            assertTrue(refused.status() != 0, refused.all());
            assertTrue(refused.stderr().contains("MAP-DEVEL"), refused.all());
        }
    }
}
