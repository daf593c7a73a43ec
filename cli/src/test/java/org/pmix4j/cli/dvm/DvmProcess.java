package org.pmix4j.cli.dvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.pmix4j.cli.LauncherProcess;

/**
 * A {@code pmix4j dvm} started by a test, as a user starts it (a JVM of its own, TMPDIR of the test's
 * choosing), ready once it has written its pid ({@code --report-pid}); and the front ends run against it
 * ({@code prun}, {@code run --dvm}, {@code term}) with the same TMPDIR. Closing it kills whatever is left.
 */
final class DvmProcess implements AutoCloseable {
    private final LauncherProcess dvm;
    private final Path tmpdir;
    private final long pid;

    private DvmProcess(LauncherProcess dvm, Path tmpdir, long pid) {
        this.dvm = dvm;
        this.tmpdir = tmpdir;
        this.pid = pid;
    }

    /** Starts {@code pmix4j dvm <args>} and waits until it is ready (60 s at most). */
    static DvmProcess start(Path tmpdir, String... args) throws IOException, InterruptedException {
        return start(tmpdir, LauncherProcess.Setup.DEFAULT, args);
    }

    /** As {@link #start(Path, String...)}, the DVM set up as {@code setup} says (its environment …). */
    static DvmProcess start(Path tmpdir, LauncherProcess.Setup setup, String... args)
            throws IOException, InterruptedException {
        DaemonLaunch.Started started = DaemonLaunch.start(tmpdir, setup, "dvm", args);
        return new DvmProcess(started.process(), tmpdir, started.pid());
    }

    long pid() {
        return pid;
    }

    Path tmpdir() {
        return tmpdir;
    }

    /** The DVM's session directory. */
    Path sessionDir() {
        try (var s = Files.list(tmpdir)) {
            Path user = s.filter(d -> d.getFileName().toString().startsWith("pmix4j.")).findFirst().orElseThrow();
            return user.resolve("dvm." + pid);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    LauncherProcess process() {
        return dvm;
    }

    /** Starts a front end ({@code prun ...}, {@code run --dvm ...}, {@code term}) against the DVM. */
    LauncherProcess frontEnd(String command, String... args) {
        return LauncherProcess.startCommand(tmpdir, command, List.of(args), LauncherProcess.Setup.DEFAULT);
    }

    /** What a front end printed and what the DVM had said by then: a failure's report. */
    String report(LauncherProcess frontEnd) {
        return frontEnd.all() + "\n--- the DVM so far\n" + dvm.all();
    }

    /** Runs a front end to its end (120 s at most). */
    Ended run(String command, String... args) throws InterruptedException {
        try (LauncherProcess p = frontEnd(command, args)) {
            int status = p.waitFor(Duration.ofSeconds(120));
            return new Ended(status, p.stdout(), p.stderr(), dvm.all());
        }
    }

    /** Runs a tool (a libpmix program, pps ...) with the DVM's TMPDIR, 60 s at most. */
    org.pmix4j.testkit.Run.Result tool(String... command) {
        return dvm.tool(List.of(command)).timeout(Duration.ofSeconds(60)).go();
    }

    /** Waits (20 s at most) until a `sleep SECONDS` process exists (or no longer does). */
    static java.util.Optional<ProcessHandle> awaitSleep(String seconds, boolean present) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            java.util.Optional<ProcessHandle> p = ProcessHandle.allProcesses().filter(h -> h.info().commandLine()
                    .map(c -> c.endsWith("sleep " + seconds)).orElse(false)).findFirst();
            if (p.isPresent() == present || System.nanoTime() > end) {
                return p;
            }
            Thread.sleep(50);
        }
    }

    /** How a front end ended, and what the DVM had said by then (shown with a failure: why it refused one). */
    record Ended(int status, String stdout, String stderr, String dvmLog) {
        Ended(int status, String stdout, String stderr) {
            this(status, stdout, stderr, "");
        }

        String all() {
            return "status " + status + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr
                    + (dvmLog.isEmpty() ? "" : "--- the DVM so far\n" + dvmLog);
        }
    }

    @Override
    public void close() {
        dvm.close();
    }
}
