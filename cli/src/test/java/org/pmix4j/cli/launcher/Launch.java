package org.pmix4j.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;

/**
 * What the launcher tests share: the real programs they run (built once per JVM) and a way to run
 * {@code pmix4j run ...} to its end as a separate process ({@link LauncherProcess}) and look at what it did.
 */
final class Launch {
    /** Generous: the suite runs on 2 shared cores while other builds may be running. */
    static final Duration LIMIT = Duration.ofSeconds(90);

    private static Path probe;
    private static Path mpiHello;
    private static Path jobEvents;

    private Launch() {
    }

    /** The PMIx client that reports what the launcher gave it (src/test/c/launch_probe.c). */
    static synchronized String probe() {
        if (probe == null) {
            probe = NativeBuild.pmixProgram(Path.of("src/test/c/launch_probe.c"));
        }
        return probe.toString();
    }

    /** An Open MPI 4.1 program: MPI_Init, MPI_Allreduce, MPI_Finalize (src/test/c/launch_mpi.c). */
    static synchronized String mpiHello() {
        if (mpiHello == null) {
            mpiHello = NativeBuild.mpiProgram(Path.of("src/test/c/launch_mpi.c"));
        }
        return mpiHello.toString();
    }

    /** A PMIx client that spawns a child job and prints its lifecycle events (src/test/c/job_events.c). */
    static synchronized String jobEvents() {
        if (jobEvents == null) {
            jobEvents = NativeBuild.pmixProgram(Path.of("src/test/c/job_events.c"));
        }
        return jobEvents.toString();
    }

    /** How a finished run went. */
    record Result(int status, String stdout, String stderr) {
        String all() {
            return "exit status " + status + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }

        /** The stdout lines that start with {@code prefix}. */
        List<String> lines(String prefix) {
            return stdout.lines().filter(l -> l.startsWith(prefix)).toList();
        }

        /** The value after {@code "rank R <what> "} in the probe's report, or null. */
        String probe(int rank, String what) {
            String p = "rank " + rank + " " + what + " ";
            return stdout.lines().filter(l -> l.startsWith(p)).map(l -> l.substring(p.length())).findFirst()
                    .orElse(null);
        }

        void assertStatus(int expected) {
            assertEquals(expected, status, all());
        }

        void assertStderrContains(String... texts) {
            for (String t : texts) {
                assertTrue(stderr.contains(t), "stderr should contain '" + t + "'\n" + all());
            }
        }
    }

    /** Runs {@code pmix4j run <args>} with TMPDIR in {@code tmp} and waits for its end. */
    static Result run(Path tmp, String... args) {
        return run(tmp, LauncherProcess.Setup.DEFAULT, args);
    }

    static Result run(Path tmp, LauncherProcess.Setup setup, String... args) {
        try (LauncherProcess p = LauncherProcess.start(tmpdir(tmp), Arrays.asList(args), setup)) {
            int status = p.waitFor(LIMIT);
            assertTrue(status >= 0, "pmix4j run " + String.join(" ", args) + " did not end within " + LIMIT + "\n"
                    + p.all());
            return new Result(status, p.stdout(), p.stderr());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** The launcher's TMPDIR inside the test's temporary directory (created on demand). */
    static Path tmpdir(Path tmp) {
        try {
            return Files.createDirectories(tmp.resolve("launcher-tmp"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Arguments as a list, flattening nested lists: {@code args("-n", "2", List.of(...))}. */
    static String[] args(Object... parts) {
        List<String> out = new ArrayList<>();
        for (Object o : parts) {
            if (o instanceof List<?> l) {
                l.forEach(x -> out.add(x.toString()));
            } else {
                out.add(o.toString());
            }
        }
        return out.toArray(String[]::new);
    }

    /** What is left in a directory (relative paths), for "leaves nothing behind" checks. */
    static List<String> leftIn(Path dir) {
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The kernel's state letter of a process (R, S, T, Z …), or '-' when it is gone. */
    static char state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2);
        } catch (IOException | RuntimeException e) {
            return '-';
        }
    }

    /** Waits until {@code cond} holds; false at the timeout. */
    static boolean await(Duration timeout, java.util.function.BooleanSupplier cond) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            if (cond.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return cond.getAsBoolean();
    }
}
