package org.pmix4j.server.sessiondir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Whether the process that wrote a file (its pid written in it or in its name) still runs: a process
 * with that pid exists, and it had started when the file was last written. The second half keeps a
 * reused pid from making a dead writer's file look live for as long as the newcomer runs: a process that
 * started after the file was written cannot have written it.
 *
 * <p>The two times come from different clocks: a start time from the JDK (/proc's start ticks and the
 * boot time, which moves with clock steps), a modification time from the file system (a file server's
 * clock, on a shared TMPDIR). A writer is taken as live while it started no later than a minute after the
 * modification time, so that no skew between them makes a live writer look dead; a pid taken again within
 * a minute of its writer's last write (pids are handed out in turn, so rarely that soon) keeps the file,
 * wrongly but harmlessly, until the newcomer ends.
 */
public final class WriterLiveness {
    private static final Duration CLOCK_SLACK = Duration.ofMinutes(1);

    private WriterLiveness() {
    }

    /** Why {@code file}'s writer {@code pid} is gone, or empty while it runs. */
    public static Optional<String> gone(long pid, Path file) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (h.isEmpty()) {
            return Optional.of("process " + pid + ", which is no longer running");
        }
        Optional<Instant> started = h.get().info().startInstant();
        Instant written;
        try {
            written = Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
        } catch (IOException e) {
            return Optional.empty(); // cannot tell: live
        }
        if (started.isPresent() && started.get().isAfter(written.plus(CLOCK_SLACK))) {
            return Optional.of("process " + pid + ", which is no longer running (pid " + pid
                    + " is now a process started at " + started.get() + ", after " + file.getFileName()
                    + " was written)");
        }
        return Optional.empty();
    }
}
