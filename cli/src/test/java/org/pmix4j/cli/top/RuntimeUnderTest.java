package org.pmix4j.cli.top;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.pmix4j.cli.LauncherProcess;

/**
 * A {@code pmix4j dvm} for top's tests, started as a user starts it in the test's TMPDIR and ready once it
 * reported its pid (60 s at most). Closing it kills it and what it runs.
 */
final class RuntimeUnderTest implements AutoCloseable {
    private final LauncherProcess process;
    private final long pid;

    private RuntimeUnderTest(LauncherProcess process, long pid) {
        this.process = process;
        this.pid = pid;
    }

    static RuntimeUnderTest dvm(Path tmpdir) throws IOException, InterruptedException {
        Path pidFile = tmpdir.resolve("dvm.pid." + System.nanoTime());
        LauncherProcess p = LauncherProcess.startCommand(tmpdir, "dvm", List.of("--report-pid", pidFile.toString()),
                LauncherProcess.Setup.DEFAULT);
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()) {
            if (!p.isAlive() || System.nanoTime() > end) {
                p.close();
                throw new IllegalStateException("pmix4j dvm did not start\n" + p.all());
            }
            Thread.sleep(20);
        }
        return new RuntimeUnderTest(p, Long.parseLong(Files.readString(pidFile).strip()));
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
