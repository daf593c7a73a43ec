package org.pmix4j.cli.dvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.cli.LauncherProcess;

/**
 * Starts a pmix4j daemon ({@code dvm}, {@code sched}) as a user does, in the test's TMPDIR, and waits (60 s
 * at most) until it has written its pid ({@code --report-pid}): then tools can reach it.
 */
final class DaemonLaunch {
    /** A started daemon and its pid. */
    record Started(LauncherProcess process, long pid) {
    }

    private DaemonLaunch() {
    }

    static Started start(Path tmpdir, String command, String... args) throws IOException, InterruptedException {
        return start(tmpdir, LauncherProcess.Setup.DEFAULT, command, args);
    }

    /** As {@link #start(Path, String, String...)}, the daemon set up as {@code setup} says (its environment …). */
    static Started start(Path tmpdir, LauncherProcess.Setup setup, String command, String... args)
            throws IOException, InterruptedException {
        Files.createDirectories(tmpdir);
        Path pidFile = tmpdir.resolve(command + ".pid." + System.nanoTime());
        List<String> all = new ArrayList<>(List.of("--report-pid", pidFile.toString()));
        all.addAll(List.of(args));
        LauncherProcess p = LauncherProcess.startCommand(tmpdir, command, all, setup);
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()) {
            if (!p.isAlive() || System.nanoTime() > end) {
                p.close();
                throw new IllegalStateException("pmix4j " + command + " did not start\n" + p.all());
            }
            Thread.sleep(20);
        }
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        Files.delete(pidFile);
        return new Started(p, pid);
    }
}
