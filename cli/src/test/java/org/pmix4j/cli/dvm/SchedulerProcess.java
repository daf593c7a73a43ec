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
        DaemonLaunch.Started started = DaemonLaunch.start(tmpdir, "sched", args);
        return new SchedulerProcess(started.process(), started.pid());
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
