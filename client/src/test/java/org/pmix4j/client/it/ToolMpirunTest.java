package org.pmix4j.client.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.client.programs.ToolProgram;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * The Java tool against Open MPI 4.1's mpirun. ORTE's PMIx server is started without tool support and writes
 * no rendezvous files: a tool can only name it by URI (taken here from a process of the job), and it
 * refuses the connection. What must hold is that the Java tool says so clearly, naming the server, and that
 * rendezvous by pid finds nothing to attach to.
 *
 * <p>Open MPI 4.1.4's mpirun then dies of a segmentation fault in its libpmix progress thread; it does so
 * just the same after a tool built on libpmix 4.2.2 itself tries to connect, so the job's exit status is
 * not ours to assert.
 */
class ToolMpirunTest {
    @TempDir
    Path dir;

    @Test
    void mpirunRefusesToolsAndTheToolSaysWhere() throws Exception {
        NativeBuild.requireTool("mpirun", "openmpi-bin");
        Path uriFile = dir.resolve("uri");
        CompletableFuture<Run.Result> job = CompletableFuture.supplyAsync(() -> Run.command("mpirun",
                "--allow-run-as-root", "-np", "1", "bash", "-c", "echo $PMIX_SERVER_URI41 > " + uriFile + "; sleep 8")
                .timeout(Duration.ofMinutes(1)).go());
        long end = System.currentTimeMillis() + 30_000;
        while ((!java.nio.file.Files.exists(uriFile) || java.nio.file.Files.size(uriFile) == 0)
                && System.currentTimeMillis() < end) {
            Thread.sleep(100);
        }
        String uri = java.nio.file.Files.readString(uriFile).strip();
        assertTrue(uri.matches("\\d+\\.0;tcp4://127\\.0\\.0\\.1:\\d+"), uri);
        Run.Result byUri = tool("uri=" + uri, "query=pmix.qry.ns");
        assertEquals(3, byUri.exitCode(), byUri.all());
        assertTrue(byUri.stdout().contains("TOOL ERROR PMIX_ERR_NOT_SUPPORTED PMIX_SERVER_URI " + uri), byUri.all());
        Run.Result byPid = tool("pid=" + 4_000_000, "tmpdir=/tmp");
        assertEquals(3, byPid.exitCode(), byPid.all());
        assertTrue(byPid.stdout().contains("TOOL ERROR PMIX_ERR_NOT_FOUND the server with pid 4000000"), byPid.all());
        job.get();
    }

    private static Run.Result tool(String... args) {
        Run run = Run.command(JavaProgram.command(ToolProgram.class, args)).timeout(Duration.ofMinutes(1));
        System.getenv().keySet().stream().filter(k -> k.startsWith("PMIX_")).forEach(run::unsetEnv);
        return run.go();
    }
}
