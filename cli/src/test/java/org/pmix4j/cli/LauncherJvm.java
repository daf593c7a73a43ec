package org.pmix4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * How the tests start pmix4j's JVMs (launchers, DVMs, front ends): this test run's class path, and on JDK
 * 25+ an AOT cache trained once per test run on {@code pmix4j run -n 1 true}, as bin/pmix4j gives users one.
 * A cold launcher JVM from the class path takes ~1.4 s to get going on 2 cores, and the suite starts
 * hundreds; the cache needs the classes in a jar, so the class path is written as one first. When anything
 * of this fails, the JVMs start as before, from the class path alone (and say why once, on stderr).
 */
final class LauncherJvm {
    private static List<String> options;

    private LauncherJvm() {
    }

    /** The JVM options that give it pmix4j's classes ({@code -cp ...}, and the cache when there is one). */
    static synchronized List<String> classPathOptions() {
        if (options == null) {
            options = make();
        }
        return options;
    }

    /**
     * The start-up options bin/pmix4j gives pmix4j's JVMs (C1 only, the serial collector, a small first
     * heap, its largest heap): the tests run the launcher as users get it, and each of the hundreds of JVMs
     * they start costs a fraction of the CPU time a default JVM (C2, G1, a heap sized for this machine) would
     * take. (bin/pmix4j gives a DVM C2 and G1 as well; a test's DVM serves a few short jobs, for which C1 and
     * the serial collector are cheaper.)
     */
    private static final List<String> AS_BIN_PMIX4J = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-Xss512k", "-Xms16m", "-Xmx512m");

    private static List<String> make() {
        List<String> plain = Stream.concat(AS_BIN_PMIX4J.stream(),
                Stream.of("-cp", System.getProperty("java.class.path"))).toList();
        if (Runtime.version().feature() < 25 || Boolean.getBoolean("pmix4j.test.noLauncherCache")) {
            return plain;
        }
        try {
            Path dir = Files.createDirectories(Path.of("target", "test-launcher").toAbsolutePath());
            Path jar = dir.resolve("pmix4j-" + ProcessHandle.current().pid() + ".jar");
            Path cache = dir.resolve("pmix4j-" + ProcessHandle.current().pid() + ".aot");
            jar.toFile().deleteOnExit();
            cache.toFile().deleteOnExit();
            ClassPathJar.write(jar, true);
            List<String> withJar = new ArrayList<>(AS_BIN_PMIX4J);
            withJar.addAll(List.of("-cp", jar.toString(), "-Xlog:aot=off", "-Xlog:cds=off"));
            List<String> train = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "--enable-native-access=ALL-UNNAMED", "-XX:AOTCacheOutput=" + cache));
            train.addAll(withJar);
            train.addAll(List.of(Main.class.getName(), "run", "-n", "1", "true"));
            ProcessBuilder pb = new ProcessBuilder(train).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            LauncherProcess.environment(pb, Files.createDirectories(dir.resolve("tmp-" + ProcessHandle.current().pid())));
            Process p = pb.start();
            if (!p.waitFor(Duration.ofMinutes(3).toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("the training run did not end");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(cache)) {
                throw new IOException("the training run exited " + p.exitValue() + " without a cache");
            }
            List<String> out = new ArrayList<>(withJar);
            out.add("-XX:AOTCache=" + cache);
            return List.copyOf(out);
        } catch (IOException | RuntimeException e) {
            System.err.println("LauncherJvm: pmix4j's JVMs start without an AOT cache: " + e.getMessage());
            return plain;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return plain;
        }
    }
}
