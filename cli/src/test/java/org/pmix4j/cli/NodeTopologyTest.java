package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;

/**
 * The node's topology (PMIX_HWLOC_XML_V2), made by the installed hwloc and handed to every process of a job as
 * mpirun does, so that Open MPI's MPI_Init need not discover it in each process: a libpmix client reads it
 * and hwloc loads the XML back.
 */
class NodeTopologyTest {
    @TempDir
    Path tmp;

    @Test
    void everyProcessGetsTheNodesTopologyAsHwlocXml() throws Exception {
        Path probe = NativeBuild.pmixProgram(Path.of("src/test/c/topology_probe.c"), "-Wl,--no-as-needed", "-lhwloc");
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(tmp.resolve("t")),
                List.of("-n", "2", "--oversubscribe", probe.toString()))) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), p.all());
            List<String> lines = p.stdout().lines().filter(l -> l.startsWith("topology ")).toList();
            assertEquals(2, lines.size(), p.all());
            int cores = Runtime.getRuntime().availableProcessors();
            for (String l : lines) {
                assertTrue(l.matches("topology \\d+ objects, \\d+ cores from XML"), p.all());
                assertTrue(Integer.parseInt(l.split(" ")[3]) >= 1 && Integer.parseInt(l.split(" ")[3]) <= cores, l);
            }
        }
    }
}
