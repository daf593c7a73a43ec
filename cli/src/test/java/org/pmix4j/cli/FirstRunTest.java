package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.Run;

/**
 * The first run of {@code bin/pmix4j} in a tree that was never built, as a new user meets it: it says what
 * it builds, one line per module, and nothing of Maven's (no warnings, no escape codes); the runs after it
 * print the job's output and nothing else. The sources are copied without any build output, so the script
 * really builds.
 */
class FirstRunTest {
    private static final Set<String> NOT_SOURCES = Set.of("target", ".git", "site", "node_modules");

    @TempDir
    Path tmp;

    @Test
    void theFirstRunSaysWhatItBuildsAndTheNextOnesPrintOnlyTheJob() throws Exception {
        Path top = copySources(Path.of("..").toAbsolutePath().normalize(), tmp.resolve("pmix4j"));

        Run.Result first = pmix4j(top, "--version");
        assertEquals(0, first.exitCode(), first.all());
        assertTrue(first.stdout().startsWith("pmix4j "), first.all());
        List<String> said = first.stderr().lines().toList();
        assertTrue(said.size() >= 2, "the build said nothing: " + first.all());
        for (String line : said) {
            assertTrue(line.startsWith("pmix4j: "), "a line not of ours during the build: '" + line + "'\n" + first.all());
        }
        assertTrue(said.stream().anyMatch(l -> l.contains("building pmix4j cli")), first.all());
        assertFalse(first.all().contains("\u001b"), "escape codes in the output: " + first.all());
        assertFalse(first.all().contains("WARNING"), first.all());

        for (int i = 0; i < 2; i++) {
            Run.Result job = pmix4j(top, "run", "-n", "1", "echo", "only this");
            assertEquals(0, job.exitCode(), job.all());
            assertEquals("only this\n", job.stdout(), job.all());
            assertEquals("", job.stderr(), "run " + (i + 1) + " after the build printed more than the job's output");
        }
    }

    private static Run.Result pmix4j(Path top, String... args) {
        List<String> argv = new java.util.ArrayList<>(List.of(top.resolve("bin/pmix4j").toString()));
        argv.addAll(List.of(args));
        return Run.command(argv).unsetEnv("JAVA_HOME").unsetEnv("PMIX4J_LOG").dir(top)
                .timeout(Duration.ofMinutes(10)).go();
    }

    /** The repository's files without build output (what a fresh clone has). */
    private static Path copySources(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path rel = from.relativize(p);
                boolean skipped = false;
                for (Path part : rel) {
                    skipped |= NOT_SOURCES.contains(part.toString());
                }
                if (skipped) {
                    continue;
                }
                Path dest = to.resolve(rel.toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }
}
