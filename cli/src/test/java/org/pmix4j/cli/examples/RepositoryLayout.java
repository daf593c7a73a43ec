package org.pmix4j.cli.examples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.pmix4j.cli.ClassPathJar;
import org.pmix4j.testkit.Run;

/**
 * A copy of the repository as bin/pmix4j sees it (its scripts, and cli/target/pmix4j.jar made of this test
 * run's main classes), for tests that run bin/pmix4j itself: the test phase comes before the jar is packaged.
 */
public final class RepositoryLayout {
    private RepositoryLayout() {
    }

    /** The repository's layout under {@code top}: the scripts, and one jar holding this test's main classes. */
    public static Path of(Path top) throws IOException {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        Files.createDirectories(top.resolve("bin/lib"));
        Files.copy(repo.resolve("bin/pmix4j"), top.resolve("bin/pmix4j"));
        top.resolve("bin/pmix4j").toFile().setExecutable(true);
        try (Stream<Path> lib = Files.list(repo.resolve("bin/lib"))) {
            for (Path f : lib.toList()) {
                // as they are: the launch agent of the daemon's training is run as a program
                Files.copy(f, top.resolve("bin/lib").resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        Path jar = Files.createDirectories(top.resolve("cli/target")).resolve("pmix4j.jar");
        ClassPathJar.write(jar, false);
        return top;
    }

    /**
     * {@code <top>/bin/pmix4j ARGS} with this test's JDK, and {@code javaOptions} (PMIX4J_JAVA_OPTS: the
     * launcher's JVM's, and its daemons') when not null.
     */
    public static Run.Result pmix4j(Path top, List<String> args, String javaOptions) {
        List<String> argv = new ArrayList<>(List.of(top.resolve("bin/pmix4j").toString()));
        argv.addAll(args);
        Run r = Run.command(argv).env("JAVA_HOME", System.getProperty("java.home")).timeout(Duration.ofMinutes(3));
        if (javaOptions != null) {
            r = r.env("PMIX4J_JAVA_OPTS", javaOptions);
        }
        return r.go();
    }
}
