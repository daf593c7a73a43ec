package org.pmix4j.cli.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.ProcessOwner;
import org.pmix4j.cli.examples.RepositoryLayout;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.testkit.Run;

/**
 * bin/pmix4j run under the name mpirun (or prterun), as a link on a script's PATH: it is that launcher, so
 * an application without -n fills the allocation's slots (one per core here; one per mention of a --host
 * name) and root needs mpirun's permission; as {@code pmix4j run} it starts one process.
 */
class MpirunNameTest {
    @TempDir
    Path tmp;

    private Run.Result run(Path program, List<String> args) throws Exception {
        List<String> argv = new ArrayList<>(List.of(program.toString()));
        argv.addAll(args);
        argv.addAll(List.of("sh", "-c", "echo rank=$PMIX_RANK"));
        return Run.command(argv).env("JAVA_HOME", System.getProperty("java.home")).env("PMIX4J_NO_AOT", "1")
                .env("TMPDIR", Files.createDirectories(tmp.resolve("t")).toString()).unsetEnv("OMPI_ALLOW_RUN_AS_ROOT")
                .unsetEnv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM").timeout(Duration.ofMinutes(2)).go();
    }

    private static long ranks(Run.Result r) {
        return r.stdout().lines().filter(l -> l.startsWith("rank=")).count();
    }

    @Test
    void asMpirunAnApplicationWithoutNFillsTheSlots() throws Exception {
        Path top = RepositoryLayout.of(tmp.resolve("pmix4j"));
        Path path = Files.createDirectories(tmp.resolve("path"));
        Path mpirun = Files.createSymbolicLink(path.resolve("mpirun"), top.resolve("bin/pmix4j"));
        Path prterun = Files.createSymbolicLink(path.resolve("prterun"), top.resolve("bin/pmix4j"));
        boolean root = ProcessOwner.current().uid() == 0;
        List<String> asRoot = root ? List.of("--allow-run-as-root") : List.of();
        long cores = CompatCorpusTest.cores();

        Run.Result filled = run(mpirun, asRoot);
        assertEquals(0, filled.exitCode(), filled.all());
        assertEquals(cores, ranks(filled), filled.all());

        String h = ServerConfig.localHostname();
        List<String> hosts = new ArrayList<>(asRoot);
        hosts.addAll(List.of("-H", h + "," + h + "," + h, "--oversubscribe"));
        Run.Result three = run(mpirun, hosts);
        assertEquals(0, three.exitCode(), three.all());
        assertEquals(3, ranks(three), three.all());

        Run.Result prte = run(prterun, asRoot);
        assertEquals(0, prte.exitCode(), prte.all());
        assertEquals(cores, ranks(prte), prte.all());

        Run.Result plain = run(top.resolve("bin/pmix4j"), List.of("run"));
        assertEquals(0, plain.exitCode(), plain.all());
        assertEquals(1, ranks(plain), plain.all());

        if (root) {
            Run.Result refused = run(mpirun, List.of());
            assertTrue(refused.exitCode() != 0, refused.all());
            assertTrue(refused.stderr().contains("running as root is refused"), refused.all());
            assertEquals(0, ranks(refused), refused.all());
        }
    }
}
