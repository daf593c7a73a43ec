package org.pmix4j.cli.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.cli.Main;
import org.pmix4j.testkit.Run;

/**
 * bin/pmix4j gives every process of a job started as {@code bin/pmix4j example NAME} a class archive trained on
 * a client run: made by the first process that finds none (the others of the job run without it meanwhile),
 * used by every later process, and made again once the jar is newer. The script runs here as users run it,
 * in a copy of the repository's layout (bin/pmix4j, bin/lib, cli/target/pmix4j.jar) whose jar is made from
 * this test's class path, so the test needs no packaged build and leaves the real cli/target alone.
 */
class ClientAotCacheTest {
    @TempDir
    Path tmp;

    @Test
    void aJobOfExamplesMakesTheClientCacheOnceUsesItAndRemakesItForANewerJar() throws Exception {
        Path top = RepositoryLayout.of(tmp.resolve("pmix4j"));
        Path jar = top.resolve("cli/target/pmix4j.jar");
        int major = Runtime.version().feature();
        // JDK 25+: an AOT cache per kind of process; older JDKs: a dynamic class-data archive per kind
        Path cache = top.resolve(major >= 25 ? "cli/target/pmix4j-" + major + "-client.aot"
                : "cli/target/pmix4j-" + major + "-client.jsa");
        Path logs = Files.createDirectories(tmp.resolve("logs"));

        assertEquals(2, hellos(job(top, logs.resolve("first"))), "the first job, while the cache is made");
        assertTrue(Files.isRegularFile(cache), "no client cache after the first job: " + cache);
        assertTrue(Files.size(cache) > 0);
        assertFalse(Files.exists(cache.resolveSibling(cache.getFileName() + ".tmp")), "a half-made cache was left");
        FileTime made = Files.getLastModifiedTime(cache);

        assertEquals(2, hellos(job(top, logs.resolve("second"))));
        assertEquals(made, Files.getLastModifiedTime(cache), "the cache was made again without a reason");
        if (major >= 25) {
            // every process of the second job opened the cache and used it (the JVM logs why when it cannot)
            List<Path> used = jvmLogs(logs.resolve("second"));
            assertEquals(2, used.size(), "one log per client JVM: " + used);
            for (Path log : used) {
                String text = Files.readString(log);
                assertTrue(text.contains("Opened AOT cache ") && text.contains(cache.getFileName().toString()),
                        log + ":\n" + text);
                assertFalse(text.contains("[error]"), log + ":\n" + text);
            }
        }

        // a new jar: the cache made for the old one is stale and is made again
        Files.setLastModifiedTime(jar, FileTime.fromMillis(made.toMillis() + 1_000));
        assertEquals(2, hellos(job(top, logs.resolve("third"))));
        assertTrue(Files.isRegularFile(cache), "no client cache after the jar changed");
        assertFalse(made.equals(Files.getLastModifiedTime(cache)), "the stale cache was kept");
        assertTrue(Files.getLastModifiedTime(cache).compareTo(Files.getLastModifiedTime(jar)) > 0,
                "the cache is older than the jar: it was not made again");
    }

    @Test
    void withoutTheAotCacheTheClientsGetADynamicArchiveTrainedTheSameWay() throws Exception {
        // what JDK 21-24 get, and JDK 25+ with PMIX4J_NO_AOT=1
        Path top = RepositoryLayout.of(tmp.resolve("pmix4j"));
        Path archive = top.resolve("cli/target/pmix4j-" + Runtime.version().feature() + "-client.jsa");
        Path logs = Files.createDirectories(tmp.resolve("logs"));
        Map<String, String> noAot = Map.of("PMIX4J_NO_AOT", "1");
        assertEquals(2, hellos(job(top, logs.resolve("first"), noAot)));
        assertTrue(Files.size(archive) > 0, archive.toString());
        assertEquals(2, hellos(job(top, logs.resolve("second"), noAot)));
        List<Path> used = jvmLogs(logs.resolve("second"));
        assertEquals(2, used.size(), used.toString());
        for (Path log : used) {
            String text = Files.readString(log);
            assertTrue(text.contains("Opened shared archive file") && text.contains(archive.getFileName().toString()),
                    log + ":\n" + text);
        }
    }

    @Test
    void aotTrainMakesAnArchiveForTheUsersOwnProgramThatItsJobsUse() throws Exception {
        Path top = RepositoryLayout.of(tmp.resolve("pmix4j"));
        Path jar = top.resolve("cli/target/pmix4j.jar");
        int major = Runtime.version().feature();
        Path archive = tmp.resolve(major >= 25 ? "app.aot" : "app.jsa");
        String java = JavaCommand.java();
        List<String> program = List.of("-cp", jar.toString(), "org.pmix4j.examples.Examples", "ring");

        List<String> train = new ArrayList<>(List.of(top.resolve("bin/pmix4j").toString(), "aot-train",
                archive.toString(), "--", java));
        train.addAll(program);
        Run.Result r = Run.command(train).env("JAVA_HOME", System.getProperty("java.home"))
                .timeout(Duration.ofMinutes(3)).go();
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("rank 0 of 1 got"), r.all());
        assertTrue(Files.size(archive) > 0, r.all());
        assertFalse(Files.exists(tmp.resolve(archive.getFileName() + ".tmp")), "a half-made archive was left");

        // the user's own job starts every process with it
        Path logs = Files.createDirectories(tmp.resolve("logs"));
        List<String> job = new ArrayList<>(List.of("-n", "2", "--oversubscribe", java,
                major >= 25 ? "-XX:AOTCache=" + archive : "-XX:SharedArchiveFile=" + archive,
                "-Xlog:" + (major >= 25 ? "aot" : "cds") + "=info:file=" + logs + "/jvm-%p.log"));
        job.addAll(program);
        try (LauncherProcess p = LauncherProcess.start(tmp, job)) {
            assertEquals(0, p.waitFor(Duration.ofMinutes(2)), p.all());
            assertEquals(2, p.stdout().lines().filter(l -> l.contains(" of 2 got ")).count(), p.all());
        }
        List<Path> used = jvmLogs(logs);
        assertEquals(2, used.size(), used.toString());
        for (Path log : used) {
            String text = Files.readString(log);
            assertFalse(text.contains("[error]"), log + ":\n" + text);
            if (major >= 25) {
                assertTrue(text.contains("Opened AOT cache"), log + ":\n" + text);
            }
        }

        // a mistake is named, and no archive is made of a run that failed
        Run.Result usage = Run.command(top.resolve("bin/pmix4j").toString(), "aot-train", "x.aot", java)
                .env("JAVA_HOME", System.getProperty("java.home")).timeout(Duration.ofMinutes(1)).go();
        assertEquals(2, usage.exitCode(), usage.all());
        assertTrue(usage.stderr().contains("usage: pmix4j aot-train ARCHIVE -- JAVA"), usage.all());
        Path failed = tmp.resolve("failed.aot");
        Run.Result bad = Run.command(top.resolve("bin/pmix4j").toString(), "aot-train", failed.toString(), "--", java,
                "-cp", jar.toString(), "no.such.Main").env("JAVA_HOME", System.getProperty("java.home"))
                .timeout(Duration.ofMinutes(2)).go();
        assertEquals(1, bad.exitCode(), bad.all());
        assertTrue(bad.stderr().contains("pmix4j aot-train: no archive made"), bad.all());
        assertFalse(Files.exists(failed), bad.all());
        assertFalse(Files.exists(tmp.resolve("failed.aot.tmp")), bad.all());
    }

    /** {@code pmix4j run -n 2 <top>/bin/pmix4j example hello}, its clients logging their class archive's use. */
    private String job(Path top, Path logDir) throws Exception {
        return job(top, logDir, Map.of());
    }

    private String job(Path top, Path logDir, Map<String, String> moreEnv) throws Exception {
        Files.createDirectories(logDir);
        Map<String, String> env = new java.util.HashMap<>(moreEnv);
        env.put("JAVA_HOME", System.getProperty("java.home"));
        // after bin/pmix4j's own options, so these win; %p: one file per JVM
        env.put("PMIX4J_JAVA_OPTS", "-Xlog:aot=info,cds=info:file=" + logDir + "/jvm-%p.log");
        LauncherProcess.Setup setup = new LauncherProcess.Setup(List.of(), env,
                ProcessBuilder.Redirect.from(new File("/dev/null")), null);
        try (LauncherProcess p = LauncherProcess.start(tmp, List.of("-n", "2", "--oversubscribe",
                top.resolve("bin/pmix4j").toString(), "example", "hello"), setup)) {
            int status = p.waitFor(Duration.ofMinutes(3));
            assertEquals(0, status, p.all());
            return p.stdout();
        }
    }

    private static long hellos(String out) {
        return out.lines().filter(l -> l.matches("hello from rank [01] of 2")).count();
    }

    private static List<Path> jvmLogs(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("jvm-")).sorted().toList();
        }
    }
}
