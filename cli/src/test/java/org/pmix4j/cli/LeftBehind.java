package org.pmix4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What a runtime left behind: processes still alive, files under a TMPDIR. */
public final class LeftBehind {
    private LeftBehind() {
    }

    /**
     * The processes of {@code processes} still alive after waiting up to {@code timeout} for them to end
     * (polled: a process killed by its parent-death signal is reaped by init a moment later).
     */
    public static List<String> survivors(List<ProcessHandle> processes, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (processes.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        return processes.stream().filter(ProcessHandle::isAlive)
                .map(h -> h.pid() + " " + h.info().commandLine().orElse("?")).toList();
    }

    /** Every path under {@code dir} with its modification time (a file touched or removed changes it). */
    public static Map<String, FileTime> snapshot(Path dir) throws IOException {
        Map<String, FileTime> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(p -> !p.equals(dir)).toList()) {
                out.put(dir.relativize(p).toString(), Files.getLastModifiedTime(p, java.nio.file.LinkOption.NOFOLLOW_LINKS));
            }
        }
        return out;
    }

    /** Everything below {@code dir} (not itself), as paths relative to it: what a run left in a TMPDIR. */
    public static List<String> contents(Path dir) throws IOException {
        List<String> out = new java.util.ArrayList<>();
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.walk(dir)) {
            s.filter(p -> !p.equals(dir)).forEach(p -> out.add(dir.relativize(p).toString()));
        }
        return out;
    }
}
