package org.pmix4j.cli.dvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.cli.LauncherProcess;

/**
 * A {@code pmix4j sched} started by a test as a user starts it (a JVM of its own, with the test's TMPDIR, so
 * it finds the test's DVM and the test's tools find it), ready once it wrote its pid. Closing it kills it.
 */
final class SchedulerProcess implements AutoCloseable {
    private final LauncherProcess process;
    private final long pid;

    private SchedulerProcess(LauncherProcess process, long pid) {
        this.process = process;
        this.pid = pid;
    }

    /** Starts {@code pmix4j sched <args>} and waits until it is ready (60 s at most). */
    static SchedulerProcess start(Path tmpdir, String... args) throws IOException, InterruptedException {
        Files.createDirectories(tmpdir);
        Path pidFile = tmpdir.resolve("sched.pid." + System.nanoTime());
        List<String> all = new ArrayList<>(List.of("--report-pid", pidFile.toString()));
        all.addAll(List.of(args));
        LauncherProcess p = LauncherProcess.startCommand(tmpdir, "sched", all, LauncherProcess.Setup.DEFAULT);
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()) {
            if (!p.isAlive() || System.nanoTime() > end) {
                p.close();
                throw new IllegalStateException("the scheduler did not start\n" + p.all());
            }
            Thread.sleep(20);
        }
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        Files.delete(pidFile);
        return new SchedulerProcess(p, pid);
    }

    long pid() {
        return pid;
    }

    LauncherProcess process() {
        return process;
    }

    @Override
    public void close() {
        process.close();
    }
}
