package org.pmix4j.cli.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.Run;

/**
 * On JDK 25+, bin/pmix4j gives the launcher an AOT cache trained on a job of real PMIx clients (the examples'
 * ring), so that its server's side of a client's start (the handshake, the job data, fence, finalize) is in
 * the cache and does not run cold when a job's first client connects. Made on the first launch, used by the
 * later ones, made again once the jar is newer. The script runs in a copy of the repository's layout, as in
 * {@link ClientAotCacheTest}.
 */
class LauncherAotCacheTest {
    @TempDir
    Path tmp;

    @Test
    void theLauncherCacheIsTrainedOnClientsAndMadeAgainForANewerJar() throws Exception {
        int major = Runtime.version().feature();
        assumeTrue(major >= 25, "the launcher gets an AOT cache on JDK 25+ only");
        Path top = RepositoryLayout.of(tmp.resolve("pmix4j"));
        Path jar = top.resolve("cli/target/pmix4j.jar");
        Path cache = top.resolve("cli/target/pmix4j-" + major + "-launcher.aot");

        Run.Result first = launch(top, List.of("true"), null);
        assertEquals(0, first.exitCode(), first.all());
        assertTrue(Files.isRegularFile(cache) && Files.size(cache) > 0, "no launcher cache after the first launch");
        assertFalse(Files.exists(cache.resolveSibling(cache.getFileName() + ".tmp")), "a half-made cache was left");
        assertFalse(Files.exists(top.resolve("cli/target/.aot-training-launcher")), "the training's lock was left");
        FileTime made = Files.getLastModifiedTime(cache);

        // a job with a Java client: the protocol's classes the launcher loads to serve it come from the cache
        // (trained on `run -n 1 true`, they came from the jar: ConnectRequest, MessageHeader ... ~60 classes)
        Path logs = Files.createDirectories(tmp.resolve("logs"));
        Run.Result job = launch(top, List.of(JavaCommand.java(), "-cp", jar.toString(),
                "org.pmix4j.examples.Examples", "hello"), "-Xlog:class+load=info:file=" + logs + "/launcher-%p.log");
        assertEquals(0, job.exitCode(), job.all());
        assertTrue(job.stdout().contains("hello from rank 0 of 1"), job.all());
        assertEquals(made, Files.getLastModifiedTime(cache), "the cache was made again without a reason");
        List<Path> launcherLogs;
        try (Stream<Path> s = Files.list(logs)) {
            launcherLogs = s.toList();
        }
        assertEquals(1, launcherLogs.size(), launcherLogs.toString());
        List<String> loaded = Files.readAllLines(launcherLogs.get(0));
        assertTrue(loaded.stream().anyMatch(l -> l.contains(" org.pmix4j.wire.protocol.ConnectRequest ")
                && l.contains("source: shared objects file")), "the handshake's classes are not in the cache");
        List<String> fromJar = loaded.stream().filter(l -> l.contains(" org.pmix4j.wire.") && l.contains(jar.toString()))
                .toList();
        assertEquals(List.of(), fromJar, "protocol classes the launcher loaded from the jar, not the cache");

        // a new jar: the cache made for the old one is stale and is made again
        Files.setLastModifiedTime(jar, FileTime.fromMillis(made.toMillis() + 1_000));
        Run.Result third = launch(top, List.of("true"), null);
        assertEquals(0, third.exitCode(), third.all());
        assertTrue(Files.isRegularFile(cache), "no launcher cache after the jar changed");
        assertTrue(Files.getLastModifiedTime(cache).compareTo(Files.getLastModifiedTime(jar)) > 0,
                "the cache is older than the jar: it was not made again");
    }

    /** {@code <top>/bin/pmix4j run -n 1 COMMAND}, with more options for the launcher's JVM when not null. */
    private static Run.Result launch(Path top, List<String> command, String launcherOptions) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "-n", "1"));
        args.addAll(command);
        return RepositoryLayout.pmix4j(top, args, launcherOptions);
    }
}
